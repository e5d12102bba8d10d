import { describe, expect, it, vi } from 'vitest'
import type { AttributionSdk } from '@vchat/analytics'
import { createAttribution, createDeviceId } from '@vchat/analytics'
import { changeableConsent } from '../testing/consentFixtures'
import { silentLogger } from '../testing/fakeServices'
import { testBrand } from '../testing/testBrand'
import { subscribeAttributionRefresh } from './lazyPlatform'
import { createPlatformIds } from './platformIds'
import { withPlatformIds } from './productApi'

function memory() {
  const data = new Map<string, string>()
  return { data, getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) }
}

function fakeSdk(adid: string): AttributionSdk & { asked: number } {
  const sdk = {
    asked: 0,
    init: () => {},
    getAttribution: async () => {
      sdk.asked += 1
      return { adid, tracker_name: 'Organic', network: 'organic' }
    },
    getWebUUID: async () => 'web-uuid-1',
  }
  return sdk
}

/** The visitor accepted tracking (the consent cases have their own describe). */
const granted = changeableConsent('all')

function ids(options: { fingerprint?: () => Promise<string>; sdk?: AttributionSdk; storage?: ReturnType<typeof memory>; appToken?: string; consent?: ReturnType<typeof changeableConsent> } = {}) {
  const storage = options.storage ?? memory()
  const sdk = options.sdk ?? fakeSdk('adid-1')
  return createPlatformIds({
    consent: options.consent ?? granted,
    brand: { ...testBrand, attribution: { appToken: options.appToken ?? testBrand.attribution.appToken } },
    logger: silentLogger,
    storage: () => storage,
    load: async () => ({
      createDeviceId,
      createAttribution,
      loadVendorAttributionSdk: async () => sdk,
      createFingerprintProvider: () => ({ getDeviceId: options.fingerprint ?? (async () => 'fp-visitor-1') }),
    }),
  })
}

describe('device id and attribution wiring', () => {
  it('sends the fingerprint device id as androidId, and adid / webUuid from the attribution', async () => {
    const platform = ids()
    expect(platform.deviceId()).toBe('')
    await platform.ready()
    expect(platform.deviceId()).toBe('fp-visitor-1')
    await vi.waitFor(() => expect(platform.adid()).toBe('adid-1'))
    expect(platform.webUuid()).toBe('web-uuid-1')
    const info = withPlatformIds({ androidId: 'random', webUuid: 'random-uuid', adid: '' } as never, platform)
    expect(info).toMatchObject({ androidId: 'fp-visitor-1', webUuid: 'web-uuid-1', adid: 'adid-1' })
  })

  it('keeps the device id and attribution across page loads (persisted)', async () => {
    const storage = memory()
    const first = ids({ storage })
    await first.ready()
    await vi.waitFor(() => expect(first.adid()).toBe('adid-1'))
    const fingerprint = vi.fn(async () => 'fp-other')
    const second = ids({ storage, fingerprint, sdk: fakeSdk('adid-2') })
    await second.ready()
    expect(second.deviceId()).toBe('fp-visitor-1')
    expect(fingerprint).not.toHaveBeenCalled()
    expect(second.adid()).not.toBe('')
  })

  it('message type 100 (attribution_refresh) refreshes the attribution; other types are ignored', async () => {
    const sdk = fakeSdk('adid-1')
    const platform = ids({ sdk })
    await platform.ready()
    await vi.waitFor(() => expect(sdk.asked).toBe(1))
    expect(platform.handleMessageType(7)).toBe(false)
    expect(platform.handleMessageType(100)).toBe(true)
    await vi.waitFor(() => expect(sdk.asked).toBe(2))
  })

  it('subscribes to the messenger hook when the chat service has one', () => {
    const platform = { handleMessageType: vi.fn(() => true) }
    let listener: (() => void) | undefined
    expect(subscribeAttributionRefresh({ onAttributionRefresh: (fn: () => void) => (listener = fn) }, platform, silentLogger)).toBe(true)
    listener?.()
    expect(platform.handleMessageType).toHaveBeenCalledWith(100)
    expect(subscribeAttributionRefresh({ login() {} }, platform, silentLogger)).toBe(false)
  })

  it('a brand without an attribution token runs without it; a failing fingerprint falls back to a random id', async () => {
    const platform = ids({ appToken: '', fingerprint: async () => Promise.reject(new Error('blocked')) })
    await platform.ready()
    expect(platform.deviceId()).toMatch(/.{8,}/)
    expect(platform.adid()).toBe('')
    await platform.refreshAttribution()
    expect(platform.adid()).toBe('')
  })

  it('ready() resolves after the time-out even when the fingerprint hangs, and never rejects', async () => {
    vi.useFakeTimers()
    try {
      const platform = createPlatformIds({ consent: granted, brand: testBrand, logger: silentLogger, readyTimeoutMs: 3000, storage: () => memory(), load: () => new Promise(() => {}) })
      let done = false
      void platform.ready().then(() => (done = true))
      await vi.advanceTimersByTimeAsync(2999)
      expect(done).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(done).toBe(true)
      expect(platform.deviceId()).toBe('')
    } finally {
      vi.useRealTimers()
    }
    const failing = createPlatformIds({ consent: granted, brand: testBrand, logger: silentLogger, load: async () => Promise.reject(new Error('offline')) })
    await expect(failing.ready()).resolves.toBeUndefined()
  })

  it('a fingerprint slower than the first request: the id that request sent stays the device id, on this page and the next', async () => {
    const storage = memory()
    let answer: (id: string) => void = () => {}
    const platform = ids({ storage, fingerprint: () => new Promise<string>((resolve) => (answer = resolve)) })
    void platform.ready()
    // The product API's ready() ended on its time-out; it sends its stored random id and adopts it.
    platform.adoptDeviceId('random-sent-first')
    expect(withPlatformIds({ androidId: 'random-sent-first', webUuid: 'u', adid: '' } as never, platform).androidId).toBe('random-sent-first')
    await vi.waitFor(() => expect(storage.data.get('vchat_device_id')).toBeDefined())
    answer('fp-late')
    await platform.ready()
    expect(platform.deviceId()).toBe('random-sent-first')
    const nextPage = ids({ storage, fingerprint: async () => 'fp-late' })
    await nextPage.ready()
    expect(nextPage.deviceId()).toBe('random-sent-first')
  })

  it('once the fingerprint is known, adopting another id changes nothing', async () => {
    const platform = ids()
    await platform.ready()
    platform.adoptDeviceId('other')
    expect(platform.deviceId()).toBe('fp-visitor-1')
  })
})

