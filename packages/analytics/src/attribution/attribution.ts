import {
  ATTRIBUTION_REFRESH_MESSAGE_TYPE,
  ATTRIBUTION_STORAGE_KEY,
  TRACKING_HEADER_TTL_MS,
} from '../constants'
import type { AnalyticsTimers, KeyValueStorage } from '../types'
import { encodeTrackingHeader } from './trackingHeader'
import type { AttributionEnvironment, AttributionInfo, AttributionSdk, AttributionSnapshot } from './types'

const INFO_FIELDS = [
  'adid',
  'tracker_token',
  'tracker_name',
  'network',
  'campaign',
  'adgroup',
  'creative',
  'click_label',
  'state',
] as const satisfies ReadonlyArray<keyof AttributionInfo>

/** Our choice: a vendor that does not answer within 30 s counts as a failed refresh. */
export const ATTRIBUTION_REFRESH_TIMEOUT_MS = 30_000

export class AttributionTimeoutError extends Error {
  constructor(ms: number) {
    super(`attribution refresh gave no answer within ${ms} ms`)
    this.name = 'AttributionTimeoutError'
  }
}

export interface AttributionOptions {
  /** The brand's attribution app token; empty or missing: the adapter is off and loads nothing. */
  appToken: string | null | undefined
  environment?: AttributionEnvironment
  /** Loads the SDK on first use (e.g. `() => loadVendorAttributionSdk({ loadScript })`). */
  loadSdk: () => Promise<AttributionSdk>
  storage: KeyValueStorage
  now?: () => number
  timers?: Pick<AnalyticsTimers, 'setTimeout' | 'clearTimeout'>
  timeoutMs?: number
  storageKey?: string
  /** Receives swallowed failures (SDK load, vendor errors, storage). */
  onError?: (error: unknown) => void
}

export interface Attribution {
  /** False when the brand has no app token: every method is a harmless no-op. */
  readonly enabled: boolean
  /**
   * Loads and initialises the SDK once and fetches the attribution and web uuid, persisting them
   * with the tracking header. Shared while running; never rejects: on failure the last persisted
   * snapshot stays and null is returned.
   */
  refreshAttribution(): Promise<AttributionSnapshot | null>
  /** Call for every incoming message type; 100 (attribution_refresh) starts a refresh. */
  handleMessageType(type: number): boolean
  /** The persisted snapshot (from this or an earlier page load), or null. */
  getSnapshot(): AttributionSnapshot | null
  /** For deviceInfo.adid; '' when unknown. */
  getAdid(): string
  /** For deviceInfo.webUuid; '' when unknown. */
  getWebUuid(): string
  /** The tracking heartbeat header (≤ 1024 bytes), or null when none or stored over 30 days ago. */
  getTrackingHeader(): string | null
}

interface Persisted extends AttributionSnapshot {
  readonly header: string
  readonly headerStoredAt: number
}

function normaliseInfo(raw: Partial<Record<keyof AttributionInfo, unknown>> | null): AttributionInfo {
  const info: Record<string, string> = {}
  for (const field of INFO_FIELDS) {
    const value = raw?.[field]
    info[field] = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''
  }
  return info as unknown as AttributionInfo
}

function load(storage: KeyValueStorage, key: string): Persisted | null {
  try {
    const raw = storage.getItem(key)
    if (raw === null) return null
    const parsed = JSON.parse(raw) as Partial<Persisted> | null
    if (typeof parsed !== 'object' || parsed === null) return null
    if (typeof parsed.webUuid !== 'string' || typeof parsed.updatedAt !== 'number') return null
    return {
      info: normaliseInfo(parsed.info ?? null),
      webUuid: parsed.webUuid,
      updatedAt: parsed.updatedAt,
      header: typeof parsed.header === 'string' ? parsed.header : '',
      headerStoredAt: typeof parsed.headerStoredAt === 'number' ? parsed.headerStoredAt : 0,
    }
  } catch {
    return null
  }
}

/**
 * The attribution adapter (SPEC §3, §7, §9): fetches the vendor's attribution and web uuid through
 * `AttributionSdk`, persists them for deviceInfo.adid / webUuid, and keeps the tracking heartbeat
 * header for 30 days. Without an app token it never loads the SDK.
 */
export function createAttribution(options: AttributionOptions): Attribution {
  const enabled = typeof options.appToken === 'string' && options.appToken !== ''
  const now = options.now ?? (() => Date.now())
  const storageKey = options.storageKey ?? ATTRIBUTION_STORAGE_KEY
  const timeoutMs = options.timeoutMs ?? ATTRIBUTION_REFRESH_TIMEOUT_MS
  const setTimer = options.timers?.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms))
  const clearTimer =
    options.timers?.clearTimeout ??
    ((handle: unknown) => globalThis.clearTimeout(handle as Parameters<typeof clearTimeout>[0]))
  const reportError = (error: unknown): void => options.onError?.(error)

  let persisted = enabled ? load(options.storage, storageKey) : null
  let sdk: Promise<AttributionSdk> | null = null
  let refreshing: Promise<AttributionSnapshot | null> | null = null

  function ready(): Promise<AttributionSdk> {
    if (!sdk) {
      const appToken = options.appToken ?? ''
      sdk = options.loadSdk().then((loaded) => {
        loaded.init({ appToken, environment: options.environment ?? 'production' })
        return loaded
      })
      // A failed load may be retried by the next refresh.
      sdk.catch(() => {
        sdk = null
      })
    }
    return sdk
  }

  async function fetchSnapshot(): Promise<Persisted> {
    const vendor = await ready()
    const [raw, webUuid] = await Promise.all([vendor.getAttribution(), vendor.getWebUUID()])
    const info = normaliseInfo(raw)
    const uuid = webUuid ?? persisted?.webUuid ?? ''
    const at = now()
    return { info, webUuid: uuid, updatedAt: at, header: encodeTrackingHeader(info, uuid), headerStoredAt: at }
  }

  async function refresh(): Promise<AttributionSnapshot | null> {
    let timer: unknown = null
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimer(() => reject(new AttributionTimeoutError(timeoutMs)), timeoutMs)
    })
    try {
      const next = await Promise.race([fetchSnapshot(), timeout])
      persisted = next
      try {
        options.storage.setItem(storageKey, JSON.stringify(next))
      } catch (error) {
        reportError(error)
      }
      return snapshotOf(next)
    } catch (error) {
      reportError(error)
      return null
    } finally {
      clearTimer(timer)
    }
  }

  function snapshotOf(value: Persisted | null): AttributionSnapshot | null {
    if (!value) return null
    return { info: value.info, webUuid: value.webUuid, updatedAt: value.updatedAt }
  }

  const attribution: Attribution = {
    enabled,
    refreshAttribution() {
      if (!enabled) return Promise.resolve(null)
      refreshing ??= refresh().finally(() => {
        refreshing = null
      })
      return refreshing
    },
    handleMessageType(type) {
      if (type !== ATTRIBUTION_REFRESH_MESSAGE_TYPE || !enabled) return false
      void attribution.refreshAttribution()
      return true
    },
    getSnapshot: () => snapshotOf(persisted),
    getAdid: () => persisted?.info.adid ?? '',
    getWebUuid: () => persisted?.webUuid ?? '',
    getTrackingHeader() {
      if (!persisted || persisted.header === '') return null
      if (now() - persisted.headerStoredAt > TRACKING_HEADER_TTL_MS) return null
      return persisted.header
    },
  }
  return attribution
}
