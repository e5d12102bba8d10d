import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMemoryStorage, fakeTimers } from '../test-utils/fakes'
import { AttributionTimeoutError, createAttribution } from './attribution'
import type { AttributionOptions } from './attribution'
import { encodeTrackingHeader, truncateEncoded } from './trackingHeader'
import type { AttributionInfo, AttributionSdk } from './types'

const DAY = 24 * 60 * 60 * 1_000

const INFO: AttributionInfo = {
  adid: 'a1b2c3d4e5f6',
  tracker_token: 'abc123',
  tracker_name: 'Organic',
  network: 'Organic',
  campaign: '',
  adgroup: '',
  creative: '',
  click_label: '',
  state: '',
}

interface FakeSdk extends AttributionSdk {
  readonly inits: Array<{ appToken: string; environment: string }>
  attribution: Partial<Record<keyof AttributionInfo, unknown>> | null
  webUuid: string | null
  getAttributionCalls: number
  fail: Error | null
  hang: boolean
}

function createFakeSdk(): FakeSdk {
  const sdk: FakeSdk = {
    inits: [],
    attribution: INFO,
    webUuid: 'web-uuid-1',
    getAttributionCalls: 0,
    fail: null,
    hang: false,
    init: (options) => {
      sdk.inits.push(options)
    },
    getAttribution: () => {
      sdk.getAttributionCalls += 1
      if (sdk.hang) return new Promise(() => undefined)
      return sdk.fail ? Promise.reject(sdk.fail) : Promise.resolve(sdk.attribution)
    },
    getWebUUID: () => Promise.resolve(sdk.webUuid),
  }
  return sdk
}

let sdk: FakeSdk
let storage: ReturnType<typeof createMemoryStorage>
let loadSdk: ReturnType<typeof vi.fn<() => Promise<AttributionSdk>>>

function attribution(overrides: Partial<AttributionOptions> = {}) {
  return createAttribution({
    appToken: 'b71e3d90c2a4',
    environment: 'sandbox',
    loadSdk,
    storage,
    now: () => Date.now(),
    timers: fakeTimers(),
    ...overrides,
  })
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2025-01-01T00:00:00Z') })
  sdk = createFakeSdk()
  storage = createMemoryStorage()
  loadSdk = vi.fn(async () => sdk)
})

afterEach(() => {
  vi.useRealTimers()
})

