import { describe, expect, it, vi } from 'vitest'
import { makeStore } from '../../app/store'
import { fakeServices } from '../../testing/fakeServices'
import { fakeAnchor, fakeAnchors } from '../../testing/discoverFixtures'
import { anchorsSeen, fetchAnchorList, loadAnchor, refreshPresence, selectAnchorList, selectAnchorMissing, selectPresence, setOnlineNotice } from './discoverSlice'

describe('discover wall slice', () => {
  it('loads a list page by page with the language filter', async () => {
    const getHotAnchors = vi.fn(async ({ page, size, language }: { page: number; size: number; language?: string }) => {
      const all = fakeAnchors(120)
      return { list: all.slice((page - 1) * size, page * size), page, size, total: 120, hasMore: page * size < 120, language }
    })
    const store = makeStore({ services: fakeServices({ api: { getHotAnchors } }) })
    await store.dispatch(fetchAnchorList({ kind: 'hot', language: 'ar' }))
    expect(getHotAnchors).toHaveBeenLastCalledWith({ page: 1, size: 50, language: 'ar' })
    await store.dispatch(fetchAnchorList({ kind: 'hot', language: 'ar', more: true }))
    await store.dispatch(fetchAnchorList({ kind: 'hot', language: 'ar', more: true }))
    const list = selectAnchorList(store.getState(), 'hot', 'ar')
    expect(list.jids).toHaveLength(120)
    expect(list.hasMore).toBe(false)
    // No page 4 once the end is reached.
    await store.dispatch(fetchAnchorList({ kind: 'hot', language: 'ar', more: true }))
    expect(getHotAnchors).toHaveBeenCalledTimes(3)
  })

  it('sends no language for "all" and keeps other lists apart', async () => {
    const getNewAnchors = vi.fn(async () => ({ list: fakeAnchors(2), page: 1, size: 50, total: 2, hasMore: false }))
    const store = makeStore({ services: fakeServices({ api: { getNewAnchors } }) })
    await store.dispatch(fetchAnchorList({ kind: 'new', language: 'all' }))
    expect(getNewAnchors).toHaveBeenCalledWith({ page: 1, size: 50 })
    expect(selectAnchorList(store.getState(), 'hot', 'all').status).toBe('idle')
  })

  it('keeps the reason of a failed load and recovers on retry', async () => {
    let fail = true
    const getRecommendedAnchors = vi.fn(async () => {
      if (fail) throw new Error('Network Error')
      return { list: fakeAnchors(1), page: 1, size: 50, total: 1, hasMore: false }
    })
    const store = makeStore({ services: fakeServices({ api: { getRecommendedAnchors } }) })
    await store.dispatch(fetchAnchorList({ kind: 'recommended', language: 'all' }))
    expect(selectAnchorList(store.getState(), 'recommended', 'all')).toMatchObject({ status: 'failed', error: 'Network Error' })
    fail = false
    await store.dispatch(fetchAnchorList({ kind: 'recommended', language: 'all' }))
    expect(selectAnchorList(store.getState(), 'recommended', 'all')).toMatchObject({ status: 'ready', jids: ['anchor_200001@localhost'] })
  })

  it('asks presence in batches of 100 and prefers it over list data', async () => {
    const getMultiOnlineStatus = vi.fn(async ({ jids }: { jids: string[] }) => ({ statusList: jids.map((jid) => ({ jid, onlineStatus: 'busy' as const })) }))
    const store = makeStore({ services: fakeServices({ api: { getMultiOnlineStatus } }) })
    const jids = Array.from({ length: 250 }, (_, index) => `anchor_${200001 + index}@localhost`)
    await store.dispatch(refreshPresence([...jids, jids[0] ?? '']))
    expect(getMultiOnlineStatus.mock.calls.map(([request]) => request.jids.length)).toEqual([100, 100, 50])
    expect(selectPresence(store.getState(), 'anchor_200001@localhost')).toBe('busy')
    expect(selectPresence(store.getState(), 'anchor_999999@localhost')).toBe('offline')
  })

  it('subscribes to the online notice of a host', async () => {
    const store = makeStore({ services: fakeServices() })
    await store.dispatch(setOnlineNotice({ jid: 'anchor_200003@localhost', enable: true }))
    expect(store.getState().discover?.wall.notices['anchor_200003@localhost']).toBe(true)
  })

  it('finds a host for the profile: a listed one with her live price, any other by jid, and marks an unknown one missing', async () => {
    const getAnchorAccounts = vi.fn(async () => ({ anchorAccountInfo: [{ uid: '200005', jid: 'anchor_200005@localhost', privateChatPrice: 99, onlineStatus: 'online' as const }] }))
    const store = makeStore({ services: fakeServices({ api: { getAnchorAccounts } }) })
    store.dispatch(anchorsSeen([fakeAnchor(5)]))
    const listed = await store.dispatch(loadAnchor('anchor_200005@localhost')).unwrap()
    expect(listed.privateChatPrice).toBe(99)

    const direct = await store.dispatch(loadAnchor('anchor_200007@localhost')).unwrap()
    expect(direct.nickName).toBe(fakeAnchor(7).nickName)
    expect(getAnchorAccounts).toHaveBeenCalledTimes(1)

    await expect(store.dispatch(loadAnchor('anchor_1@localhost')).unwrap()).rejects.toThrow('not_found')
    expect(store.getState().discover?.wall.lookups['anchor_1@localhost']).toBe('failed')
    expect(selectAnchorMissing(store.getState(), 'anchor_1@localhost')).toBe(true)
  })
})
