import { describe, expect, it, vi } from 'vitest'
import { makeStore } from '../../app/store'
import { fakeServices, manualClock } from '../../testing/fakeServices'
import { fakePublicHosts } from '../../testing/discoverFixtures'
import { LIVE_HOSTS_TTL_MS, loadLiveHosts, selectLiveHosts } from './liveHostsSlice'

function setup() {
  const clock = manualClock()
  let list = fakePublicHosts(3)
  const getPublicHosts = vi.fn(async () => ({ list }))
  const store = makeStore({ services: fakeServices({ clock, api: { getPublicHosts } }) })
  return { clock, store, getPublicHosts, setList: (next: typeof list) => (list = next) }
}

describe('liveHostsSlice (the landing page public wall)', () => {
  it('asks once per language while the answer is fresh, and again once it is older than a minute', async () => {
    const { clock, store, getPublicHosts, setList } = setup()
    await store.dispatch(loadLiveHosts('en'))
    expect(selectLiveHosts(store.getState())).toMatchObject({ status: 'ready', language: 'en' })
    await store.dispatch(loadLiveHosts('en'))
    expect(getPublicHosts).toHaveBeenCalledTimes(1)

    setList(fakePublicHosts(5))
    clock.tick(LIVE_HOSTS_TTL_MS)
    await store.dispatch(loadLiveHosts('en'))
    expect(getPublicHosts).toHaveBeenCalledTimes(2)
    expect(selectLiveHosts(store.getState()).list).toHaveLength(5)

    await store.dispatch(loadLiveHosts('ar'))
    expect(getPublicHosts).toHaveBeenLastCalledWith({ language: 'ar' }, expect.anything())
  })

  it('a failed refresh keeps the faces shown; a failed first load says failed', async () => {
    const { clock, store, getPublicHosts } = setup()
    await store.dispatch(loadLiveHosts('en'))
    getPublicHosts.mockRejectedValue(new Error('offline'))
    clock.tick(LIVE_HOSTS_TTL_MS)
    await store.dispatch(loadLiveHosts('en'))
    expect(selectLiveHosts(store.getState())).toMatchObject({ status: 'ready', list: fakePublicHosts(3) })
    await store.dispatch(loadLiveHosts('fr'))
    expect(selectLiveHosts(store.getState())).toMatchObject({ status: 'failed', language: 'fr' })
  })

  it('an answer for a language the visitor left is not shown', async () => {
    const { store, getPublicHosts } = setup()
    let answerEnglish: (value: { list: ReturnType<typeof fakePublicHosts> }) => void = () => {}
    getPublicHosts.mockImplementationOnce(() => new Promise((resolve) => (answerEnglish = resolve)))
    const english = store.dispatch(loadLiveHosts('en'))
    let answerArabic: (value: { list: ReturnType<typeof fakePublicHosts> }) => void = () => {}
    getPublicHosts.mockImplementationOnce(() => new Promise((resolve) => (answerArabic = resolve)))
    // The language changes while English is on its way: the slice follows the newest question.
    const arabic = store.dispatch(loadLiveHosts('ar'))
    expect(getPublicHosts).toHaveBeenCalledTimes(2)
    answerEnglish({ list: fakePublicHosts(2) })
    await english
    expect(selectLiveHosts(store.getState())).toMatchObject({ status: 'loading', language: 'ar', list: [] })
    answerArabic({ list: fakePublicHosts(4) })
    await arabic
    expect(selectLiveHosts(store.getState())).toMatchObject({ status: 'ready', language: 'ar' })
    expect(selectLiveHosts(store.getState()).list).toHaveLength(4)
  })
})
