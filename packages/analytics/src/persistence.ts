import type { PropertyValue } from './validation'
import type { AnalyticsEvent, AnalyticsEventType, KeyValueStorage } from './types'

/** What the client keeps across page loads (SPEC §3, analytics persistence). */
export interface PersistedState {
  distinct_id: string
  device_id: string
  account_id?: string
  super_properties: Record<string, PropertyValue>
  /** Event name → start time (ms since the epoch). */
  event_timers: Record<string, number>
  tracking_enabled: boolean
  opt_in: boolean
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Reads the stored state; anything unreadable or malformed counts as nothing stored. */
export function loadState(storage: KeyValueStorage, key: string): Partial<PersistedState> {
  let raw: string | null
  try {
    raw = storage.getItem(key)
  } catch {
    return {}
  }
  if (raw === null) return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return {}
  }
  if (!isRecord(parsed)) return {}
  const state: Partial<PersistedState> = {}
  if (typeof parsed['distinct_id'] === 'string') state.distinct_id = parsed['distinct_id']
  if (typeof parsed['device_id'] === 'string') state.device_id = parsed['device_id']
  if (typeof parsed['account_id'] === 'string') state.account_id = parsed['account_id']
  if (isRecord(parsed['super_properties'])) {
    state.super_properties = parsed['super_properties'] as Record<string, PropertyValue>
  }
  if (isRecord(parsed['event_timers'])) {
    const timers: Record<string, number> = {}
    for (const [name, start] of Object.entries(parsed['event_timers'])) {
      if (typeof start === 'number' && Number.isFinite(start)) timers[name] = start
    }
    state.event_timers = timers
  }
  if (typeof parsed['tracking_enabled'] === 'boolean') {
    state.tracking_enabled = parsed['tracking_enabled']
  }
  if (typeof parsed['opt_in'] === 'boolean') state.opt_in = parsed['opt_in']
  return state
}

export function saveState(storage: KeyValueStorage, key: string, state: PersistedState): void {
  storage.setItem(key, JSON.stringify(state))
}

/** Pending events kept across reloads, and the ids already handed to a beacon (newest last). */
export interface PersistedQueue {
  pending: AnalyticsEvent[]
  sentIds: string[]
}

const EVENT_TYPES: ReadonlySet<AnalyticsEventType> = new Set(['track', 'user_set', 'user_add', 'user_append'])

function isEvent(value: unknown): value is AnalyticsEvent {
  if (!isRecord(value)) return false
  return (
    EVENT_TYPES.has(value['type'] as AnalyticsEventType) &&
    typeof value['eventId'] === 'string' &&
    typeof value['time'] === 'number' &&
    typeof value['distinctId'] === 'string' &&
    typeof value['deviceId'] === 'string' &&
    (value['event'] === undefined || typeof value['event'] === 'string') &&
    (value['accountId'] === undefined || typeof value['accountId'] === 'string') &&
    isRecord(value['properties'])
  )
}

/**
 * Reads the persisted queue. Malformed entries are skipped; events whose id is among the sent ids
 * or repeated are dropped (de-duplication by event id), so a reload never sends an event twice.
 */
export function loadQueue(storage: KeyValueStorage, key: string): PersistedQueue {
  let raw: string | null
  try {
    raw = storage.getItem(key)
  } catch {
    return { pending: [], sentIds: [] }
  }
  if (raw === null) return { pending: [], sentIds: [] }
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return { pending: [], sentIds: [] }
  }
  if (!isRecord(parsed)) return { pending: [], sentIds: [] }
  const sentIds = Array.isArray(parsed['sentIds'])
    ? parsed['sentIds'].filter((id): id is string => typeof id === 'string')
    : []
  const seen = new Set(sentIds)
  const pending: AnalyticsEvent[] = []
  if (Array.isArray(parsed['pending'])) {
    for (const candidate of parsed['pending']) {
      if (!isEvent(candidate) || seen.has(candidate.eventId)) continue
      seen.add(candidate.eventId)
      pending.push(candidate)
    }
  }
  return { pending, sentIds }
}

export function saveQueue(storage: KeyValueStorage, key: string, queue: PersistedQueue): void {
  storage.setItem(key, JSON.stringify(queue))
}
