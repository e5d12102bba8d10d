import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clampBatchSize, createAnalytics, eventDurationSeconds } from './analyticsClient'
import type { AnalyticsClient, AnalyticsOptions } from './types'
import {
  createFakeTransport,
  createMemoryStorage,
  fakeTimers,
  nowFromFakeClock,
  sequentialIds,
} from './test-utils/fakes'
import type { FakeTransport } from './test-utils/fakes'

let transport: FakeTransport
let storage: ReturnType<typeof createMemoryStorage>
let clients: AnalyticsClient[]

function client(overrides: Partial<AnalyticsOptions> = {}): AnalyticsClient {
  const created = createAnalytics({
    transport,
    storage,
    timers: fakeTimers(),
    now: nowFromFakeClock,
    createId: sequentialIds(),
    ...overrides,
  })
  clients.push(created)
  return created
}

function sentNames(): Array<string | undefined> {
  return transport.batches.flat().map((event) => event.event)
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2025-01-01T00:00:00Z') })
  transport = createFakeTransport()
  storage = createMemoryStorage()
  clients = []
})

afterEach(() => {
  for (const created of clients) created.shutdown()
  vi.useRealTimers()
})

describe('track', () => {
  it('gives every event its own insert id by default (nanoid), kept on the event it sends', async () => {
    const analytics = client({ createId: undefined })
    for (let i = 0; i < 20; i += 1) analytics.track('page_show')
    await analytics.flush()
    const ids = transport.batches.flat().map((event) => event.eventId)
    expect(ids).toHaveLength(20)
    expect(new Set(ids).size).toBe(20)
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{21}$/)
  })

  it('queues a valid event with identity, time, super properties and its own properties', async () => {
    const analytics = client()
    analytics.identify('100001')
    analytics.setSuperProperties({ brand: 'second', lang: 'en' })
    expect(analytics.track('page_show', { lang: 'ar', page: 'match' })).toEqual({ ok: true })
    await analytics.flush()
    expect(transport.batches).toHaveLength(1)
    expect(transport.batches[0]?.[0]).toEqual({
      type: 'track',
      event: 'page_show',
      eventId: expect.any(String),
      time: Date.parse('2025-01-01T00:00:00Z'),
      distinctId: analytics.getDistinctId(),
      deviceId: analytics.getDeviceId(),
      accountId: '100001',
      properties: { brand: 'second', lang: 'ar', page: 'match' },
    })
  })

  it('dates an event recorded earlier with its own time (never in the future), duration included', async () => {
    const analytics = client()
    const start = Date.now()
    analytics.timeEvent('call_end')
    vi.setSystemTime(start + 10_000)
    analytics.track('call_end', {}, { time: start + 4_000 })
    analytics.track('late', {}, { time: start + 60_000 })
    await analytics.flush()
    const [ended, late] = transport.batches.flat()
    expect(ended).toMatchObject({ event: 'call_end', time: start + 4_000, properties: { '#duration': 4 } })
    expect(late).toMatchObject({ event: 'late', time: start + 10_000 })
  })

  it('refuses an invalid name or property and queues nothing', async () => {
    const analytics = client()
    expect(analytics.track('1bad')).toMatchObject({
      ok: false,
      reason: 'invalid',
      errors: [{ code: 'invalid-event-name' }],
    })
    expect(analytics.track('ok', { 'bad name': 1 })).toMatchObject({
      ok: false,
      errors: [{ code: 'invalid-property-name', subject: 'bad name' }],
    })
    expect(analytics.track('ok', { when: new Date(Number.NaN) })).toMatchObject({ ok: false })
    expect(analytics.getStats().queued).toBe(0)
  })
})

