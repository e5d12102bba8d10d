import { describe, expect, it, vi } from 'vitest'
import { makeStore } from '../../app/store'
import { fakeServices } from '../../testing/fakeServices'
import { loggedOut } from '../../app/authActions'
import { discoverFakeApi, fakeDiscoverWorld } from '../../testing/discoverFixtures'
import { selectAnchor } from '../discover'
import { signedInAs } from '../../testing/testState'
import {
  checkClubCallTimes,
  checkOfferCallTimes,
  clubViewLeft,
  findSilverPrice,
  loadClubView,
  selectCallTimesCheck,
  selectClubCallTimes,
  selectClubView,
  selectSilverOffer,
  silverCallGuideLeft,
  silverOfferLeft,
} from './clubSlice'

const times = (availableTimes: number) => ({ availableTimes, totalTimes: 3, silverCallDuration: 30, resetCountdown: 100 })

describe('club slice', () => {
  it('loads a view: hosts (known to the wall too), reward records and the calls left; the host list alone asks no records', async () => {
    const api = discoverFakeApi(fakeDiscoverWorld(12))
    const getClubAnchors = vi.fn(api.getClubAnchors)
    const getClubRewardRecords = vi.fn(api.getClubRewardRecords)
    const store = makeStore({ services: fakeServices({ api: { ...api, getClubAnchors, getClubRewardRecords } }), preloadedState: signedInAs() })
    await store.dispatch(loadClubView('club'))
    expect(getClubAnchors).toHaveBeenCalledWith({ page: 1, size: 50 })
    expect(getClubRewardRecords).toHaveBeenCalledWith({ page: 1, size: 20 })
    const club = selectClubView(store.getState(), 'club')
    expect(club).toMatchObject({ status: 'ready', open: true })
    expect(club.anchors.map((anchor) => anchor.uid)).toEqual(['200004', '200008', '200012'])
    expect(club.records).toHaveLength(3)
    expect(selectAnchor(store.getState(), 'anchor_200004@localhost')?.uid).toBe('200004')
    expect(selectClubCallTimes(store.getState())).toMatchObject({ availableTimes: 1 })

    await store.dispatch(loadClubView('silverAnchors'))
    expect(getClubRewardRecords).toHaveBeenCalledTimes(1)
    expect(selectClubView(store.getState(), 'silverAnchors')).toMatchObject({ status: 'ready', records: [] })
    // Each view keeps its own: the whole club still has its records.
    expect(selectClubView(store.getState(), 'club').records).toHaveLength(3)
  })

  it("one count of today's silver calls: the guide's check updates what the club shows; leaving the guide keeps it", async () => {
    let left = 2
    const store = makeStore({ services: fakeServices({ api: { getClubCallTimes: async () => times(left) } }), preloadedState: signedInAs() })
    await store.dispatch(loadClubView('club'))
    expect(selectCallTimesCheck(store.getState())).toBe('idle')
    left = 1
    await store.dispatch(checkClubCallTimes())
    expect(selectCallTimesCheck(store.getState())).toBe('ready')
    expect(selectClubCallTimes(store.getState())?.availableTimes).toBe(1)
    store.dispatch(silverCallGuideLeft())
    expect(selectCallTimesCheck(store.getState())).toBe('idle')
    expect(selectClubCallTimes(store.getState())?.availableTimes).toBe(1)
    expect(selectClubView(store.getState(), 'club').status).toBe('ready')
  })

  it("a failed check fails the guide only; a left view drops its late answer; log out clears all", async () => {
    let fail = false
    const store = makeStore({
      services: fakeServices({ api: { getClubCallTimes: async () => (fail ? Promise.reject(new Error('offline')) : times(1)) } }),
      preloadedState: signedInAs(),
    })
    await store.dispatch(loadClubView('club'))
    fail = true
    await store.dispatch(checkClubCallTimes())
    expect(selectCallTimesCheck(store.getState())).toBe('failed')
    expect(selectClubView(store.getState(), 'club').status).toBe('ready')
    fail = false
    const late = store.dispatch(loadClubView('silverAnchors'))
    store.dispatch(clubViewLeft('silverAnchors'))
    await late
    expect(selectClubView(store.getState(), 'silverAnchors').status).toBe('idle')
    store.dispatch(loggedOut())
    expect(selectClubView(store.getState(), 'club').status).toBe('idle')
    expect(selectClubCallTimes(store.getState())).toBeNull()
  })

  it("a host profile's offer: its own ask of the calls left (apart from the guide's), her price looked up page by page in the club list", async () => {
    let left = 2
    const api = discoverFakeApi(fakeDiscoverWorld(1200))
    const getClubAnchors = vi.fn(api.getClubAnchors)
    const store = makeStore({ services: fakeServices({ api: { ...api, getClubAnchors, getClubCallTimes: async () => times(left) } }), preloadedState: signedInAs() })
    await store.dispatch(checkOfferCallTimes())
    expect(selectSilverOffer(store.getState()).timesCheck).toBe('ready')
    expect(selectCallTimesCheck(store.getState())).toBe('idle')
    left = 1
    await store.dispatch(checkClubCallTimes())
    // One count: the guide's check updates what the profile shows, and the other way round.
    expect(selectClubCallTimes(store.getState())?.availableTimes).toBe(1)
    expect(selectSilverOffer(store.getState()).timesCheck).toBe('ready')

    // 300 club hosts, 50 a page: host 240 is the 60th, on page 2 (15 silver per minute).
    await store.dispatch(findSilverPrice('anchor_200240@localhost'))
    expect(getClubAnchors.mock.calls.map(([request]) => request)).toEqual([
      { page: 1, size: 50 },
      { page: 2, size: 50 },
    ])
    expect(selectSilverOffer(store.getState()).price).toBe(15)
    // A host outside the club list: five pages at most, then no price.
    getClubAnchors.mockClear()
    await store.dispatch(findSilverPrice('anchor_200001@localhost'))
    expect(getClubAnchors.mock.calls.map(([request]) => request.page)).toEqual([1, 2, 3, 4, 5])
    expect(selectSilverOffer(store.getState()).price).toBeNull()
  })

  it("a host profile left drops its offer's late answers (the calls left stay the server's latest); a failed ask shows no count; log out clears it", async () => {
    let fail = false
    const store = makeStore({
      services: fakeServices({ api: { ...discoverFakeApi(fakeDiscoverWorld(12)), getClubCallTimes: async () => (fail ? Promise.reject(new Error('offline')) : times(2)) } }),
      preloadedState: signedInAs(),
    })
    const timesAsked = store.dispatch(checkOfferCallTimes())
    const priceAsked = store.dispatch(findSilverPrice('anchor_200008@localhost'))
    store.dispatch(silverOfferLeft())
    await Promise.all([timesAsked, priceAsked])
    expect(selectSilverOffer(store.getState())).toEqual({ timesCheck: 'idle', timesCheckId: null, price: null, priceLookupId: null })
    expect(selectClubCallTimes(store.getState())?.availableTimes).toBe(2)
    fail = true
    await store.dispatch(checkOfferCallTimes())
    expect(selectSilverOffer(store.getState()).timesCheck).toBe('failed')
    await store.dispatch(findSilverPrice('anchor_200008@localhost'))
    expect(selectSilverOffer(store.getState()).price).toBe(10)
    store.dispatch(loggedOut())
    expect(selectSilverOffer(store.getState())).toEqual({ timesCheck: 'idle', timesCheckId: null, price: null, priceLookupId: null })
  })
})
