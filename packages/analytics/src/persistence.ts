import type { PropertyValue } from './validation'
import type { KeyValueStorage } from './types'

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
