import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createAnalytics } from './analyticsClient'
import type { AnalyticsClient, AnalyticsEvent, AnalyticsOptions, BeaconSender } from './types'
import {
  createFakeTransport,
  createMemoryStorage,
  fakeTimers,
  nowFromFakeClock,
  sequentialIds,
} from './test-utils/fakes'
import type { FakeTransport } from './test-utils/fakes'

const QUEUE_KEY = 'vchat_analytics_queue'

interface FakeBeacon extends BeaconSender {
  readonly sends: Array<readonly AnalyticsEvent[]>
  accept: boolean | ((events: readonly AnalyticsEvent[]) => boolean)
}

function createFakeBeacon(): FakeBeacon {
  const beacon: FakeBeacon = {
    sends: [],
    accept: true,
    send(events) {
      const accepted = typeof beacon.accept === 'function' ? beacon.accept(events) : beacon.accept
      if (accepted) beacon.sends.push(events)
      return accepted
    },
  }
  return beacon
}

let transport: FakeTransport
let storage: ReturnType<typeof createMemoryStorage>
let beacon: FakeBeacon
let clients: AnalyticsClient[]
let ids: () => string

/** A client as one page load creates it; ids continue across "reloads" like real UUIDs would. */
function page(overrides: Partial<AnalyticsOptions> = {}): AnalyticsClient {
  const created = createAnalytics({
    transport,
    storage,
    beacon,
    timers: fakeTimers(),
    now: nowFromFakeClock,
    createId: ids,
    ...overrides,
  })
  clients.push(created)
  return created
}

function stored(): { pending: AnalyticsEvent[]; sentIds: string[] } {
  return JSON.parse(storage.data.get(QUEUE_KEY) ?? 'null') as { pending: AnalyticsEvent[]; sentIds: string[] }
}

/**
 * The queue is written once at the end of the task that changed it (a microtask); a reload, a page
 * hide or another tab only ever sees storage after that. Awaiting this lets that write happen.
 */
async function endOfTask(): Promise<void> {
  await Promise.resolve()
}

function sentEventIds(): string[] {
  return transport.batches.flat().map((event) => event.eventId)
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2025-01-01T00:00:00Z') })
  transport = createFakeTransport()
  storage = createMemoryStorage()
  beacon = createFakeBeacon()
  clients = []
  ids = sequentialIds()
})

afterEach(() => {
  for (const created of clients) created.shutdown()
  vi.useRealTimers()
})

describe('pending events across a reload', () => {
  it('persists every queued event and sends it from the next page load', async () => {
    const first = page()
    first.track('a')
    first.track('b')
    await endOfTask()
    expect(stored().pending.map((event) => event.event)).toEqual(['a', 'b'])
    first.shutdown() // the page closes before the 6 s interval

    const second = page()
    expect(second.getStats().queued).toBe(2)
    await vi.advanceTimersByTimeAsync(6_000)
    expect(transport.batches.flat().map((event) => event.event)).toEqual(['a', 'b'])
    expect(stored().pending).toEqual([])
  })

  it('keeps a batch in flight persisted until the receiver has it', async () => {
    transport.mode = 'hang'
    const first = page()
    for (let i = 0; i < 6; i += 1) first.track(`e${i}`)
    await vi.advanceTimersByTimeAsync(0)
    expect(transport.calls).toHaveLength(1)
    expect(first.getStats().queued).toBe(0)
    expect(stored().pending).toHaveLength(6)
    first.shutdown()

    transport.mode = 'ok'
    const second = page()
    await second.flush()
    expect(transport.batches.flat().map((event) => event.event)).toEqual(['e0', 'e1', 'e2', 'e3', 'e4', 'e5'])
  })

  it('forgets delivered events', async () => {
    const analytics = page()
    analytics.track('a')
    await analytics.flush()
    expect(stored().pending).toEqual([])
  })

  it('ignores a malformed stored queue and malformed entries', () => {
    storage.setItem(QUEUE_KEY, '{not json')
    expect(page().getStats().queued).toBe(0)
    storage.setItem(QUEUE_KEY, JSON.stringify({ pending: [{ type: 'track' }, 42, null], sentIds: 'x' }))
    expect(page({ storageKey: 'vchat_analytics' }).getStats().queued).toBe(0)
  })

  it('drops repeated event ids found in storage', () => {
    const event: AnalyticsEvent = {
      type: 'track',
      event: 'a',
      eventId: 'same',
      time: 1,
      distinctId: 'd',
      deviceId: 'v',
      properties: {},
    }
    storage.setItem(QUEUE_KEY, JSON.stringify({ pending: [event, event], sentIds: [] }))
    expect(page().getStats().queued).toBe(1)
  })

  it('applies the queue cap to restored events', async () => {
    const first = page({ queueCap: 500 })
    for (let i = 0; i < 10; i += 1) first.track('e')
    await endOfTask()
    first.shutdown()
    const second = page({ queueCap: 4, batchSize: 30 })
    expect(second.getStats()).toMatchObject({ queued: 4, dropped: 6 })
  })

  it('uses queueStorage for the queue and storage for the identity', async () => {
    const queueStorage = createMemoryStorage()
    const analytics = page({ queueStorage })
    analytics.track('a')
    await endOfTask()
    expect(storage.data.has(QUEUE_KEY)).toBe(false)
    expect(storage.data.has('vchat_analytics')).toBe(true)
    expect(queueStorage.data.has(QUEUE_KEY)).toBe(true)
  })

  it('clears the persisted queue when the user opts out (stop)', async () => {
    const analytics = page()
    analytics.track('a')
    await endOfTask()
    expect(stored().pending).toHaveLength(1)
    analytics.setTrackingStatus('stop')
    await endOfTask()
    expect(stored().pending).toEqual([])
    expect(page().getStats().queued).toBe(0)
  })

  it('reports a failing queue write and keeps working from memory', async () => {
    const onError = vi.fn()
    const queueStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    }
    const analytics = page({ queueStorage, onError })
    expect(analytics.track('a')).toEqual({ ok: true })
    await endOfTask()
    expect(onError).toHaveBeenCalledWith(new Error('QuotaExceededError'))
    await analytics.flush()
    expect(transport.batches.flat().map((event) => event.event)).toEqual(['a'])
  })
})