describe('the fingerprint and the attribution vendor only with the cookie consent', () => {
  function counted(options: { consent: ReturnType<typeof changeableConsent>; storage?: ReturnType<typeof memory> }) {
    const fingerprint = vi.fn(async () => 'fp-visitor-1')
    const sdk = fakeSdk('adid-1')
    const loadSdk = vi.fn(async () => sdk)
    const storage = options.storage ?? memory()
    const platform = createPlatformIds({
      consent: options.consent,
      brand: testBrand,
      logger: silentLogger,
      storage: () => storage,
      load: async () => ({ createDeviceId, createAttribution, loadVendorAttributionSdk: loadSdk, createFingerprintProvider: () => ({ getDeviceId: fingerprint }) }),
    })
    return { platform, fingerprint, loadSdk, storage }
  }

  it('"only necessary": a random device id kept in this browser, no fingerprint, no vendor script, no adid or webUuid', async () => {
    const { platform, fingerprint, loadSdk, storage } = counted({ consent: changeableConsent('necessary') })
    await platform.ready()
    await platform.refreshAttribution()
    platform.handleMessageType(100)
    await Promise.resolve()
    expect(fingerprint).not.toHaveBeenCalled()
    expect(loadSdk).not.toHaveBeenCalled()
    expect(platform.deviceId()).toMatch(/^[A-Za-z0-9_-]{21}$/) // a nanoid: no secure context needed
    expect(JSON.parse(storage.data.get('vchat_device_id') ?? '{}')).toEqual({ id: platform.deviceId(), source: 'random' })
    expect([platform.adid(), platform.webUuid()]).toEqual(['', ''])

    const next = counted({ consent: changeableConsent(null), storage })
    await next.platform.ready()
    expect(next.platform.deviceId()).toBe(platform.deviceId())
  })

  it('accepting later asks the vendor at once and keeps the device id already sent; withdrawing stops adid and webUuid at once', async () => {
    const consent = changeableConsent(null)
    const { platform, fingerprint, loadSdk } = counted({ consent })
    await platform.ready()
    const sent = platform.deviceId()
    consent.change('all')
    await vi.waitFor(() => expect(platform.adid()).toBe('adid-1'))
    expect(loadSdk).toHaveBeenCalledTimes(1)
    expect(platform.webUuid()).toBe('web-uuid-1')
    expect(platform.deviceId()).toBe(sent)
    expect(fingerprint).not.toHaveBeenCalled()

    consent.change('necessary')
    expect([platform.adid(), platform.webUuid()]).toEqual(['', ''])
    await platform.refreshAttribution()
    expect(loadSdk).toHaveBeenCalledTimes(1)
  })
})