describe('createAttribution', () => {
  it('without an app token loads nothing and answers empty values', async () => {
    for (const appToken of ['', null, undefined]) {
      const off = attribution({ appToken })
      expect(off.enabled).toBe(false)
      expect(await off.refreshAttribution()).toBeNull()
      expect(off.handleMessageType(100)).toBe(false)
      expect(off.getAdid()).toBe('')
      expect(off.getWebUuid()).toBe('')
      expect(off.getTrackingHeader()).toBeNull()
    }
    expect(loadSdk).not.toHaveBeenCalled()
  })

  it('loads and initialises the SDK once with the token and environment, and persists the answer', async () => {
    const service = attribution()
    expect(loadSdk).not.toHaveBeenCalled()
    const snapshot = await service.refreshAttribution()
    expect(snapshot).toEqual({ info: INFO, webUuid: 'web-uuid-1', updatedAt: Date.now() })
    await service.refreshAttribution()
    expect(loadSdk).toHaveBeenCalledTimes(1)
    expect(sdk.inits).toEqual([{ appToken: 'b71e3d90c2a4', environment: 'sandbox' }])
    expect(service.getAdid()).toBe('a1b2c3d4e5f6')
    expect(service.getWebUuid()).toBe('web-uuid-1')

    const nextPage = attribution()
    expect(nextPage.getSnapshot()).toEqual(snapshot)
    expect(nextPage.getAdid()).toBe('a1b2c3d4e5f6')
  })

  it('fills missing or odd vendor fields with empty strings', async () => {
    sdk.attribution = { adid: 'x', network: 7, campaign: { nested: true } }
    const snapshot = await attribution().refreshAttribution()
    expect(snapshot?.info).toEqual({ ...INFO, adid: 'x', tracker_token: '', tracker_name: '', network: '7' })
  })

  it('refreshes on the attribution_refresh message (type 100) only', async () => {
    const service = attribution()
    expect(service.handleMessageType(0)).toBe(false)
    expect(service.handleMessageType(5)).toBe(false)
    expect(loadSdk).not.toHaveBeenCalled()
    sdk.attribution = { ...INFO, adid: 'after-refresh' }
    expect(service.handleMessageType(100)).toBe(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(service.getAdid()).toBe('after-refresh')
  })

  it('shares one refresh between concurrent callers', async () => {
    const service = attribution()
    const [a, b] = await Promise.all([service.refreshAttribution(), service.refreshAttribution()])
    expect(a).toBe(b)
    expect(sdk.getAttributionCalls).toBe(1)
  })

  it('swallows a vendor failure, keeps the last snapshot and reports the error', async () => {
    const onError = vi.fn()
    const service = attribution({ onError })
    await service.refreshAttribution()
    sdk.fail = new Error('vendor down')
    expect(await service.refreshAttribution()).toBeNull()
    expect(onError).toHaveBeenCalledWith(new Error('vendor down'))
    expect(service.getAdid()).toBe('a1b2c3d4e5f6')
  })

  it('retries loading the SDK on the next refresh after a failed load', async () => {
    const onError = vi.fn()
    loadSdk.mockRejectedValueOnce(new Error('script blocked'))
    const service = attribution({ onError })
    expect(await service.refreshAttribution()).toBeNull()
    expect(onError).toHaveBeenCalledWith(new Error('script blocked'))
    expect(await service.refreshAttribution()).not.toBeNull()
    expect(loadSdk).toHaveBeenCalledTimes(2)
  })

  it('gives up a refresh the vendor never answers after 30 s', async () => {
    const onError = vi.fn()
    sdk.hang = true
    const refreshing = attribution({ onError }).refreshAttribution()
    await vi.advanceTimersByTimeAsync(30_000)
    expect(await refreshing).toBeNull()
    expect(onError).toHaveBeenCalledWith(expect.any(AttributionTimeoutError))
  })

  it('keeps the web uuid it had when the vendor has none now', async () => {
    const service = attribution()
    await service.refreshAttribution()
    sdk.webUuid = null
    await service.refreshAttribution()
    expect(service.getWebUuid()).toBe('web-uuid-1')
  })

  it('ignores a malformed stored value', () => {
    storage.setItem('vchat_attribution', '{"webUuid":3}')
    expect(attribution().getSnapshot()).toBeNull()
    storage.setItem('vchat_attribution', 'not json')
    expect(attribution().getSnapshot()).toBeNull()
  })
})

describe('tracking heartbeat header', () => {
  it('carries the web uuid and non-empty attribution fields, form-encoded', async () => {
    const service = attribution()
    await service.refreshAttribution()
    const header = service.getTrackingHeader() ?? ''
    expect(Object.fromEntries(new URLSearchParams(header))).toEqual({
      web_uuid: 'web-uuid-1',
      adid: 'a1b2c3d4e5f6',
      tracker_token: 'abc123',
      tracker_name: 'Organic',
      network: 'Organic',
    })
    expect(/^[\x21-\x7e]*$/.test(header)).toBe(true)
  })

  it('is stored for 30 days, then no longer sent', async () => {
    const service = attribution()
    await service.refreshAttribution()
    vi.setSystemTime(Date.now() + 30 * DAY)
    expect(attribution().getTrackingHeader()).not.toBeNull()
    vi.setSystemTime(Date.now() + 1)
    expect(attribution().getTrackingHeader()).toBeNull()
    expect(attribution().getAdid()).toBe('a1b2c3d4e5f6')
  })

  it('never exceeds 1024 bytes and cuts a multi-byte character whole (fake SDK at the boundary)', async () => {
    const prefix = 'web_uuid=web-uuid-1&adid=a1b2c3d4e5f6&tracker_token=abc123&tracker_name=Organic&network=Organic&campaign='
    // '€' is 3 UTF-8 bytes, %E2%82%AC (9 header bytes). Fill the campaign up to exactly 1024 bytes.
    const fits = Math.floor((1024 - prefix.length) / 9)
    const rest = 1024 - prefix.length - fits * 9
    for (const [campaign, expectedLength] of [
      ['x'.repeat(rest) + '€'.repeat(fits), 1024], // exactly at the limit
      ['x'.repeat(rest) + '€'.repeat(fits) + 'y', 1024], // one byte over: 'y' dropped
      ['x'.repeat(rest + 1) + '€'.repeat(fits), 1024 - 8], // the last '€' no longer fits whole
      ['😀'.repeat(300), prefix.length + Math.floor((1024 - prefix.length) / 12) * 12], // 4-byte, surrogate pairs
    ] as const) {
      sdk.attribution = { ...INFO, campaign, adgroup: 'dropped' }
      const service = attribution()
      await service.refreshAttribution()
      const header = service.getTrackingHeader() ?? ''
      expect(header.length).toBe(expectedLength)
      expect(new TextEncoder().encode(header).length).toBeLessThanOrEqual(1024)
      const parsed = new URLSearchParams(header)
      expect(campaign.startsWith(parsed.get('campaign') ?? '')).toBe(true)
      expect(parsed.get('campaign')).not.toContain('\ufffd')
      expect(parsed.has('adgroup')).toBe(false)
    }
  })

  it('truncateEncoded keeps whole characters only', () => {
    expect(truncateEncoded('a€b', 1)).toBe('a')
    expect(truncateEncoded('a€b', 9)).toBe('a')
    expect(truncateEncoded('a€b', 10)).toBe('a€')
    expect(truncateEncoded('😀', 11)).toBe('')
    expect(truncateEncoded('😀', 12)).toBe('😀')
  })

  it('leaves out whatever no longer fits after a field that was cut', () => {
    const header = encodeTrackingHeader({ ...INFO, adid: 'z'.repeat(2_000) }, 'u', 64)
    expect(header).toBe(`web_uuid=u&adid=${'z'.repeat(64 - 16)}`)
  })
})