describe('flushByBeacon', () => {
  it('hands every pending event to the beacon and never sends them again after a reload', async () => {
    const first = page()
    first.track('a')
    first.track('b')
    expect(first.flushByBeacon()).toEqual({ sent: 2, kept: 0, inFlight: 0 })
    expect(beacon.sends.map((events) => events.map((event) => event.event))).toEqual([['a', 'b']])
    expect(first.getStats().queued).toBe(0)
    expect(stored()).toEqual({ pending: [], sentIds: ['id-3', 'id-4'] })
    first.shutdown()

    const second = page()
    await second.flush()
    await vi.advanceTimersByTimeAsync(6_000)
    expect(transport.calls).toHaveLength(0)
  })

  it('de-duplicates by event id on load: a beaconed event still in a stale stored queue is skipped', async () => {
    const first = page()
    first.track('a')
    await endOfTask()
    const staleQueue = storage.data.get(QUEUE_KEY) ?? ''
    first.flushByBeacon()
    const { sentIds } = stored()
    // As if the pending list had been written by an older snapshot (e.g. another tab).
    storage.setItem(QUEUE_KEY, JSON.stringify({ pending: JSON.parse(staleQueue).pending, sentIds }))
    first.shutdown()

    const second = page()
    expect(second.getStats().queued).toBe(0)
    await second.flush()
    expect(transport.calls).toHaveLength(0)
  })

  it('sends at most 50 events per beacon', async () => {
    const analytics = page({ batchSize: 30, queueCap: 500 })
    transport.mode = 'hang'
    for (let i = 0; i < 120; i += 1) analytics.track('e')
    // The first 30 are in flight by POST; the 90 queued after them go by beacon.
    expect(analytics.flushByBeacon()).toEqual({ sent: 90, kept: 0, inFlight: 30 })
    expect(beacon.sends.map((events) => events.length)).toEqual([50, 40])
    await vi.advanceTimersByTimeAsync(3_000) // the POST times out: its batch follows by beacon
    expect(beacon.sends.map((events) => events.length)).toEqual([50, 40, 30])
    expect(new Set(beacon.sends.flat().map((event) => event.eventId)).size).toBe(120)
  })

  it('leaves the batch in flight to its POST: only the queued events go by beacon', async () => {
    let answer: () => void = () => undefined
    transport.send = (events, options) => {
      transport.calls.push({ events, options })
      return new Promise<void>((resolve) => {
        answer = () => {
          transport.batches.push(events)
          resolve()
        }
      })
    }
    const analytics = page()
    for (let i = 0; i < 6; i += 1) analytics.track(`e${i}`)
    analytics.track('queued')
    await vi.advanceTimersByTimeAsync(0)
    expect(transport.calls).toHaveLength(1)

    expect(analytics.flushByBeacon()).toEqual({ sent: 1, kept: 0, inFlight: 6 })
    expect(beacon.sends.map((events) => events.map((event) => event.event))).toEqual([['queued']])
    // Until the POST answers, the batch stays persisted (an unload now resends it next load).
    expect(stored().pending.map((event) => event.event)).toEqual(['e0', 'e1', 'e2', 'e3', 'e4', 'e5'])

    answer()
    await vi.advanceTimersByTimeAsync(0)
    expect(analytics.getStats()).toMatchObject({ queued: 0, failedSends: 0 })
    expect(stored().pending).toEqual([])
    // Each event reached the receiver exactly once: the six by POST, the seventh by beacon.
    const delivered = [...sentEventIds(), ...beacon.sends.flat().map((event) => event.eventId)]
    expect(delivered).toHaveLength(7)
    expect(new Set(delivered).size).toBe(7)
    await vi.advanceTimersByTimeAsync(12_000)
    expect(transport.calls).toHaveLength(1)
    expect(beacon.sends).toHaveLength(1)
  })

  it('beacons the batch in flight when its POST fails after the page was hidden, without another POST', async () => {
    transport.mode = 'hang'
    const onError = vi.fn()
    const analytics = page({ retries: 3, onError })
    for (let i = 0; i < 6; i += 1) analytics.track(`e${i}`)
    await vi.advanceTimersByTimeAsync(0)
    expect(analytics.flushByBeacon()).toEqual({ sent: 0, kept: 0, inFlight: 6 })
    expect(beacon.sends).toEqual([])

    await vi.advanceTimersByTimeAsync(3_000) // the in-flight POST times out
    expect(onError).toHaveBeenCalledTimes(1)
    expect(transport.calls).toHaveLength(1) // no retry by POST while hidden
    expect(beacon.sends.map((events) => events.map((event) => event.event))).toEqual([
      ['e0', 'e1', 'e2', 'e3', 'e4', 'e5'],
    ])
    expect(analytics.getStats()).toMatchObject({ queued: 0, failedSends: 1 })
    expect(stored().pending).toEqual([])
    expect(stored().sentIds).toEqual(beacon.sends[0]?.map((event) => event.eventId))
  })

  it('keeps a failed in-flight batch the beacon refuses, for the next flush', async () => {
    transport.mode = 'fail'
    beacon.accept = false
    const analytics = page({ retries: 3 })
    for (let i = 0; i < 6; i += 1) analytics.track(`e${i}`)
    // The first attempt is under way (its rejection not yet seen) when the page is hidden.
    expect(analytics.flushByBeacon()).toEqual({ sent: 0, kept: 0, inFlight: 6 })
    await vi.advanceTimersByTimeAsync(0)
    expect(transport.calls).toHaveLength(1)
    expect(analytics.getStats()).toMatchObject({ queued: 6, failedSends: 1 })
    expect(stored().pending).toHaveLength(6)

    transport.mode = 'ok'
    await analytics.flush()
    expect(transport.batches.flat().map((event) => event.event)).toEqual(['e0', 'e1', 'e2', 'e3', 'e4', 'e5'])
  })

  it('retries by POST as before when the page was not hidden during the send', async () => {
    transport.mode = 'fail'
    const analytics = page({ retries: 2 })
    for (let i = 0; i < 6; i += 1) analytics.track(`e${i}`)
    await vi.advanceTimersByTimeAsync(0)
    expect(transport.calls).toHaveLength(3)
    expect(beacon.sends).toEqual([])
    expect(analytics.getStats()).toMatchObject({ queued: 6, failedSends: 1 })
  })

  it('keeps what the beacon refuses, persisted for the next load', async () => {
    beacon.accept = (events) => events.length <= 50 && beacon.sends.length === 0
    const analytics = page({ batchSize: 30 })
    transport.mode = 'hang'
    for (let i = 0; i < 130; i += 1) analytics.track(`e${i}`)
    // e0–e29 are in flight by POST; of e30–e129 the beacon takes 50 and refuses the rest.
    expect(analytics.flushByBeacon()).toEqual({ sent: 50, kept: 50, inFlight: 30 })
    const pending = stored().pending.map((event) => event.event)
    expect(pending).toHaveLength(80)
    expect(pending.slice(0, 31)).toEqual([...Array.from({ length: 30 }, (_, i) => `e${i}`), 'e80'])
    analytics.shutdown() // the page goes away before the POST answers

    transport.mode = 'ok'
    const next = page()
    await next.flush()
    expect(sentEventIds()).toHaveLength(80)
    expect(transport.batches.flat()[0]?.event).toBe('e0')
    expect(transport.batches.flat()[30]?.event).toBe('e80')
  })

  it('keeps everything when there is no beacon, and reports a throwing beacon', () => {
    const withoutBeacon = page({ beacon: undefined, storageKey: 'a' })
    withoutBeacon.track('x')
    expect(withoutBeacon.flushByBeacon()).toEqual({ sent: 0, kept: 1, inFlight: 0 })

    const onError = vi.fn()
    const throwing = page({
      storageKey: 'b',
      onError,
      beacon: {
        send: () => {
          throw new TypeError('Illegal invocation')
        },
      },
    })
    throwing.track('x')
    expect(throwing.flushByBeacon()).toEqual({ sent: 0, kept: 1, inFlight: 0 })
    expect(onError).toHaveBeenCalledWith(new TypeError('Illegal invocation'))
  })

  it('does nothing when nothing is pending', () => {
    expect(page().flushByBeacon()).toEqual({ sent: 0, kept: 0, inFlight: 0 })
    expect(beacon.sends).toEqual([])
  })

  it('keeps the list of beaconed ids bounded', () => {
    const analytics = page({ batchSize: 30, queueCap: 500 })
    transport.mode = 'hang'
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 250; i += 1) analytics.track('e')
      analytics.flushByBeacon()
    }
    expect(stored().sentIds).toHaveLength(600)
  })
})

