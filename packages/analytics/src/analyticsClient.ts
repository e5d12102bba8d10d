import { nanoid } from 'nanoid'
import {
  DEFAULT_BATCH_SIZE,
  DEFAULT_FLUSH_INTERVAL_MS,
  DEFAULT_MAX_PER_SEND,
  DEFAULT_QUEUE_CAP,
  DEFAULT_RETRIES,
  DEFAULT_SEND_TIMEOUT_MS,
  DEFAULT_STORAGE_KEY,
  DURATION_PROPERTY,
  MAX_BATCH_SIZE,
  MAX_EVENT_DURATION_SECONDS,
  MIN_BATCH_SIZE,
  SENT_IDS_CAP,
} from './constants'
import { loadQueue, loadState, saveQueue, saveState } from './persistence'
import type { PersistedState } from './persistence'
import type {
  AnalyticsClient,
  AnalyticsEvent,
  AnalyticsEventType,
  AnalyticsOptions,
  AnalyticsResult,
  AnalyticsTimers,
  BeaconFlushResult,
  TrackingStatus,
} from './types'
import {
  validateAppendValues,
  validateCounterValues,
  validateEventName,
  validateProperties,
  validateUserId,
} from './validation'
import type { Properties, PropertyValue, ValidationError } from './validation'

/** SPEC §9: batch size bounds 1–30; out-of-range values are clamped, fractions rounded. */
export function clampBatchSize(size: number): number {
  if (!Number.isFinite(size)) return DEFAULT_BATCH_SIZE
  return Math.min(MAX_BATCH_SIZE, Math.max(MIN_BATCH_SIZE, Math.round(size)))
}

/** Seconds between start and end, never negative, capped at 86 400 s (SPEC §9), ms precision. */
export function eventDurationSeconds(startMs: number, endMs: number): number {
  const seconds = Math.max(0, endMs - startMs) / 1000
  return Math.min(MAX_EVENT_DURATION_SECONDS, Math.round(seconds * 1000) / 1000)
}

export class AnalyticsSendTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`analytics send timed out after ${timeoutMs} ms`)
    this.name = 'AnalyticsSendTimeoutError'
  }
}

function platformTimers(): AnalyticsTimers {
  return {
    setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof clearTimeout>[0]),
    setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
    clearInterval: (handle) =>
      globalThis.clearInterval(handle as Parameters<typeof clearInterval>[0]),
  }
}

function positiveInteger(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(`${name} must be a positive integer, got ${String(value)}`)
  }
  return value
}

function invalid(errors: readonly ValidationError[]): AnalyticsResult {
  return { ok: false, reason: 'invalid', errors }
}

const OK: AnalyticsResult = { ok: true }

/**
 * The analytics event client (SPEC §4, §5, §9): validates, queues and batches events, keeps
 * identity, super properties, event timers and the tracking status in the injected storage.
 */