describe('strict mode', () => {
  it('refuses non-numeric counters and non-array appends only when strict', () => {
    const strict = client({ strict: true })
    expect(strict.userAdd({ gems: '5' })).toMatchObject({
      ok: false,
      errors: [{ code: 'counter-not-numeric', subject: 'gems' }],
    })
    expect(strict.userAppend({ tags: 'vip' })).toMatchObject({
      ok: false,
      errors: [{ code: 'append-not-array', subject: 'tags' }],
    })
    expect(strict.userAdd({ gems: 5 })).toEqual({ ok: true })
    expect(strict.userAppend({ tags: ['vip'] })).toEqual({ ok: true })
    expect(strict.getStats().queued).toBe(2)

    const lenient = client({ storageKey: 'other' })
    expect(lenient.userAdd({ gems: '5' })).toEqual({ ok: true })
    expect(lenient.userAppend({ tags: 'vip' })).toEqual({ ok: true })
  })

  it('user operations carry their type and no super properties', async () => {
    const analytics = client()
    analytics.setSuperProperties({ brand: 'second' })
    analytics.userSet({ gender: 'f' })
    analytics.userAdd({ gems: 5 })
    await analytics.flush()
    expect(transport.batches[0]?.map((event) => [event.type, event.properties])).toEqual([
      ['user_set', { gender: 'f' }],
      ['user_add', { gems: 5 }],
    ])
  })
})

describe('identify', () => {
  it('takes a 1–63 character id and refuses others', () => {
    const analytics = client()
    expect(analytics.identify('')).toMatchObject({ ok: false, errors: [{ code: 'invalid-user-id' }] })
    expect(analytics.identify('x'.repeat(64))).toMatchObject({ ok: false })
    expect(analytics.getAccountId()).toBeUndefined()
    expect(analytics.identify('x'.repeat(63))).toEqual({ ok: true })
    expect(analytics.getAccountId()).toBe('x'.repeat(63))
    analytics.logout()
    expect(analytics.getAccountId()).toBeUndefined()
  })
})

describe('batching', () => {
  it('sends when the queue reaches 6 events, not before', async () => {
    const analytics = client()
    for (let i = 0; i < 5; i += 1) analytics.track(`e${i}`)
    await vi.advanceTimersByTimeAsync(0)
    expect(transport.calls).toHaveLength(0)
    analytics.track('e5')
    await vi.advanceTimersByTimeAsync(0)
    expect(transport.batches).toEqual([expect.any(Array)])
    expect(sentNames()).toEqual(['e0', 'e1', 'e2', 'e3', 'e4', 'e5'])
  })

  it('clamps the batch size to 1–30', () => {
    expect(clampBatchSize(0)).toBe(1)
    expect(clampBatchSize(-5)).toBe(1)
    expect(clampBatchSize(31)).toBe(30)
    expect(clampBatchSize(12.4)).toBe(12)
    expect(clampBatchSize(Number.NaN)).toBe(6)
  })

  it('a batch size above 30 behaves as 30', async () => {
    const analytics = client({ batchSize: 100 })
    for (let i = 0; i < 29; i += 1) analytics.track('e')
    await vi.advanceTimersByTimeAsync(0)
    expect(transport.calls).toHaveLength(0)
    analytics.track('e')
    await vi.advanceTimersByTimeAsync(0)
    expect(transport.batches[0]).toHaveLength(30)
  })

  it('sends what is queued every 6 s', async () => {
    const analytics = client()
    analytics.track('one')
    await vi.advanceTimersByTimeAsync(5_999)
    expect(transport.calls).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(sentNames()).toEqual(['one'])
    await vi.advanceTimersByTimeAsync(6_000)
    expect(transport.calls).toHaveLength(1)
  })

  it('keeps at most 500 queued events, dropping the oldest and counting them', async () => {
    transport.mode = 'fail'
    const analytics = client({ batchSize: 30, retries: 0 })
    for (let i = 0; i < 520; i += 1) analytics.track(`e${i}`)
    await vi.advanceTimersByTimeAsync(0)
    expect(analytics.getStats()).toMatchObject({ queued: 500, dropped: 20 })
    transport.mode = 'ok'
    await analytics.flush()
    expect(sentNames()[0]).toBe('e20')
    expect(sentNames().at(-1)).toBe('e519')
  })

  it('sends at most 50 events per send', async () => {
    transport.mode = 'fail'
    const analytics = client({ batchSize: 30, retries: 0 })
    for (let i = 0; i < 120; i += 1) analytics.track('e')
    await vi.advanceTimersByTimeAsync(0)
    transport.mode = 'ok'
    await analytics.flush()
    expect(transport.batches.map((batch) => batch.length)).toEqual([50, 50, 20])
    expect(analytics.getStats().queued).toBe(0)
  })

  it('passes the 3 s send time-out to the transport', async () => {
    const analytics = client()
    analytics.track('e')
    await analytics.flush()
    expect(transport.calls[0]?.options).toEqual({ timeoutMs: 3_000 })
  })
})

