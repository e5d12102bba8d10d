import { describe, expect, it, vi } from 'vitest'
import type { OpenLuckyBoxResponse } from '@vchat/api-client'
import { makeStore } from '../../app/store'
import { fakeServices } from '../../testing/fakeServices'
import { loggedOut } from '../../app/authActions'
import { discoverFakeApi, fakeDiscoverWorld } from '../../testing/discoverFixtures'
import { signedInAs } from '../../testing/testState'
import { loadLuckyBox, luckyBoxClosed, openLuckyBox, rewardSeen, selectLuckyBox } from './luckyBoxSlice'

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

describe('lucky box slice', () => {
  it("shows the server's reward and box, then reads the balance again", async () => {
    const world = fakeDiscoverWorld(12)
    const getAccount = vi.fn(async () => ({ paid: true, gemsBalance: world.gemsBalance, silverBalance: 0, silverSpent: 0 }))
    const store = makeStore({ services: fakeServices({ api: { ...discoverFakeApi(world), getAccount } }), preloadedState: signedInAs() })
    await store.dispatch(loadLuckyBox())
    await store.dispatch(openLuckyBox('welcome'))
    const box = selectLuckyBox(store.getState())
    expect(box.reward).toMatchObject({ gems: 13, gemsBalance: 513 })
    expect(box.info?.boxes.find((item) => item.rule === 'welcome')?.status).toBe('opened')
    expect(box.opening).toBeNull()
    await vi.waitFor(() => expect(store.getState().account.gemsBalance).toBe(513))
    expect(getAccount).toHaveBeenCalledTimes(1)
    store.dispatch(rewardSeen())
    expect(selectLuckyBox(store.getState()).reward).toBeNull()
  })

  it('an opening answered after the panel closed shows nothing in the next panel; the balance is still read', async () => {
    const world = fakeDiscoverWorld(12)
    const api = discoverFakeApi(world)
    const answer = deferred<OpenLuckyBoxResponse>()
    const getAccount = vi.fn(async () => ({ paid: true, gemsBalance: 513, silverBalance: 0, silverSpent: 0 }))
    const store = makeStore({ services: fakeServices({ api: { ...api, getAccount, openLuckyBox: () => answer.promise } }), preloadedState: signedInAs() })
    await store.dispatch(loadLuckyBox())
    const opening = store.dispatch(openLuckyBox('welcome'))
    expect(selectLuckyBox(store.getState()).opening).toBe('welcome')
    store.dispatch(luckyBoxClosed())
    await store.dispatch(loadLuckyBox())
    answer.resolve(await api.openLuckyBox({ rule: 'welcome' }))
    await opening
    expect(selectLuckyBox(store.getState())).toMatchObject({ reward: null, opening: null, openError: false, status: 'ready' })
    await vi.waitFor(() => expect(getAccount).toHaveBeenCalledTimes(1))
  })

  it('keeps the answer of the latest load only, and starts over at log out', async () => {
    const first = deferred<{ enabled: boolean; boxes: [] }>()
    let calls = 0
    const getLuckyBoxInfo = vi.fn(async () => (++calls === 1 ? first.promise : { enabled: false, boxes: [] as [] }))
    const store = makeStore({ services: fakeServices({ api: { getLuckyBoxInfo } }), preloadedState: signedInAs() })
    const stale = store.dispatch(loadLuckyBox())
    await store.dispatch(loadLuckyBox())
    first.resolve({ enabled: true, boxes: [] })
    await stale
    expect(selectLuckyBox(store.getState())).toMatchObject({ status: 'ready', info: { enabled: false } })
    store.dispatch(loggedOut())
    expect(selectLuckyBox(store.getState())).toMatchObject({ status: 'idle', info: null })
  })
})
