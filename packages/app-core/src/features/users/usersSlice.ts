import { createAction, createSlice } from '@reduxjs/toolkit'
import type { PersonalInfo, UserBrief } from '@vchat/api-client'
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk'
import { rootReducer } from '../../app/rootReducer'
import type { RootState } from '../../app/state'
import { loggedOut } from '../../app/authActions'
import { loadProfile, saveProfile, uploadAvatar } from '../profile'
import type { UsersState } from './usersState'
export type { UsersState } from './usersState'

/** At most this many jids per user_profiles call (the endpoint's limit). */
const USER_PROFILES_MAX_JIDS = 100
/** A name is asked again after this long (a renamed account, a new photo); our choice. */
export const USER_PROFILE_TTL_MS = 10 * 60_000
/** After a failed question, the same jids wait this long before being asked again; our choice. */
export const USER_PROFILE_RETRY_MS = 30_000

const initialUsersState: UsersState = { byJid: {}, askedAt: {}, unknown: {} }

/** The jids of `jids` worth asking now: not asked recently, not known to be unknown, once each. */
function dueJids(state: UsersState, jids: readonly string[], now: number): string[] {
  const due = new Set<string>()
  for (const jid of jids) {
    if (!jid.includes('@') || state.unknown[jid]) continue
    const asked = state.askedAt[jid]
    const wait = state.byJid[jid] ? USER_PROFILE_TTL_MS : USER_PROFILE_RETRY_MS
    if (asked === undefined || now - asked >= wait) due.add(jid)
  }
  return [...due]
}

/** These jids are being asked now (dispatched before the question goes out, so no other asks them). */
const usersAsked = createAction<{ jids: string[]; at: number }>('users/asked')

/**
 * Asks the server who these jids are (in batches of USER_PROFILES_MAX_JIDS). Jids asked recently are
 * skipped before the question goes out, so screens may ask for what they show on every render.
 * Answers the jids it asked and the accounts named; a failed question rejects, and its jids are
 * asked again after USER_PROFILE_RETRY_MS.
 */
export const requestUsers = createAppAsyncThunk(
  'users/request',
  async (jids: readonly string[], { extra, getState, dispatch }) => {
    const due = dueJids(usersOf(getState()), jids, extra.clock.now())
    dispatch(usersAsked({ jids: due, at: extra.clock.now() }))
    const batches: string[][] = []
    for (let i = 0; i < due.length; i += USER_PROFILES_MAX_JIDS) batches.push(due.slice(i, i + USER_PROFILES_MAX_JIDS))
    const answers = await Promise.all(batches.map((batch) => extra.api.getUserProfiles({ jids: batch })))
    return { asked: due, users: answers.flatMap((answer) => answer.users) }
  },
  // Nothing due: nothing dispatched at all (screens ask on every change of what they show).
  { condition: (jids, { getState, extra }) => dueJids(usersOf(getState()), jids, extra.clock.now()).length > 0 },
)

function ownProfileKnown(state: UsersState, info: PersonalInfo): void {
  const { uid, jid, nickName, avatarUrl, country, gender } = info
  state.byJid[jid] = { uid, jid, nickName, avatarUrl, country, gender, kind: state.byJid[jid]?.kind ?? 'user' }
  delete state.unknown[jid]
}

const usersSlice = createSlice({
  name: 'users',
  initialState: initialUsersState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(usersAsked, (state, action) => {
        for (const jid of action.payload.jids) state.askedAt[jid] = action.payload.at
      })
      .addCase(requestUsers.fulfilled, (state, action) => {
        for (const user of action.payload.users) state.byJid[user.jid] = user
        const named = new Set(action.payload.users.map((user) => user.jid))
        for (const jid of action.payload.asked) if (!named.has(jid)) state.unknown[jid] = true
      })
      // The user's own entry follows their profile as they load and save it, so their new name or
      // photo shows in the header and the greeting at once, not after USER_PROFILE_TTL_MS.
      .addCase(loadProfile.fulfilled, (state, action) => ownProfileKnown(state, action.payload))
      .addCase(saveProfile.fulfilled, (state, action) => ownProfileKnown(state, action.payload))
      .addCase(uploadAvatar.fulfilled, (state, action) => ownProfileKnown(state, action.payload))
      .addCase(loggedOut, () => initialUsersState)
  },
})

// Loaded with the first screen that names a person: the slice joins the store then (see app/store.ts).
rootReducer.inject({ reducerPath: 'users', reducer: usersSlice.reducer })

/** This slice's state, or its initial state while the store has none yet. */
function usersOf(state: RootState): UsersState {
  return state.users ?? initialUsersState
}

/** How the server names this jid, once it has answered; undefined before (or for an unknown account). */
export const selectUser = (state: RootState, jid: string): UserBrief | undefined => usersOf(state).byJid[jid]