describe('retries', () => {
  it('tries 1 + 3 times, then keeps the events for the next flush', async () => {
    const onError = vi.fn()
    const analytics = client({ onError })
    transport.mode = 'fail'
    analytics.track('kept')
    await analytics.flush()
    expect(transport.calls).toHaveLength(4)
    expect(onError).toHaveBeenCalledTimes(4)
    expect(analytics.getStats()).toMatchObject({ queued: 1, failedSends: 1 })
    transport.mode = 'ok'
    await vi.advanceTimersByTimeAsync(6_000)
    expect(sentNames()).toEqual(['kept'])
    expect(analytics.getStats().queued).toBe(0)
  })

  it('a send that does not settle within 3 s counts as failed', async () => {
    const analytics = client({ retries: 1 })
    transport.mode = 'hang'
    analytics.track('slow')
    const flushed = analytics.flush()
    await vi.advanceTimersByTimeAsync(2_999)
    expect(transport.calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(transport.calls).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(3_000)
    await flushed
    expect(analytics.getStats()).toMatchObject({ queued: 1, failedSends: 1 })
  })

  it('a second flush while one is in flight shares it', async () => {
    const analytics = client()
    analytics.track('e')
    const first = analytics.flush()
    const second = analytics.flush()
    expect(second).toBe(first)
    await first
    expect(transport.calls).toHaveLength(1)
  })
})

describe('timed events', () => {
  it('adds #duration in seconds to the next track of that name', async () => {
    const analytics = client()
    analytics.timeEvent('video_call')
    await vi.advanceTimersByTimeAsync(12_345)
    analytics.track('video_call')
    analytics.track('video_call')
    await analytics.flush()
    expect(transport.batches[0]?.map((event) => event.properties['#duration'])).toEqual([
      12.345,
      undefined,
    ])
  })

  it('caps the duration at 86 400 s', () => {
    expect(eventDurationSeconds(0, 86_400_000)).toBe(86_400)
    expect(eventDurationSeconds(0, 200_000_000)).toBe(86_400)
    expect(eventDurationSeconds(1_000, 0)).toBe(0)
  })

  it('an event timer survives a new client instance', async () => {
    client().timeEvent('watch')
    await vi.advanceTimersByTimeAsync(90_000_000)
    const later = client()
    later.track('watch')
    await later.flush()
    expect(transport.batches[0]?.[0]?.properties['#duration']).toBe(86_400)
  })

  it('refuses an invalid event name', () => {
    expect(client().timeEvent('bad-name')).toMatchObject({ ok: false, reason: 'invalid' })
  })
})

describe('tracking status', () => {
  it('pause stops collecting but keeps identity and sends what was queued', async () => {
    const analytics = client()
    analytics.identify('100001')
    analytics.track('before')
    analytics.setTrackingStatus('pause')
    expect(analytics.getTrackingStatus()).toBe('pause')
    expect(analytics.track('during')).toEqual({ ok: false, reason: 'paused' })
    expect(analytics.getAccountId()).toBe('100001')
    await analytics.flush()
    expect(sentNames()).toEqual(['before'])
    analytics.setTrackingStatus('normal')
    expect(analytics.track('after')).toEqual({ ok: true })
  })

  it('stop opts out, clears super properties, account id, event timers and the queue', async () => {
    const analytics = client()
    analytics.identify('100001')
    analytics.setSuperProperties({ brand: 'second' })
    analytics.timeEvent('call')
    analytics.track('pending')
    analytics.setTrackingStatus('stop')
    expect(analytics.getTrackingStatus()).toBe('stop')
    expect(analytics.getAccountId()).toBeUndefined()
    expect(analytics.getSuperProperties()).toEqual({})
    expect(analytics.track('x')).toEqual({ ok: false, reason: 'stopped' })
    expect(analytics.identify('100001')).toEqual({ ok: false, reason: 'stopped' })
    await analytics.flush()
    expect(transport.calls).toHaveLength(0)

    analytics.setTrackingStatus('normal')
    analytics.track('call')
    await analytics.flush()
    expect(transport.batches[0]?.[0]?.properties).toEqual({})
  })

  it('pause after stop stays opted out until normal', () => {
    const analytics = client()
    analytics.setTrackingStatus('stop')
    analytics.setTrackingStatus('pause')
    expect(analytics.getTrackingStatus()).toBe('stop')
    analytics.setTrackingStatus('normal')
    expect(analytics.getTrackingStatus()).toBe('normal')
  })

  it('a failed batch of a user who then opts out is not put back', async () => {
    const analytics = client({ retries: 0 })
    transport.mode = 'hang'
    analytics.track('e')
    const flushed = analytics.flush()
    analytics.setTrackingStatus('stop')
    await vi.advanceTimersByTimeAsync(3_000)
    await flushed
    expect(analytics.getStats().queued).toBe(0)
  })
})

describe('persistence', () => {
  it('keeps ids, account, super properties and status across a new client instance', () => {
    const first = client()
    first.identify('100001')
    first.setSuperProperties({ brand: 'second' })
    first.setTrackingStatus('pause')
    const second = client({ createId: sequentialIds('other') })
    expect(second.getDistinctId()).toBe(first.getDistinctId())
    expect(second.getDeviceId()).toBe(first.getDeviceId())
    expect(second.getAccountId()).toBe('100001')
    expect(second.getSuperProperties()).toEqual({ brand: 'second' })
    expect(second.getTrackingStatus()).toBe('pause')
  })

  it('persists the spec field names', () => {
    const analytics = client()
    analytics.identify('100001')
    analytics.setTrackingStatus('stop')
    const stored: unknown = JSON.parse(storage.data.get('vchat_analytics') ?? 'null')
    expect(stored).toEqual({
      distinct_id: 'id-1',
      device_id: 'id-2',
      super_properties: {},
      event_timers: {},
      tracking_enabled: true,
      opt_in: false,
    })
    expect(client().getTrackingStatus()).toBe('stop')
  })

  it('starts fresh from unreadable storage and keeps working when writes fail', () => {
    const onError = vi.fn()
    const broken = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('quota')
      },
    }
    const analytics = client({ storage: broken, onError })
    expect(analytics.getTrackingStatus()).toBe('normal')
    expect(analytics.identify('100001')).toEqual({ ok: true })
    expect(analytics.getAccountId()).toBe('100001')
    expect(onError).toHaveBeenCalled()

    storage.data.set('vchat_analytics', '{not json')
    expect(client().getTrackingStatus()).toBe('normal')
  })
})

