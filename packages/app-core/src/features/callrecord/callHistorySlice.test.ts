import { describe, expect, it, vi } from 'vitest'
import type { CallRecordsResponse } from '@vchat/api-client'
import { makeStore } from '../../app/store'
import { fakeServices } from '../../testing/fakeServices'
import { callHistoryLeft, loadCallHistory, loadMoreCallHistory, selectCallHistory, selectCallHistoryEntries } from './callHistorySlice'
import { callRecordsApi, manyCallRecords, memoryVideoCalls } from '../../testing/callRecordFixtures'

const ME = 'user_100001@localhost'
const signedIn = { auth: { user: { uid: '100001', jid: `${ME}/web`, vcToken: 't', role: 2, nickName: 'Demo', name: 'Demo' } } }
const offline = async () => Promise.reject(new Error('offline'))

describe('video history slice', () => {
  it("merges both sources; the server failing alone shows this browser's calls, both failing is an error", async () => {
    const local = memoryVideoCalls([{ vid: 'local-1', caller: ME, callee: 'anchor_200002@localhost', startTime: 1, reason: 'hangup' }])
    const store = makeStore({ services: fakeServices({ db: local, api: { getCallRecords: offline } }), preloadedState: signedIn })
    await store.dispatch(loadCallHistory(ME))
    expect(selectCallHistory(store.getState())).toMatchObject({ status: 'ready', serverFailed: true, nextCursor: null })
    expect(selectCallHistoryEntries(store.getState()).map((entry) => entry.key)).toEqual(['local-1'])

    const none = makeStore({ services: fakeServices({ db: { listVideoCalls: offline }, api: { getCallRecords: offline } }), preloadedState: signedIn })
    await none.dispatch(loadCallHistory(ME))
    expect(selectCallHistory(none.getState()).status).toBe('failed')
    expect(selectCallHistoryEntries(none.getState())).toEqual([])
  })

  it('pages in by cursor, each call once, until the server has listed everything', async () => {
    const api = callRecordsApi(manyCallRecords(70))
    const getCallRecords = vi.fn(api.getCallRecords)
    const store = makeStore({ services: fakeServices({ api: { getCallRecords } }), preloadedState: signedIn })
    await store.dispatch(loadCallHistory(ME))
    await store.dispatch(loadMoreCallHistory())
    await store.dispatch(loadMoreCallHistory())
    await store.dispatch(loadMoreCallHistory())
    expect(getCallRecords.mock.calls.map(([request]) => request)).toEqual([{ size: 30 }, { size: 30, cursor: '30' }, { size: 30, cursor: '60' }])
    expect(selectCallHistory(store.getState())).toMatchObject({ nextCursor: null, moreId: null })
    expect(selectCallHistoryEntries(store.getState())).toHaveLength(70)
  })

  it('a page answered after the screen was left or reloaded is dropped; a failed page says so', async () => {
    let answer!: (page: CallRecordsResponse) => void
    const api = callRecordsApi(manyCallRecords(40))
    const getCallRecords = vi.fn(async (request: { size: number; cursor?: string }) =>
      request.cursor ? new Promise<CallRecordsResponse>((resolve) => (answer = resolve)) : api.getCallRecords(request),
    )
    const store = makeStore({ services: fakeServices({ api: { getCallRecords } }), preloadedState: signedIn })
    await store.dispatch(loadCallHistory(ME))
    const late = store.dispatch(loadMoreCallHistory())
    expect(selectCallHistory(store.getState()).moreId).not.toBeNull()
    store.dispatch(callHistoryLeft())
    await store.dispatch(loadCallHistory(ME))
    answer(await api.getCallRecords({ size: 30, cursor: '30' }))
    await late
    expect(selectCallHistory(store.getState()).server).toHaveLength(30)

    const failing = makeStore({ services: fakeServices({ api: { getCallRecords: async (request) => (request.cursor ? offline() : api.getCallRecords(request)) } }), preloadedState: signedIn })
    await failing.dispatch(loadCallHistory(ME))
    await failing.dispatch(loadMoreCallHistory())
    expect(selectCallHistory(failing.getState())).toMatchObject({ serverFailed: true, moreId: null, nextCursor: '30' })
  })
})