export function createAnalytics(options: AnalyticsOptions): AnalyticsClient {
  const { transport, storage, beacon } = options
  const queueStorage = options.queueStorage ?? storage
  const timers = options.timers ?? platformTimers()
  const now = options.now ?? (() => Date.now())
  // nanoid rather than crypto.randomUUID: the latter exists only in secure contexts (https, localhost).
  const createId = options.createId ?? (() => nanoid())
  const reportError = (error: unknown): void => options.onError?.(error)
  const strict = options.strict ?? false
  const storageKey = options.storageKey ?? DEFAULT_STORAGE_KEY
  const queueKey = `${storageKey}_queue`
  const batchSize = clampBatchSize(options.batchSize ?? DEFAULT_BATCH_SIZE)
  const flushIntervalMs = positiveInteger(
    options.flushIntervalMs,
    DEFAULT_FLUSH_INTERVAL_MS,
    'flushIntervalMs',
  )
  const queueCap = positiveInteger(options.queueCap, DEFAULT_QUEUE_CAP, 'queueCap')
  const maxPerSend = positiveInteger(options.maxPerSend, DEFAULT_MAX_PER_SEND, 'maxPerSend')
  const sendTimeoutMs = positiveInteger(options.sendTimeoutMs, DEFAULT_SEND_TIMEOUT_MS, 'sendTimeoutMs')
  const retries = options.retries ?? DEFAULT_RETRIES
  if (!Number.isInteger(retries) || retries < 0) {
    throw new RangeError(`retries must be a non-negative integer, got ${String(retries)}`)
  }

  const loaded = loadState(storage, storageKey)
  const state: PersistedState = {
    distinct_id: loaded.distinct_id ?? createId(),
    device_id: loaded.device_id ?? createId(),
    super_properties: loaded.super_properties ?? {},
    event_timers: loaded.event_timers ?? {},
    tracking_enabled: loaded.tracking_enabled ?? true,
    opt_in: loaded.opt_in ?? true,
  }
  if (loaded.account_id !== undefined) state.account_id = loaded.account_id

  function persist(): void {
    try {
      saveState(storage, storageKey, state)
    } catch (error) {
      // Quota or privacy mode: keep working from memory.
      reportError(error)
    }
  }
  persist()

  // Pending events of an earlier page load (none lost across a reload), minus those a beacon took.
  const restored = loadQueue(queueStorage, queueKey)
  let queue: AnalyticsEvent[] = restored.pending
  /** The batch being sent: still pending (persisted) until the receiver has it. */
  let inFlight: readonly AnalyticsEvent[] = []
  /**
   * Set when the page is hidden while a batch is in flight: that batch is not beaconed at once
   * (its POST may still arrive, and the receiver would get it twice); if the POST then fails, the
   * batch goes by beacon instead of another POST attempt.
   */
  let beaconInFlightOnFailure = false
  /** Ids handed to a beacon, oldest first, bounded; events with these ids are never sent again. */
  let sentIds: string[] = restored.sentIds.slice(-SENT_IDS_CAP)
  let sentIdSet = new Set(sentIds)
  /** Changes when the queue is discarded, so that a failed in-flight batch is not put back. */
  let queueEpoch = 0
  let dropped = 0
  let failedSends = 0
  let flushing: Promise<void> | null = null

  function status(): TrackingStatus {
    if (!state.opt_in) return 'stop'
    if (!state.tracking_enabled) return 'pause'
    return 'normal'
  }

  function refusal(): AnalyticsResult | null {
    const current = status()
    if (current === 'stop') return { ok: false, reason: 'stopped' }
    if (current === 'pause') return { ok: false, reason: 'paused' }
    return null
  }

  function enforceCap(): void {
    const over = queue.length - queueCap
    if (over > 0) {
      queue.splice(0, over)
      dropped += over
    }
  }
  enforceCap()

  /*
   * Queue persistence is coalesced: every change bumps `queueVersion`, and the first change of a task
   * schedules one write at the end of that task (a microtask), which stores the queue as it is then.
   * A burst of events in one task (e.g. a thousand incoming chat messages) thus costs one
   * serialisation and one storage write instead of one per event. The write still happens before the
   * task ends, so a reload or page hide never finds a stale journal. Paths that must be on storage at
   * once (the beacon at page hide) call `persistQueueNow()`; the pending coalesced write then finds
   * the stored version current and writes nothing.
   */
  let queueVersion = 0
  let savedQueueVersion = 0
  let queueSaveScheduled = false

  function writeQueue(): void {
    if (savedQueueVersion === queueVersion) return
    savedQueueVersion = queueVersion
    const pending = [...inFlight, ...queue].filter((event) => !sentIdSet.has(event.eventId))
    try {
      saveQueue(queueStorage, queueKey, { pending, sentIds })
    } catch (error) {
      reportError(error)
    }
  }

  /** Records a queue change; it is written once, at the end of the current task. */
  function persistQueue(): void {
    queueVersion += 1
    if (queueSaveScheduled) return
    queueSaveScheduled = true
    queueMicrotask(() => {
      queueSaveScheduled = false
      writeQueue()
    })
  }

  /** Records a queue change and writes it now (page hide: the page may be gone after this task). */
  function persistQueueNow(): void {
    queueVersion += 1
    writeQueue()
  }

  function markSent(events: readonly AnalyticsEvent[]): void {
    for (const event of events) {
      if (sentIdSet.has(event.eventId)) continue
      sentIds.push(event.eventId)
      sentIdSet.add(event.eventId)
    }
    if (sentIds.length > SENT_IDS_CAP) {
      sentIds = sentIds.slice(-SENT_IDS_CAP)
      sentIdSet = new Set(sentIds)
    }
  }

  function enqueue(type: AnalyticsEventType, properties: Record<string, PropertyValue>, event?: string, time = now()): void {
    const record: AnalyticsEvent = {
      type,
      ...(event === undefined ? {} : { event }),
      eventId: createId(),
      time,
      distinctId: state.distinct_id,
      deviceId: state.device_id,
      ...(state.account_id === undefined ? {} : { accountId: state.account_id }),
      properties,
    }
    queue.push(record)
    enforceCap()
    persistQueue()
    if (queue.length >= batchSize) void flush()
  }

  async function sendOnce(events: readonly AnalyticsEvent[]): Promise<void> {
    let timer: unknown = null
    const timeout = new Promise<never>((_, reject) => {
      timer = timers.setTimeout(() => reject(new AnalyticsSendTimeoutError(sendTimeoutMs)), sendTimeoutMs)
    })
    try {
      await Promise.race([transport.send(events, { timeoutMs: sendTimeoutMs }), timeout])
    } finally {
      timers.clearTimeout(timer)
    }
  }

  /** 'delivered', 'failed' after every attempt, or 'hidden': an attempt failed after the page was hidden. */
  async function sendWithRetries(events: readonly AnalyticsEvent[]): Promise<'delivered' | 'failed' | 'hidden'> {
    for (let attempt = 0; attempt <= retries; attempt += 1) {
      try {
        await sendOnce(events)
        return 'delivered'
      } catch (error) {
        reportError(error)
        if (beaconInFlightOnFailure) return 'hidden'
      }
    }
    return 'failed'
  }

  /** Hands events to the beacon in chunks of at most `maxPerSend`; answers how many it accepted. */
  function beaconEvents(events: readonly AnalyticsEvent[]): number {
    if (!beacon) return 0
    let sent = 0
    for (let start = 0; start < events.length; start += maxPerSend) {
      const chunk = events.slice(start, start + maxPerSend)
      let accepted = false
      try {
        accepted = beacon.send(chunk)
      } catch (error) {
        reportError(error)
      }
      if (!accepted) break
      markSent(chunk)
      sent += chunk.length
    }
    return sent
  }

  function flush(): Promise<void> {
    if (flushing) return flushing
    let finished = false
    const run = (async () => {
      try {
        while (queue.length > 0) {
          const epoch = queueEpoch
          const batch = queue.splice(0, maxPerSend)
          inFlight = batch
          beaconInFlightOnFailure = false
          const outcome = await sendWithRetries(batch)
          const hidden = beaconInFlightOnFailure
          beaconInFlightOnFailure = false
          if (epoch === queueEpoch) inFlight = []
          if (outcome !== 'delivered') {
            failedSends += 1
            // The page was hidden while this POST was out and the POST failed: the beacon takes it
            // now (the receiver stores each eventId once, should the POST have arrived after all).
            if (hidden && epoch === queueEpoch) {
              beaconEvents(batch.filter((event) => !sentIdSet.has(event.eventId)))
            }
            // Kept for the next flush (interval or batch size), subject to the queue cap; events a
            // beacon took meanwhile are not put back.
            if (epoch === queueEpoch) {
              queue.unshift(...batch.filter((event) => !sentIdSet.has(event.eventId)))
              enforceCap()
              persistQueue()
            }
            break
          }
          persistQueue()
        }
      } finally {
        finished = true
        flushing = null
      }
    })()
    // With nothing to send the run completes synchronously; only a pending run is shared.
    if (!finished) flushing = run
    return run
  }

  /** Checks the tracking status and the SPEC §5 rules before anything is queued. */
  function check(
    properties: Properties | undefined,
    extraChecks: (props: Properties) => ValidationError[],
    event?: string,
  ): AnalyticsResult {
    const refused = refusal()
    if (refused) return refused
    // The common, valid case allocates nothing beyond validateProperties' empty list.
    const nameError = event === undefined ? null : validateEventName(event)
    const errors = validateProperties(properties)
    if (nameError) errors.unshift(nameError)
    if (errors.length === 0 && properties !== undefined) errors.push(...extraChecks(properties))
    if (errors.length > 0) return invalid(errors)
    return OK
  }

  const interval = timers.setInterval(() => {
    if (queue.length > 0) void flush()
  }, flushIntervalMs)

  const client: AnalyticsClient = {
    track(name, properties, trackOptions) {
      const checked = check(properties, () => [], name)
      if (!checked.ok) return checked
      const current = now()
      const given = trackOptions?.time
      const time = given !== undefined && Number.isFinite(given) ? Math.min(given, current) : current
      const props: Record<string, PropertyValue> = { ...state.super_properties, ...properties }
      const start = state.event_timers[name]
      if (start !== undefined) {
        props[DURATION_PROPERTY] = eventDurationSeconds(start, time)
        delete state.event_timers[name]
        persist()
      }
      enqueue('track', props, name, time)
      return OK
    },

    userSet(properties) {
      const checked = check(properties, () => [])
      if (!checked.ok) return checked
      enqueue('user_set', { ...properties })
      return OK
    },

    userAdd(properties) {
      const checked = check(properties, (p) => (strict ? validateCounterValues(p) : []))
      if (!checked.ok) return checked
      enqueue('user_add', { ...properties })
      return OK
    },

    userAppend(properties) {
      const checked = check(properties, (p) =>
        strict ? validateAppendValues(p) : [],
      )
      if (!checked.ok) return checked
      enqueue('user_append', { ...properties })
      return OK
    },

    identify(accountId) {
      if (status() === 'stop') return { ok: false, reason: 'stopped' }
      const error = validateUserId(accountId)
      if (error) return invalid([error])
      state.account_id = accountId
      persist()
      return OK
    },

    logout() {
      delete state.account_id
      persist()
    },

    setSuperProperties(properties) {
      if (status() === 'stop') return { ok: false, reason: 'stopped' }
      const errors = validateProperties(properties)
      if (errors.length > 0) return invalid(errors)
      state.super_properties = { ...state.super_properties, ...properties }
      persist()
      return OK
    },

    unsetSuperProperty(name) {
      const { [name]: _removed, ...rest } = state.super_properties
      state.super_properties = rest
      persist()
    },

    clearSuperProperties() {
      state.super_properties = {}
      persist()
    },

    getSuperProperties: () => ({ ...state.super_properties }),

    timeEvent(name) {
      if (status() === 'stop') return { ok: false, reason: 'stopped' }
      const error = validateEventName(name)
      if (error) return invalid([error])
      state.event_timers = { ...state.event_timers, [name]: now() }
      persist()
      return OK
    },

    setTrackingStatus(next) {
      switch (next) {
        case 'normal':
          state.tracking_enabled = true
          state.opt_in = true
          break
        case 'pause':
          state.tracking_enabled = false
          break
        case 'stop':
          state.opt_in = false
          state.super_properties = {}
          delete state.account_id
          state.event_timers = {}
          // An opted-out user's pending events are not sent.
          queue = []
          inFlight = []
          beaconInFlightOnFailure = false
          queueEpoch += 1
          persistQueue()
          break
      }
      persist()
    },

    getTrackingStatus: status,
    getDistinctId: () => state.distinct_id,
    getDeviceId: () => state.device_id,
    getAccountId: () => state.account_id,
    flush,

    flushByBeacon(): BeaconFlushResult {
      // The batch whose POST is in flight is left to that POST; it goes by beacon only if the POST
      // fails (see flush). It stays persisted meanwhile, so an unload before the answer resends it
      // from the next page load, and the receiver drops what it already has by eventId.
      const awaiting = inFlight.filter((event) => !sentIdSet.has(event.eventId)).length
      if (awaiting > 0) beaconInFlightOnFailure = true
      const pending = queue.filter((event) => !sentIdSet.has(event.eventId))
      if (pending.length === 0) {
        // A change still waiting for its end-of-task write goes to storage now.
        writeQueue()
        return { sent: 0, kept: 0, inFlight: awaiting }
      }
      const sent = beaconEvents(pending)
      if (sent > 0) {
        queue = queue.filter((event) => !sentIdSet.has(event.eventId))
      }
      persistQueueNow()
      return { sent, kept: pending.length - sent, inFlight: awaiting }
    },

    getStats: () => ({ queued: queue.length, dropped, failedSends }),

    shutdown() {
      timers.clearInterval(interval)
    },
  }
  return client
}
