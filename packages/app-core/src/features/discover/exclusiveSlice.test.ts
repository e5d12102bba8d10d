import { describe, expect, it, vi } from 'vitest'
import type { ExclusiveAnchorListResponse } from '@vchat/api-client'
import { makeStore } from '../../app/store'
import { fakeServices } from '../../testing/fakeServices'
import { loggedOut } from '../../app/authActions'
import { selectAnchor } from './discoverSlice'
import { exclusivePageLeft, loadExclusiveHosts, loadMoreExclusiveHosts, selectExclusive } from './exclusiveSlice'
import { fakeAnchor } from '../../testing/discoverFixtures'
import { signedInAs } from '../../testing/testState'

const host = (n: number) => ({ ...fakeAnchor(n), exclusivePrice: 100, exclusiveIntro: `Host ${n}` })
const page = (n: number, numbers: number[], hasMore: boolean): ExclusiveAnchorListResponse => ({ list: numbers.map(host), page: n, size: 20, total: 5, hasMore, unlocked: true })

describe('exclusive page slice', () => {
  it('pages on while the server has more, each host once; the hosts join the known hosts', async () => {
    const getExclusiveAnchors = vi.fn(async ({ page: n }: { page: number; size: number }) => (n === 1 ? page(1, [1, 2, 3], true) : page(2, [3, 4, 5], false)))
    const store = makeStore({ services: fakeServices({ api: { getExclusiveAnchors } }), preloadedState: signedInAs() })
    await store.dispatch(loadExclusiveHosts())
    await store.dispatch(loadMoreExclusiveHosts())
    expect(getExclusiveAnchors.mock.calls.map(([request]) => request)).toEqual([
      { page: 1, size: 20 },
      { page: 2, size: 20 },
    ])
    const { hosts, status, moreId } = selectExclusive(store.getState())
    expect(status).toBe('ready')
    expect(moreId).toBeNull()
    expect(hosts?.list.map((item) => item.uid)).toEqual(['200001', '200002', '200003', '200004', '200005'])
    expect(hosts).toMatchObject({ page: 2, hasMore: false })
    expect(selectAnchor(store.getState(), 'anchor_200005@localhost')?.uid).toBe('200005')
    // The end is reached: nothing more is asked.
    await store.dispatch(loadMoreExclusiveHosts())
    expect(getExclusiveAnchors).toHaveBeenCalledTimes(2)
  })

  it('a failed next page keeps the hosts shown and may be asked again; leaving and log out start over', async () => {
    let fail = true
    const getExclusiveAnchors = vi.fn(async ({ page: n }: { page: number; size: number }) => {
      if (n === 2 && fail) throw new Error('offline')
      return n === 1 ? page(1, [1, 2], true) : page(2, [3], false)
    })
    const store = makeStore({ services: fakeServices({ api: { getExclusiveAnchors } }), preloadedState: signedInAs() })
    await store.dispatch(loadExclusiveHosts())
    await store.dispatch(loadMoreExclusiveHosts())
    expect(selectExclusive(store.getState())).toMatchObject({ status: 'ready', moreId: null, hosts: { page: 1, hasMore: true } })
    fail = false
    await store.dispatch(loadMoreExclusiveHosts())
    expect(selectExclusive(store.getState()).hosts?.list).toHaveLength(3)
    store.dispatch(exclusivePageLeft())
    expect(selectExclusive(store.getState())).toMatchObject({ status: 'idle', hosts: null })
    await store.dispatch(loadExclusiveHosts())
    store.dispatch(loggedOut())
    expect(selectExclusive(store.getState())).toMatchObject({ status: 'idle', hosts: null })
  })
})
