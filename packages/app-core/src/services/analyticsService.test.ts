import { describe, expect, it, vi } from 'vitest'
import { changeableConsent } from '../testing/consentFixtures'
import { silentLogger } from '../testing/fakeServices'
import { ANALYTICS_BUFFER_LIMIT, ANALYTICS_PRELOAD_KEY, ANALYTICS_QUEUE_KEY, createLazyAnalytics, hasJournaledCalls, hasPendingEvents } from './analyticsService'
import type { ScheduleEnv } from './analyticsService'

/** The visitor accepted analytics (the consent cases have their own describe). */
const granted = { get: () => 'all' as const, subscribe: () => () => {} }

function fakeRuntime() {
  const calls: unknown[][] = []
  return {
    calls,
    runtime: {
      track: (event: string, properties: unknown, time?: number) => calls.push(['track', event, properties, ...(time === undefined ? [] : [time])]),
      identify: (uid: string | null) => calls.push(['identify', uid]),
      setTrackingStatus: (status: string) => calls.push(['status', status]),
      trackingStatus: () => 'normal' as const,
    },
  }
}

function fakeEnv(stored: Record<string, string> = {}, idle = true) {
  const listeners = new Map<string, () => void>()
  const idleCallbacks: (() => void)[] = []
  const doc = { visibilityState: 'visible' as DocumentVisibilityState, addEventListener: (type: string, fn: () => void) => listeners.set(`doc:${type}`, fn), removeEventListener: (type: string) => listeners.delete(`doc:${type}`) }
  const win = {
    addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
    removeEventListener: (type: string) => listeners.delete(type),
    setTimeout: () => 0,
    clearTimeout: () => {},
    ...(idle ? { requestIdleCallback: (fn: () => void) => idleCallbacks.push(fn), cancelIdleCallback: () => {} } : {}),
  }
  const env = { window: win, document: doc, storage: { getItem: (key: string) => stored[key] ?? null } } as unknown as ScheduleEnv
  return { env, listeners, idleCallbacks, doc }
}

