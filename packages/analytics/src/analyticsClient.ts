/**
 * The analytics event client (SPEC §4, §5, §9): what a caller tracks — validation, the tracking
 * status, identity, super properties and event timers in the injected storage. It exists as the
 * public face of the package; pending events (`pendingQueue`), their delivery (`eventSender`) and the
 * options (`clientOptions`) are its parts.
 */
import { DURATION_PROPERTY, MAX_EVENT_DURATION_SECONDS } from './constants'
import { resolveClientSettings } from './clientOptions'
import { createEventSender } from './eventSender'
import { createPendingQueue } from './pendingQueue'
import { loadState, saveState } from './persistence'
import type { PersistedState } from './persistence'
import type {
  AnalyticsClient,
  AnalyticsEvent,
  AnalyticsEventType,
  AnalyticsOptions,
  AnalyticsResult,
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

export { clampBatchSize } from './clientOptions'
export { AnalyticsSendTimeoutError } from './eventSender'

/** Seconds between start and end, never negative, capped at 86 400 s (SPEC §9), ms precision. */
export function eventDurationSeconds(startMs: number, endMs: number): number {
  const seconds = Math.max(0, endMs - startMs) / 1000
  return Math.min(MAX_EVENT_DURATION_SECONDS, Math.round(seconds * 1000) / 1000)
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
  const settings = resolveClientSettings(options)
  const { timers, now, createId, reportError, strict, storageKey, batchSize, flushIntervalMs } = settings

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

  const pending = createPendingQueue({ storage: settings.queueStorage, key: settings.queueKey, cap: settings.queueCap, reportError })
  const { maxPerSend, sendTimeoutMs, retries } = settings
  const sender = createEventSender({ pending, transport, beacon, timers, maxPerSend, sendTimeoutMs, retries, reportError })
  const { flush } = sender

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
    pending.push(record)
    if (pending.queued.length >= batchSize) void flush()
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
    if (pending.queued.length > 0) void flush()
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
          pending.discard()
          sender.discarded()
          break
      }
      persist()
    },

    getTrackingStatus: status,
    getDistinctId: () => state.distinct_id,
    getDeviceId: () => state.device_id,
    getAccountId: () => state.account_id,
    flush,

    flushByBeacon: () => sender.flushByBeacon(),

    getStats: () => ({ queued: pending.queued.length, dropped: pending.dropped, failedSends: sender.failedSends }),

    shutdown() {
      timers.clearInterval(interval)
    },
  }
  return client
}
