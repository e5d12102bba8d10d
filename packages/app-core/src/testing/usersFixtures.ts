// Fake people directory (user_profiles) used by fakeServices and by tests and stories of several features.
import type { ApiClient, UserBrief } from '@vchat/api-client'
import { isAnchorJid, uidOfJid } from '@vchat/contract'
import { fakeAnchors } from './discoverFixtures'
import type { UsersApiMethod } from '../features/users/usersApi'

/** A host as the directory names her (from a discover fixture or by hand). */
export function demoPerson(overrides: Partial<UserBrief> & Pick<UserBrief, 'jid' | 'nickName'>): UserBrief {
  return { uid: uidOfJid(overrides.jid), avatarUrl: '', country: '', gender: '', kind: isAnchorJid(overrides.jid) ? 'anchor' : 'user', ...overrides }
}

/**
 * The people tests and stories meet: the chat fixtures' Mia and Lea, the signed-in demo user, and the
 * discover fixtures' hosts from 200003 on (the same names the wall shows).
 */
export const DEMO_PEOPLE: readonly UserBrief[] = [
  demoPerson({ jid: 'anchor_200001@localhost', nickName: 'Mia', country: 'FR', gender: 'female' }),
  demoPerson({ jid: 'anchor_200002@localhost', nickName: 'Lea', country: 'DE', gender: 'female' }),
  demoPerson({ jid: 'user_100001@localhost', nickName: 'Demo' }),
  ...fakeAnchors(60, 3).map((anchor) =>
    demoPerson({ uid: anchor.uid, jid: anchor.jid, nickName: anchor.nickName, avatarUrl: anchor.avatarUrl, country: anchor.country, gender: anchor.gender }),
  ),
]

/** user_profiles over a fixed directory: the known jids in the order asked, unknown ones left out. */
export function usersFakeApi(people: readonly UserBrief[] = DEMO_PEOPLE): Pick<ApiClient, UsersApiMethod> {
  const byJid = new Map(people.map((person) => [person.jid, person]))
  return {
    getUserProfiles: async ({ jids }) => ({ users: [...new Set(jids)].flatMap((jid) => (byJid.has(jid) ? [structuredClone(byJid.get(jid)!)] : [])) }),
  }
}