describe('analytics facade', () => {
  it('buffers calls until the client loads, then replays them in order, dropping null values', async () => {
    const { calls, runtime } = fakeRuntime()
    const load = vi.fn(async () => runtime)
    const analytics = createLazyAnalytics({ consent: granted, baseUrl: '/dev/analytics', logger: silentLogger, load })
    analytics.track('login_fail', { reason: 'unknown reason', extra: undefined, none: null })
    analytics.setTrackingStatus('pause')
    expect(load).not.toHaveBeenCalled()
    await analytics.start()
    expect(analytics.started).toBe(true)
    expect(calls).toEqual([
      ['track', 'login_fail', { reason: 'unknown reason' }, expect.any(Number)],
      ['status', 'pause'],
    ])
    analytics.track('later')
    expect(calls.at(-1)).toEqual(['track', 'later', {}, expect.any(Number)])
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('loads at once on login (identify) and sends logout as identify(null)', async () => {
    const { calls, runtime } = fakeRuntime()
    const analytics = createLazyAnalytics({ consent: granted, baseUrl: '/a', logger: silentLogger, load: async () => runtime })
    analytics.identify('100001')
    await vi.waitFor(() => expect(analytics.started).toBe(true))
    analytics.identify(null)
    expect(calls).toEqual([
      ['identify', '100001'],
      ['identify', null],
    ])
  })

  it('without an analytics URL drops everything and loads nothing', async () => {
    const load = vi.fn()
    const analytics = createLazyAnalytics({ consent: granted, baseUrl: '', logger: silentLogger, load })
    analytics.identify('1')
    analytics.track('x')
    await analytics.start()
    expect(load).not.toHaveBeenCalled()
    expect(fakeEnv().listeners.size).toBe(0)
  })

  it('a failed load is retried by the next trigger, keeping the buffer', async () => {
    const { calls, runtime } = fakeRuntime()
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk gone')).mockResolvedValue(runtime)
    const warnings: string[] = []
    const analytics = createLazyAnalytics({ consent: granted, baseUrl: '/a', logger: { ...silentLogger, warn: (m) => warnings.push(m) }, load })
    analytics.track('page_view')
    await analytics.start()
    expect(analytics.started).toBe(false)
    expect(warnings).toEqual(['analytics unavailable'])
    await analytics.start()
    expect(calls).toEqual([['track', 'page_view', {}, expect.any(Number)]])
  })

  it("a visitor's client loads on the first interaction, not before (landing budget)", async () => {
    const { runtime } = fakeRuntime()
    const load = vi.fn(async () => runtime)
    const analytics = createLazyAnalytics({ consent: granted, baseUrl: '/a', logger: silentLogger, load })
    const { env, listeners, idleCallbacks } = fakeEnv()
    analytics.schedule(env)
    expect(idleCallbacks).toHaveLength(0)
    expect(load).not.toHaveBeenCalled()
    listeners.get('pointerdown')?.()
    expect(load).toHaveBeenCalledTimes(1)
    expect(listeners.has('keydown')).toBe(false)
  })

  it('a visitor leaving (page hidden) loads it too', () => {
    const load = vi.fn(async () => fakeRuntime().runtime)
    const analytics = createLazyAnalytics({ consent: granted, baseUrl: '/a', logger: silentLogger, load })
    const { env, listeners, doc } = fakeEnv()
    analytics.schedule(env)
    doc.visibilityState = 'hidden'
    listeners.get('doc:visibilitychange')?.()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('a signed-in user, or events waiting from an earlier page, load it when idle', () => {
    const cases: Record<string, string>[] = [
      { 'vchat:session': 'true' },
      { [ANALYTICS_QUEUE_KEY]: JSON.stringify({ pending: [{ eventId: 'x' }], sentIds: [] }) },
      { [ANALYTICS_PRELOAD_KEY]: JSON.stringify([{ kind: 'track', event: 'login_fail', properties: {}, time: 1 }]) },
    ]
    for (const stored of cases) {
      const load = vi.fn(async () => fakeRuntime().runtime)
      const analytics = createLazyAnalytics({ consent: granted, baseUrl: '/a', logger: silentLogger, load })
      const { env, idleCallbacks } = fakeEnv(stored)
      analytics.schedule(env)
      expect(load).not.toHaveBeenCalled()
      idleCallbacks[0]?.()
      expect(load).toHaveBeenCalledTimes(1)
    }
  })

  it('reads the stored queue safely', () => {
    expect(hasPendingEvents(null)).toBe(false)
    expect(hasPendingEvents('{oops')).toBe(false)
    expect(hasPendingEvents(JSON.stringify({ pending: [], sentIds: ['a'] }))).toBe(false)
    expect(hasPendingEvents(JSON.stringify({ pending: [{}], sentIds: [] }))).toBe(true)
  })

  it('reads the journal safely', () => {
    expect(hasJournaledCalls(null)).toBe(false)
    expect(hasJournaledCalls('[')).toBe(false)
    expect(hasJournaledCalls('[]')).toBe(false)
    expect(hasJournaledCalls('[{}]')).toBe(true)
  })
})

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial))
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  }
}

