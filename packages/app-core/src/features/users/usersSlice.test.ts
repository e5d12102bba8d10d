import { describe, expect, it, vi } from 'vitest'
import type { UserProfilesRequest } from '@vchat/api-client'
import { makeStore } from '../../app/store'
import { fakeServices, manualClock } from '../../testing/fakeServices'
import { loggedOut } from '../../app/authActions'
import { saveProfile } from '../profile'
import { DEMO_PEOPLE, usersFakeApi } from '../../testing/usersFixtures'
import { USER_PROFILE_RETRY_MS, USER_PROFILE_TTL_MS, requestUsers, selectUser } from './usersSlice'

const MIA = 'anchor_200001@localhost'
const GHOST = 'user_999999@localhost'

function setup(fail = { now: false }) {
  const clock = manualClock(1_800_000_000_000)
  const answer = usersFakeApi().getUserProfiles
  const getUserProfiles = vi.fn(async (request: UserProfilesRequest) => {
    if (fail.now) throw new Error('Network Error')
    return answer(request)
  })
  const store = makeStore({ services: fakeServices({ clock, api: { getUserProfiles } }) })
  return { clock, store, getUserProfiles, asked: () => getUserProfiles.mock.calls.map(([request]) => request.jids) }
}

describe('the people directory', () => {
  it('names a jid once the server answers, and asks it once however many screens ask at the same time', async () => {
    const { store, asked } = setup()
    expect(selectUser(store.getState(), MIA)).toBeUndefined()
    await Promise.all([store.dispatch(requestUsers([MIA])), store.dispatch(requestUsers([MIA, MIA])), store.dispatch(requestUsers([MIA]))])
    expect(asked()).toEqual([[MIA]])
    expect(selectUser(store.getState(), MIA)).toMatchObject({ nickName: 'Mia', kind: 'anchor', uid: '200001' })
  })

  it('asks in batches of 100 and asks a known jid again only after the TTL', async () => {
    const { store, clock, asked } = setup()
    const jids = DEMO_PEOPLE.slice(0, 50).map((person) => person.jid)
    const many = [...jids, ...Array.from({ length: 200 }, (_, i) => `user_${300000 + i}@localhost`)]
    await store.dispatch(requestUsers(many))
    expect(asked().map((batch) => batch.length)).toEqual([100, 100, 50])
    await store.dispatch(requestUsers([MIA]))
    expect(asked()).toHaveLength(3)
    clock.tick(USER_PROFILE_TTL_MS)
    await store.dispatch(requestUsers([MIA]))
    expect(asked().at(-1)).toEqual([MIA])
  })

  it('an account the server does not know is not asked again; a failed question is asked again after a pause', async () => {
    const fail = { now: true }
    const { store, clock, asked } = setup(fail)
    await store.dispatch(requestUsers([MIA]))
    expect(selectUser(store.getState(), MIA)).toBeUndefined()
    await store.dispatch(requestUsers([MIA]))
    expect(asked()).toEqual([[MIA]])
    fail.now = false
    clock.tick(USER_PROFILE_RETRY_MS)
    await store.dispatch(requestUsers([MIA, GHOST]))
    expect(asked().at(-1)).toEqual([MIA, GHOST])
    expect(selectUser(store.getState(), MIA)?.nickName).toBe('Mia')
    clock.tick(USER_PROFILE_TTL_MS * 2)
    await store.dispatch(requestUsers([GHOST]))
    expect(asked()).toHaveLength(2)
  })

  it('forgets everyone at log out', async () => {
    const { store } = setup()
    await store.dispatch(requestUsers([MIA]))
    store.dispatch(loggedOut())
    expect(selectUser(store.getState(), MIA)).toBeUndefined()
  })
  it("follows the user's own profile as it is saved, without asking the server again", async () => {
    const { store, asked } = setup()
    const me = 'user_100001@localhost'
    await store.dispatch(requestUsers([me]))
    const info = { ...(await fakeServices().api.getPersonalInfo()), jid: me, uid: '100001', nickName: 'Léa', avatarUrl: 'http://localhost/files/lea.png' }
    store.dispatch(saveProfile.fulfilled(info, 'request-1', { nickName: 'Léa' }))
    expect(selectUser(store.getState(), me)).toMatchObject({ nickName: 'Léa', avatarUrl: 'http://localhost/files/lea.png', kind: 'user' })
    await store.dispatch(requestUsers([me]))
    expect(asked()).toEqual([[me]])
  })
})
