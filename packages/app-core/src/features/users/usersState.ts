/**
 * The users state's types, apart from the slice: `app/state.ts` gathers every slice's state type
 * from modules like this one, so a slice can import the root state type without an import cycle.
 */
import type { UserBrief } from '@vchat/api-client'

/**
 * The people directory: how every account the user meets is named and shown (nickname, photo,
 * host or user), asked of the server by jid (user_profiles) and kept for the session, so that no
 * screen shows a raw id. Screens ask through `usePerson` / `usePeople`; a jid is asked once per
 * USER_PROFILE_TTL_MS however many screens show it.
 */
export interface UsersState {
  byJid: Record<string, UserBrief>
  /** When each jid was last asked (ms), answered or not: nothing is asked twice at once. */
  askedAt: Record<string, number>
  /** Jids the server does not know (deleted accounts): not asked again this session. */
  unknown: Record<string, true>
}