describe('calls made before the client loads are never lost, never applied twice', () => {
  it('journals them with the time they happened; the next page load applies them and clears the journal', async () => {
    const storage = memoryStorage()
    let clock = 1_000
    const first = createLazyAnalytics({ consent: granted, baseUrl: '/a', logger: silentLogger, storage, now: () => clock, load: vi.fn() })
    first.identify(null)
    first.track('login_fail', { reason: 'unknown reason' })
    clock = 2_000
    first.track('page_leave')
    // The page goes before its client loaded; the next one starts.
    const { calls, runtime } = fakeRuntime()
    const second = createLazyAnalytics({ consent: granted, baseUrl: '/a', logger: silentLogger, storage, now: () => 9_000, load: async () => runtime })
    second.track('page_view')
    await second.start()
    expect(calls).toEqual([
      ['identify', null],
      ['track', 'login_fail', { reason: 'unknown reason' }, 1_000],
      ['track', 'page_leave', {}, 2_000],
      ['track', 'page_view', {}, 9_000],
    ])
    expect(storage.data.has(ANALYTICS_PRELOAD_KEY)).toBe(false)
    // Once running, calls go straight to the client: nothing journaled.
    second.track('later')
    expect(storage.data.has(ANALYTICS_PRELOAD_KEY)).toBe(false)
  })

  it('two tabs: the one that loads first takes every call over; the other applies none of them again', async () => {
    const storage = memoryStorage()
    const a = fakeRuntime()
    const b = fakeRuntime()
    const tabA = createLazyAnalytics({ consent: granted, baseUrl: '/a', logger: silentLogger, storage, load: async () => a.runtime })
    const tabB = createLazyAnalytics({ consent: granted, baseUrl: '/a', logger: silentLogger, storage, load: async () => b.runtime })
    tabA.track('from_a')
    tabB.track('from_b')
    await tabA.start()
    await tabB.start()
    expect(a.calls.map((call) => call[1])).toEqual(['from_a', 'from_b'])
    expect(b.calls).toEqual([])
  })

  it('a burst of calls in one task is journaled in one write, at the end of the task', async () => {
    const storage = memoryStorage()
    const setItem = vi.spyOn(storage, 'setItem')
    const first = createLazyAnalytics({ consent: granted, baseUrl: '/a', logger: silentLogger, storage, now: () => 5, load: vi.fn() })
    for (let i = 0; i < 1000; i += 1) first.track('chat_receive', { n: i })
    expect(setItem).not.toHaveBeenCalled()
    await Promise.resolve()
    expect(setItem).toHaveBeenCalledTimes(1)
    // The journal keeps the newest calls, up to the buffer limit; the next page applies them once.
    const { calls, runtime } = fakeRuntime()
    const second = createLazyAnalytics({ consent: granted, baseUrl: '/a', logger: silentLogger, storage, load: async () => runtime })
    await second.start()
    expect(calls.map((call) => (call[2] as { n: number }).n)).toEqual(Array.from({ length: ANALYTICS_BUFFER_LIMIT }, (_, i) => 1000 - ANALYTICS_BUFFER_LIMIT + i))
    expect(storage.data.has(ANALYTICS_PRELOAD_KEY)).toBe(false)
    // Once running, a burst goes straight to the client and writes nothing.
    setItem.mockClear()
    for (let i = 0; i < 1000; i += 1) second.track('chat_receive', { n: i })
    await Promise.resolve()
    expect(setItem).not.toHaveBeenCalled()
    expect(calls).toHaveLength(ANALYTICS_BUFFER_LIMIT + 1000)
  })

  it('calls taken over before their journal write are applied once and never journaled afterwards', async () => {
    const storage = memoryStorage()
    const { calls, runtime } = fakeRuntime()
    let resolveLoad: (loaded: typeof runtime) => void = () => {}
    const analytics = createLazyAnalytics({
      consent: granted,
      baseUrl: '/a',
      logger: silentLogger,
      storage,
      load: () => new Promise((resolve) => (resolveLoad = resolve)),
    })
    const started = analytics.start()
    resolveLoad(runtime)
    // The load's continuation was queued before this call's journal write.
    analytics.track('page_view')
    await started
    expect(calls.map((call) => call[1])).toEqual(['page_view'])
    await Promise.resolve()
    expect(storage.data.has(ANALYTICS_PRELOAD_KEY)).toBe(false)
  })

  it('without working storage the calls are kept in memory and applied once', async () => {
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
      removeItem: () => {},
    }
    const { calls, runtime } = fakeRuntime()
    const analytics = createLazyAnalytics({ consent: granted, baseUrl: '/a', logger: silentLogger, storage: broken, load: async () => runtime })
    analytics.track('page_view')
    await analytics.start()
    expect(calls.map((call) => call[1])).toEqual(['page_view'])
  })
})

