import type { AttributionEnvironment, AttributionSdk, ScriptLoader } from './types'

/**
 * The vendor's CDN build, pinned to one version (never `adjust-latest`, which changes under us), and
 * its Subresource Integrity hash: the vendor publishes `adjust-<version>.min.js` as a copy of the npm
 * package's `dist/adjust-latest.min.js` of that version, so the hash is the sha384 of that file
 * (`@adjustcom/adjust-web-sdk@5.8.3`, the way the vendor's own SRI snippet computes it). A new version
 * changes both lines together; the e2e suite serves the npm file at this URL, so a wrong hash fails it.
 */
export const VENDOR_ATTRIBUTION_SDK_VERSION = '5.8.3'
export const VENDOR_ATTRIBUTION_SDK_URL = `https://cdn.adjust.com/adjust-${VENDOR_ATTRIBUTION_SDK_VERSION}.min.js`
export const VENDOR_ATTRIBUTION_SDK_INTEGRITY = 'sha384-C3jnA2YNemhZWFeyLLHi9G5UvzFllULUHLESXXdhxTcwdLmURgVihXwgNHSkVaFu'

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
  /** Another build of the SDK (with its own `integrity`, or none); default: the pinned one above. */
  scriptUrl?: string
  integrity?: string
  /** Reads the vendor global after the script ran; defaults to `globalThis.Adjust`. */
  getGlobal?: () => unknown
}

/**
 * The real `AttributionSdk`: loads the vendor's web SDK script through the injected loader and
 * adapts its global (`initSdk`, `waitForAttribution`, `waitForWebUUID`). Call only when the brand
 * configures an app token (`createAttribution` does so). Not reachable in the local stack.
 */
export async function loadVendorAttributionSdk(options: VendorAttributionSdkOptions): Promise<AttributionSdk> {
  if (options.scriptUrl) await options.loadScript(options.scriptUrl, options.integrity ? { integrity: options.integrity } : {})
  else await options.loadScript(VENDOR_ATTRIBUTION_SDK_URL, { integrity: VENDOR_ATTRIBUTION_SDK_INTEGRITY })
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
