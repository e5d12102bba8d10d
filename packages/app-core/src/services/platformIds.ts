import type { BrandConfig } from '../brand/brandConfig'
import { MessageType } from '@vchat/contract'
import { tracksWith } from './consent'
import type { ConsentService, Logger } from './types'
import { nanoid } from 'nanoid'

/**
 * Device id and attribution wiring (SPEC §7 deviceInfo.androidId, adid, webUuid). The fingerprint
 * library and the attribution SDK come from @vchat/analytics, loaded with dynamic `import()` by
 * `ready()` — which the product API awaits before its first call — so none of it is on the landing page.
 *
 * **Only with consent** (`services/consent.ts`): without "Accept all" the fingerprint is never asked —
 * the device id is a random id kept in this browser — and the attribution vendor's SDK is not loaded
 * (adid and webUuid stay ''). Accepting later asks the vendor at once; the device id already sent
 * stays (a device that changed id would look like a new device to the server). Withdrawing stops
 * sending adid and webUuid at once; a vendor script already running stays until the page is left
 * (a script cannot be unloaded), and nothing of ours calls it again.
 */
export interface PlatformIds {
  /** Loads the adapters and resolves the device id (stored after the first fingerprint). Never rejects. */
  ready(): Promise<void>
  /** deviceInfo.androidId: the fingerprint device id (or the one adopted), '' before either. */
  deviceId(): string
  /**
   * After a `ready()` that ended before the device id was known: the id the caller sends instead
   * becomes the device id for good (stored, and kept when the fingerprint answers later), so the
   * server never sees one device change id between its first and later requests.
   */
  adoptDeviceId(id: string): void
  /** deviceInfo.adid: the attribution vendor's adid, '' when unknown. */
  adid(): string
  /** deviceInfo.webUuid: the attribution web uuid, '' when unknown. */
  webUuid(): string
  /** Asks the attribution vendor again (message type 100, attribution_refresh). Never rejects. */
  refreshAttribution(): Promise<void>
  /** Incoming message types: 100 refreshes the attribution; answers whether it was handled. */
  handleMessageType(type: number): boolean
}

interface Loaded {
  deviceId: string
  attribution: import('@vchat/analytics').Attribution
}

export interface PlatformIdsOptions {
  brand: BrandConfig
  logger: Logger
  /** localStorage in browsers. */
  storage?: () => import('@vchat/analytics').KeyValueStorage
  /** The adapters module (tests pass a fake). */
  load?: () => Promise<Pick<typeof import('@vchat/analytics'), 'createDeviceId' | 'createFingerprintProvider' | 'createAttribution' | 'loadVendorAttributionSdk'>>
  /** The cookie choice the fingerprint and the attribution vendor wait for. */
  consent: Pick<ConsentService, 'get' | 'subscribe'>
  /** `ready()` resolves after at most this long even if the fingerprint is still running (default 3000). */
  readyTimeoutMs?: number
  /** The script loader for the attribution SDK. */
  loadScriptModule?: () => Promise<Pick<typeof import('@vchat/platform'), 'createScriptLoader'>>
}

/** localStorage, or a memory map where it is unavailable (private modes, tests without DOM). */
export function safeLocalStorage(): import('@vchat/analytics').KeyValueStorage {
  const memory = new Map<string, string>()
  return {
    getItem(key) {
      try {
        return globalThis.localStorage.getItem(key)
      } catch {
        return memory.get(key) ?? null
      }
    },
    setItem(key, value) {
      try {
        globalThis.localStorage.setItem(key, value)
      } catch {
        memory.set(key, value)
      }
    },
  }
}

export function createPlatformIds(options: PlatformIdsOptions): PlatformIds {
  const { brand, logger } = options
  const load = options.load ?? (() => import('@vchat/analytics'))
  const loadScriptModule = options.loadScriptModule ?? (() => import('@vchat/platform'))
  let loaded: Loaded | null = null
  let loading: Promise<void> | null = null
  /** The device id store once the library is loaded, and an id adopted before or while it computes. */
  let deviceIdStore: import('@vchat/analytics').DeviceId | null = null
  let adopted: string | null = null
  const allowed = () => tracksWith(options.consent.get())
  const warn = (what: string) => (error: unknown) =>
    logger.warn(what, { reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error) })

  const readyTimeoutMs = options.readyTimeoutMs ?? 3000
  function ready(): Promise<void> {
    const work = start()
    if (loaded) return work
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, readyTimeoutMs)
      void work.then(() => {
        clearTimeout(timer)
        resolve()
      })
    })
  }

  function start(): Promise<void> {
    loading ??= (async () => {
      const analytics = await load()
      const storage = (options.storage ?? safeLocalStorage)()
      const deviceId = analytics.createDeviceId({ provider: analytics.createFingerprintProvider(), storage, onError: warn('device id') })
      deviceIdStore = deviceId
      if (adopted) deviceId.adopt(adopted)
      // No consent, no fingerprint: a random id (kept when one is stored already) is what the API gets.
      if (!allowed()) deviceId.adopt(nanoid())
      const attribution = analytics.createAttribution({
        appToken: brand.attribution.appToken,
        storage,
        loadSdk: async () => {
          const { createScriptLoader } = await loadScriptModule()
          return analytics.loadVendorAttributionSdk({ loadScript: createScriptLoader() })
        },
        onError: warn('attribution'),
      })
      loaded = { deviceId: await deviceId.get(), attribution }
      // Attribution is asked once per page load, in the background: requests never wait for it.
      if (attribution.enabled && allowed()) void attribution.refreshAttribution()
    })().catch((error: unknown) => {
      loading = null
      warn('device id and attribution unavailable')(error)
    })
    return loading
  }

  options.consent.subscribe((choice) => {
    if (tracksWith(choice) && loaded?.attribution.enabled) void loaded.attribution.refreshAttribution()
  })

  return {
    ready,
    deviceId: () => loaded?.deviceId ?? adopted ?? '',
    adoptDeviceId(id) {
      if (loaded || adopted || id === '') return
      adopted = id
      deviceIdStore?.adopt(id)
    },
    adid: () => (allowed() ? (loaded?.attribution.getAdid() ?? '') : ''),
    webUuid: () => (allowed() ? (loaded?.attribution.getWebUuid() ?? '') : ''),
    async refreshAttribution() {
      await ready()
      if (loaded?.attribution.enabled && allowed()) await loaded.attribution.refreshAttribution()
    },
    handleMessageType(type) {
      if (type !== MessageType.AttributionRefresh) return false
      void this.refreshAttribution()
      return true
    },
  }
}
