import { describe, expect, it, vi } from 'vitest'
import { AttributionSdkUnavailableError, VENDOR_ATTRIBUTION_SDK_INTEGRITY, VENDOR_ATTRIBUTION_SDK_URL, loadVendorAttributionSdk } from './vendorSdk'

describe('loadVendorAttributionSdk', () => {
  it('loads the vendor script, then adapts its global', async () => {
    const vendor = {
      initSdk: vi.fn(),
      waitForAttribution: vi.fn(async () => ({ adid: 'a', tracker_token: 't' })),
      waitForWebUUID: vi.fn(async () => 'uuid'),
    }
    const loadScript = vi.fn(async () => undefined)
    const sdk = await loadVendorAttributionSdk({ loadScript, getGlobal: () => vendor })
    // The pinned version with its integrity hash, never the moving `adjust-latest`.
    expect(loadScript).toHaveBeenCalledWith(VENDOR_ATTRIBUTION_SDK_URL, { integrity: VENDOR_ATTRIBUTION_SDK_INTEGRITY })
    expect(VENDOR_ATTRIBUTION_SDK_URL).toMatch(/^https:\/\/cdn\.adjust\.com\/adjust-\d+\.\d+\.\d+\.min\.js$/)
    expect(VENDOR_ATTRIBUTION_SDK_INTEGRITY).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/)
    sdk.init({ appToken: 'tok', environment: 'production' })
    expect(vendor.initSdk).toHaveBeenCalledWith({ appToken: 'tok', environment: 'production' })
    expect(await sdk.getAttribution()).toEqual({ adid: 'a', tracker_token: 't' })
    expect(await sdk.getWebUUID()).toBe('uuid')
  })

  it('uses the synchronous getters of older SDK builds', async () => {
    const vendor = { initSdk: vi.fn(), getAttribution: () => undefined, getWebUUID: () => '' }
    const sdk = await loadVendorAttributionSdk({ loadScript: async () => undefined, getGlobal: () => vendor })
    expect(await sdk.getAttribution()).toBeNull()
    expect(await sdk.getWebUUID()).toBeNull()
  })

  it('fails when the script did not define the global, or did not load', async () => {
    await expect(
      loadVendorAttributionSdk({ loadScript: async () => undefined, getGlobal: () => undefined }),
    ).rejects.toBeInstanceOf(AttributionSdkUnavailableError)
    await expect(
      loadVendorAttributionSdk({ loadScript: () => Promise.reject(new Error('blocked')), scriptUrl: 'x' }),
    ).rejects.toThrow('blocked')
  })
})