describe('analytics only with the cookie consent', () => {
  it('before any choice nothing is recorded, journaled or loaded, and accepting later sends none of it', async () => {
    const storage = memoryStorage()
    const { calls, runtime } = fakeRuntime()
    const load = vi.fn(async () => runtime)
    const consent = changeableConsent(null)
    const analytics = createLazyAnalytics({ consent, baseUrl: '/a', logger: silentLogger, storage, load })
    analytics.track('page_show')
    analytics.identify('100001')
    await analytics.start()
    await Promise.resolve()
    expect(load).not.toHaveBeenCalled()
    expect(storage.data.size).toBe(0)

    consent.change('all')
    await vi.waitFor(() => expect(analytics.started).toBe(true))
    expect(calls).toEqual([])
    analytics.track('login_success')
    expect(calls).toEqual([['track', 'login_success', {}, expect.any(Number)]])
  })

  it('"only necessary" keeps the client unloaded whatever triggers fire', async () => {
    const load = vi.fn(async () => fakeRuntime().runtime)
    const analytics = createLazyAnalytics({ consent: changeableConsent('necessary'), baseUrl: '/a', logger: silentLogger, load })
    const { env, listeners, idleCallbacks } = fakeEnv({ 'vchat:session': 'true' })
    analytics.schedule(env)
    for (const callback of idleCallbacks) callback()
    listeners.get('pointerdown')?.()
    analytics.identify('100001')
    await Promise.resolve()
    expect(load).not.toHaveBeenCalled()
  })

  it('withdrawing stops the running client and drops what waits; accepting again turns it back on', async () => {
    const storage = memoryStorage()
    const { calls, runtime } = fakeRuntime()
    const consent = changeableConsent('all')
    const analytics = createLazyAnalytics({ consent, baseUrl: '/a', logger: silentLogger, storage, load: async () => runtime })
    await analytics.start()
    analytics.track('page_show')
    consent.change('necessary')
    analytics.track('after_withdrawal')
    expect(calls).toEqual([
      ['track', 'page_show', {}, expect.any(Number)],
      ['status', 'stop'],
    ])
    consent.change('all')
    analytics.track('after_accept')
    expect(calls.slice(2)).toEqual([
      ['status', 'normal'],
      ['track', 'after_accept', {}, expect.any(Number)],
    ])
  })

  it('a withdrawal while the client loads drops the journal and stops the client as soon as it runs', async () => {
    const storage = memoryStorage()
    const { calls, runtime } = fakeRuntime()
    let resolveLoad: (value: typeof runtime) => void = () => {}
    const consent = changeableConsent('all')
    const analytics = createLazyAnalytics({ consent, baseUrl: '/a', logger: silentLogger, storage, load: () => new Promise((resolve) => (resolveLoad = resolve)) })
    analytics.track('page_show')
    const started = analytics.start()
    await Promise.resolve()
    expect(storage.data.has(ANALYTICS_PRELOAD_KEY)).toBe(true)
    consent.change('necessary')
    expect(storage.data.has(ANALYTICS_PRELOAD_KEY)).toBe(false)
    resolveLoad(runtime)
    await started
    expect(calls).toEqual([['status', 'stop']])
  })

  it('a client stopped on an earlier page is turned on when this page has consent', async () => {
    const { calls, runtime } = fakeRuntime()
    const stopped = { ...runtime, trackingStatus: () => 'stop' as const }
    const analytics = createLazyAnalytics({ consent: changeableConsent('all'), baseUrl: '/a', logger: silentLogger, load: async () => stopped })
    analytics.track('page_show')
    await analytics.start()
    expect(calls).toEqual([
      ['status', 'normal'],
      ['track', 'page_show', {}, expect.any(Number)],
    ])
  })
})
