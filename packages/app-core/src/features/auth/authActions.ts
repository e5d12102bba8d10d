import { createAction } from '@reduxjs/toolkit'

/** The user signed out (or the session ended): clears user, config and balance (SPEC §4). */
export const loggedOut = createAction('auth/loggedOut')
