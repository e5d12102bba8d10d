import { describe, expect, it } from 'vitest'
import { makeStore } from '../../app/store'
import { fakeServices } from '../../testing/fakeServices'
import { discoverFakeApi, fakeDiscoverWorld } from '../../testing/discoverFixtures'
import { autoAddFriend, changeRelation, fetchSocialList, loadRelation, selectRelation, selectSocialList, setFavorite } from './socialSlice'

function setup() {
  const world = fakeDiscoverWorld(12)
  return makeStore({ services: fakeServices({ api: discoverFakeApi(world) }) })
}

describe('social slice', () => {
  it('loads likes, liked-me, matches, friends, requests and favourites', async () => {
    const store = setup()
    for (const kind of ['like', 'liked_me', 'match', 'friends', 'received', 'favorites'] as const) await store.dispatch(fetchSocialList({ kind }))
    const uids = (kind: Parameters<typeof selectSocialList>[1]) => selectSocialList(store.getState(), kind).items.map((item) => item.uid)
    expect(uids('like')).toEqual(['200010'])
    expect(uids('liked_me')).toEqual(['200003', '200010'])
    expect(uids('match')).toEqual(['200010'])
    expect(uids('friends')).toEqual(['200001'])
    expect(uids('received')).toEqual(['200004'])
    expect(uids('favorites')).toEqual(['200002'])
  })

  it('accepts and declines friend requests, removing them from /friendreq', async () => {
    const store = setup()
    await store.dispatch(fetchSocialList({ kind: 'received' }))
    await store.dispatch(changeRelation({ jid: 'anchor_200004@localhost', action: 'accept_friend' }))
    expect(selectRelation(store.getState(), 'anchor_200004@localhost')?.friendStatus).toBe('friends')
    expect(selectSocialList(store.getState(), 'received').items).toHaveLength(0)
    await store.dispatch(changeRelation({ jid: 'anchor_200005@localhost', action: 'add_friend' }))
    expect(selectRelation(store.getState(), 'anchor_200005@localhost')?.friendStatus).toBe('sent')
    await store.dispatch(changeRelation({ jid: 'anchor_200005@localhost', action: 'reject_friend' }))
    expect(selectRelation(store.getState(), 'anchor_200005@localhost')?.friendStatus).toBe('none')
  })

  it('reads the relation and favourite, toggles the favourite and auto-adds a friend', async () => {
    const store = setup()
    await store.dispatch(loadRelation('anchor_200002@localhost'))
    expect(selectRelation(store.getState(), 'anchor_200002@localhost')?.favorite).toBe(true)
    await store.dispatch(setFavorite({ jid: 'anchor_200002@localhost', favorite: false }))
    expect(selectRelation(store.getState(), 'anchor_200002@localhost')?.favorite).toBe(false)
    await store.dispatch(autoAddFriend('anchor_200007@localhost'))
    expect(selectRelation(store.getState(), 'anchor_200007@localhost')?.friendStatus).toBe('sent')
  })

  it('refuses a favourite over the limit and keeps the reason', async () => {
    const store = makeStore({ services: fakeServices({ api: { getFavoriteCapability: async () => ({ enabled: true, limit: 1, count: 1 }) } }) })
    await store.dispatch(setFavorite({ jid: 'anchor_200009@localhost', favorite: true }))
    expect(store.getState().discover?.social.actionError).toBe('favorite_limit')
  })

  it('keeps the reason of a failed list', async () => {
    const store = makeStore({ services: fakeServices({ api: { getLikeList: async () => Promise.reject(new Error('Network Error')) } }) })
    await store.dispatch(fetchSocialList({ kind: 'liked_me' }))
    expect(selectSocialList(store.getState(), 'liked_me')).toMatchObject({ status: 'failed', error: 'Network Error' })
  })
})
