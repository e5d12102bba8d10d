// The session-wide "signed out" action. Every feature's slice resets on it, so it lives with the store's
// wiring rather than in the auth feature: slices that auth itself imports could not import auth back.
import { createAction } from '@reduxjs/toolkit'

/** The user signed out (or the session ended): clears user, config and balance (SPEC §4). */
export const loggedOut = createAction('auth/loggedOut')