describe('options', () => {
  it('refuses nonsense limits', () => {
    expect(() => client({ queueCap: 0 })).toThrow(RangeError)
    expect(() => client({ retries: -1 })).toThrow(RangeError)
    expect(() => client({ sendTimeoutMs: 1.5 })).toThrow(RangeError)
  })

  it('shutdown stops the interval', async () => {
    const analytics = client()
    analytics.track('e')
    analytics.shutdown()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(transport.calls).toHaveLength(0)
  })
})

describe('flush', () => {
  it('an empty flush does not block later ones', async () => {
    const analytics = client()
    await analytics.flush()
    analytics.track('later')
    await analytics.flush()
    expect(sentNames()).toEqual(['later'])
  })

  it('events queued while a batch is in flight go out in the same flush', async () => {
    let release: () => void = () => undefined
    const send = transport.send
    let first = true
    transport.send = (events, options) => {
      if (first) {
        first = false
        transport.calls.push({ events, options })
        transport.batches.push(events)
        return new Promise<void>((resolve) => {
          release = resolve
        })
      }
      return send(events, options)
    }
    const analytics = client()
    analytics.track('a')
    const flushed = analytics.flush()
    analytics.track('b')
    release()
    await flushed
    expect(transport.batches.map((batch) => batch.map((event) => event.event))).toEqual([['a'], ['b']])
  })
})
