/**
 * The messaging login of a session restored from storage (the login flow runs the same login after a
 * sign-in: `features/auth/messagingLogin`). The chat's store effects (`chatListeners`) dispatch it
 * when the signed-in parts start.
 */
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk'
import { isPaymentRoute, logInToMessaging } from '../auth'

/**
 * Skipped on payment routes, when nobody is signed in, or when messaging already runs for this user
 * (the login flow has just logged in). A failure is only logged (SPEC §8).
 */
export const connectMessaging = createAppAsyncThunk('chat/connect', async (pathname: string, { extra, getState }) => {
  const user = getState().auth.user
  if (!user || isPaymentRoute(pathname) || extra.chat.jid === user.jid) return
  await logInToMessaging(extra, getState)
})
