/**
 * The session's store effects: the user is signed out, and told why, when the server no longer takes
 * the session — a server call answered 401 — or when a call is about to go out with a token within
 * SPEC §9's hour of expiring. Without this the next screen would only fail, and keep failing, until
 * the user found the way to sign in again.
 */
import { isPending, isRejected } from '@reduxjs/toolkit'
import type { UnknownAction } from '@reduxjs/toolkit'
import { isTokenExpiring } from '@vchat/api-client'
import { addAppListener } from '../../app/listeners'
import type { AppDispatch } from '../../app/state'
import { sessionExpired } from './authSlice'

/** A thunk that failed because the server refused the token (ApiError code UNAUTHORIZED, HTTP 401). */
function refusedToken(action: UnknownAction): boolean {
  return isRejected(action) && action.error.code === 'UNAUTHORIZED'
}

/** Starts the session's effects for the store; returns the function that stops them. */
export function startSessionListeners(dispatch: AppDispatch): () => void {
  const remove = dispatch(
    addAppListener({
      predicate: (action, state) =>
        state.auth.user !== null &&
        // Signing out is itself a thunk: its own start must not start it again.
        !sessionExpired.pending.match(action) &&
        (refusedToken(action) || (isPending(action) && state.auth.user.vcTokenExpiresAt !== undefined)),
      effect: (action, api) => {
        const user = api.getState().auth.user
        if (!user) return
        const expiring = user.vcTokenExpiresAt !== undefined && isTokenExpiring(user.vcTokenExpiresAt, api.extra.clock.now())
        // The thunk signs out before anything else, so a second refusal in flight finds nobody signed in.
        if (refusedToken(action) || expiring) void api.dispatch(sessionExpired())
      },
    }),
  )
  return () => remove({ cancelActive: true })
}
