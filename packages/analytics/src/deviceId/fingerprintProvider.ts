import type { DeviceIdProvider } from './deviceId'

/** The part of the fingerprint library we use. */
export interface FingerprintLibrary {
  load(options?: { monitoring?: boolean }): Promise<{ get(): Promise<{ visitorId: string }> }>
}

export interface FingerprintProviderOptions {
  /** Loads the library; defaults to a dynamic import, so it stays out of the entry chunk. */
  loadLibrary?: () => Promise<FingerprintLibrary>
}

/**
 * The real `DeviceIdProvider`: the open-source FingerprintJS library (MIT, 5.x), imported only
 * when an id must be computed (first visit), with its usage-statistics request turned off.
 */
export function createFingerprintProvider(options: FingerprintProviderOptions = {}): DeviceIdProvider {
  const loadLibrary = options.loadLibrary ?? (() => import('@fingerprintjs/fingerprintjs'))
  return {
    async getDeviceId() {
      const library = await loadLibrary()
      const agent = await library.load({ monitoring: false })
      const result = await agent.get()
      return result.visitorId
    },
  }
}