describe('one queue write per task', () => {
  /** Storage that counts the writes of the queue key. */
  function countingStorage(): ReturnType<typeof createMemoryStorage> & { queueWrites: () => number } {
    const inner = createMemoryStorage()
    let writes = 0
    return {
      data: inner.data,
      getItem: inner.getItem,
      setItem: (key, value) => {
        if (key === QUEUE_KEY) writes += 1
        inner.setItem(key, value)
      },
      queueWrites: () => writes,
    }
  }

  it('a burst of 1000 events in one task is written once, and the written queue holds all of them', async () => {
    const counting = countingStorage()
    storage = counting
    transport.mode = 'hang' // the batch that starts at the batch size stays in flight (and persisted)
    const analytics = page({ queueCap: 1000 })
    for (let i = 0; i < 1000; i += 1) expect(analytics.track('chat_receive', { n: i })).toEqual({ ok: true })
    expect(counting.queueWrites()).toBe(0)
    await endOfTask()
    expect(counting.queueWrites()).toBe(1)
    const pending = stored().pending
    expect(pending).toHaveLength(1000)
    expect(pending.map((event) => event.properties['n'])).toEqual(Array.from({ length: 1000 }, (_, i) => i))
    // A reload sees every one of them.
    expect(page({ queueCap: 1000 }).getStats().queued).toBe(1000)
  })

  it('with the default cap, the one write holds the batch in flight and the newest 500 queued', async () => {
    const counting = countingStorage()
    storage = counting
    transport.mode = 'hang'
    const analytics = page()
    for (let i = 0; i < 1000; i += 1) analytics.track('chat_receive', { n: i })
    await endOfTask()
    expect(counting.queueWrites()).toBe(1)
    // The sixth event started a send of the first six (in flight, kept until answered); the queue
    // behind it holds at most 500, the oldest dropped.
    expect(stored().pending.map((event) => event.properties['n'])).toEqual([
      ...Array.from({ length: 6 }, (_, i) => i),
      ...Array.from({ length: 500 }, (_, i) => 500 + i),
    ])
    expect(analytics.getStats()).toMatchObject({ queued: 500, dropped: 494 })
  })

  it('each later task that changes the queue writes it again', async () => {
    const counting = countingStorage()
    storage = counting
    const analytics = page({ batchSize: 30 })
    analytics.track('a')
    await endOfTask()
    analytics.track('b')
    analytics.track('c')
    await endOfTask()
    expect(counting.queueWrites()).toBe(2)
    expect(stored().pending.map((event) => event.event)).toEqual(['a', 'b', 'c'])
  })

  it('the beacon writes at once, and the pending end-of-task write adds nothing stale after it', async () => {
    const counting = countingStorage()
    storage = counting
    const analytics = page()
    analytics.track('a')
    expect(analytics.flushByBeacon()).toMatchObject({ sent: 1 })
    // Synchronous: the page may be gone after this task.
    expect(counting.queueWrites()).toBe(1)
    expect(stored()).toEqual({ pending: [], sentIds: ['id-3'] })
    await endOfTask()
    expect(counting.queueWrites()).toBe(1)
    expect(stored()).toEqual({ pending: [], sentIds: ['id-3'] })
  })

  it('an event after the beacon in the same task is still written at the end of the task', async () => {
    const analytics = page()
    analytics.track('a')
    analytics.flushByBeacon()
    analytics.track('b')
    await endOfTask()
    expect(stored().pending.map((event) => event.event)).toEqual(['b'])
    expect(stored().sentIds).toEqual(['id-3'])
  })

  it('with nothing to beacon, a change still waiting for its write is written at once', async () => {
    const analytics = page()
    analytics.track('a')
    await endOfTask()
    analytics.setTrackingStatus('stop')
    expect(stored().pending).toHaveLength(1)
    expect(analytics.flushByBeacon()).toEqual({ sent: 0, kept: 0, inFlight: 0 })
    expect(stored().pending).toEqual([])
  })
})
