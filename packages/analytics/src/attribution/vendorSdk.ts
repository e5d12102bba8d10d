import type { AttributionEnvironment, AttributionSdk, ScriptLoader } from './types'

/** The vendor's CDN build (the version is pinned by the brand through `scriptUrl` if needed). */
export const VENDOR_ATTRIBUTION_SDK_URL = 'https://cdn.adjust.com/adjust-latest.min.js'

/** The vendor global as its web SDK (5.x) defines it; only what we call. */
interface VendorGlobal {
  initSdk(options: { appToken: string; environment: AttributionEnvironment }): void
  waitForAttribution?(): Promise<unknown>
  getAttribution?(): unknown
  waitForWebUUID?(): Promise<unknown>
  getWebUUID?(): unknown
}

function isVendorGlobal(value: unknown): value is VendorGlobal {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { initSdk?: unknown }).initSdk === 'function'
  )
}

export class AttributionSdkUnavailableError extends Error {
  constructor() {
    super('the attribution SDK script loaded but its global is missing')
    this.name = 'AttributionSdkUnavailableError'
  }
}

export interface VendorAttributionSdkOptions {
  loadScript: ScriptLoader
  scriptUrl?: string
  /** Reads the vendor global after the script ran; defaults to `globalThis.Adjust`. */
  getGlobal?: () => unknown
}

/**
 * The real `AttributionSdk`: loads the vendor's web SDK script through the injected loader and
 * adapts its global (`initSdk`, `waitForAttribution`, `waitForWebUUID`). Call only when the brand
 * configures an app token (`createAttribution` does so). Not reachable in the local stack.
 */
export async function loadVendorAttributionSdk(options: VendorAttributionSdkOptions): Promise<AttributionSdk> {
  await options.loadScript(options.scriptUrl ?? VENDOR_ATTRIBUTION_SDK_URL)
  const vendor = (options.getGlobal ?? (() => (globalThis as { Adjust?: unknown }).Adjust))()
  if (!isVendorGlobal(vendor)) throw new AttributionSdkUnavailableError()
  return {
    init: (init) => vendor.initSdk(init),
    async getAttribution() {
      const value = vendor.waitForAttribution ? await vendor.waitForAttribution() : vendor.getAttribution?.()
      return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null
    },
    async getWebUUID() {
      const value = vendor.waitForWebUUID ? await vendor.waitForWebUUID() : vendor.getWebUUID?.()
      return typeof value === 'string' && value !== '' ? value : null
    },
  }
}
