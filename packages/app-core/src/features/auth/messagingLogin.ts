/**
 * The one messaging login, for both ways a user arrives signed in: the login flow after a sign-in
 * (`completeLogin`) and a session restored from storage (`connectMessaging`, run by the chat's store
 * effects). Small and beside the auth slice on purpose: the login flow is on the landing page, the
 * chat code is not.
 */
import type { RootState } from '../../app/state'
import type { Services } from '../../services/types'

/**
 * Logs the signed-in user into messaging with their vcToken, asked again on every authentication (a
 * stream resume logs in again). A failure is only logged (SPEC §8): the app works without chat.
 * Answers whether the login went through.
 */
export async function logInToMessaging(extra: Pick<Services, 'chat' | 'logger'>, getState: () => RootState): Promise<boolean> {
  const { user, componentInfo } = getState().auth
  if (!user) return false
  try {
    await extra.chat.login({
      uid: user.uid,
      jid: user.jid,
      vcToken: user.vcToken,
      getToken: () => getState().auth.user?.vcToken ?? null,
      componentInfo,
    })
    return true
  } catch (error) {
    extra.logger.warn('messaging login failed', { reason: error instanceof Error ? error.message : String(error) })
    return false
  }
}
