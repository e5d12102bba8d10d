import { describe, expect, it, vi } from 'vitest'
import { makeStore } from '../../app/store'
import { fakeServices } from '../../testing/fakeServices'
import { discoverFakeApi, fakeDiscoverWorld } from '../../testing/discoverFixtures'
import { loadDeck, matchPopupClosed, selectMatch, swipe } from './matchSlice'

describe('match slice', () => {
  it('loads the deck, skips and likes, and opens the pop-up on a mutual like', async () => {
    const world = fakeDiscoverWorld(12)
    const api = discoverFakeApi(world)
    const changeRelation = vi.fn(api.changeRelation)
    const store = makeStore({ services: fakeServices({ api: { ...api, changeRelation } }) })
    await store.dispatch(loadDeck())
    // anchor 10 already likes the user but is liked too in the seed: it is not in the deck.
    expect(selectMatch(store.getState()).deck).toHaveLength(10)
    await store.dispatch(swipe({ jid: 'anchor_200001@localhost', action: 'pass' }))
    expect(changeRelation).toHaveBeenCalledWith({ targetJid: 'anchor_200001@localhost', action: 'pass' })
    expect(selectMatch(store.getState()).matched).toBeNull()
    await store.dispatch(swipe({ jid: 'anchor_200002@localhost', action: 'like' }))
    expect(selectMatch(store.getState()).matched).toBeNull()
    await store.dispatch(swipe({ jid: 'anchor_200003@localhost', action: 'like' }))
    expect(selectMatch(store.getState()).matched).toBe('anchor_200003@localhost')
    expect(selectMatch(store.getState()).deck).not.toContain('anchor_200003@localhost')
    store.dispatch(matchPopupClosed())
    expect(selectMatch(store.getState()).matched).toBeNull()
  })

  it('keeps the card and the reason when a swipe fails', async () => {
    const store = makeStore({
      services: fakeServices({ api: { changeRelation: async () => Promise.reject(new Error('Network Error')) } }),
    })
    await store.dispatch(loadDeck())
    await store.dispatch(swipe({ jid: 'anchor_200001@localhost', action: 'like' }))
    expect(selectMatch(store.getState())).toMatchObject({ swipeError: 'Network Error', swiping: null })
    expect(selectMatch(store.getState()).deck[0]).toBe('anchor_200001@localhost')
  })

  it('reports a failed deck load', async () => {
    const store = makeStore({ services: fakeServices({ api: { getSwipeAnchors: async () => Promise.reject(new Error('timeout')) } }) })
    await store.dispatch(loadDeck())
    expect(selectMatch(store.getState())).toMatchObject({ status: 'failed', error: 'timeout' })
  })
})
