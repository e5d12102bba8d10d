import { createPush } from '@vchat/platform'
import type { PushProvider } from '@vchat/platform'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { silentLogger } from '../testing/fakeServices'
import { testBrand } from '../testing/testBrand'
import { createAppPush, isIos, notificationPermission } from './pushService'
import type { NotificationApi } from './pushService'

type FakeProvider = PushProvider & { tokens: string[]; handlers: ((p: unknown) => void)[]; deleted: number; current: string }

function fakeProvider(token = 'fcm-token-aaaaaaaaaaaaaaaa'): FakeProvider {
  const provider = {
    tokens: [] as string[],
    handlers: [] as ((p: unknown) => void)[],
    deleted: 0,
    current: token,
    async getToken(vapidKey: string) {
      provider.tokens.push(vapidKey)
      return provider.current
    },
    async deleteToken() {
      provider.deleted += 1
      return true
    },
    onMessage(handler: (p: unknown) => void) {
      provider.handlers.push(handler)
      return () => {}
    },
  }
  return provider as FakeProvider
}

function permissionApi(initial: string, answer = 'granted'): NotificationApi & { asked: number } {
  const api = {
    permission: initial,
    asked: 0,
    async requestPermission() {
      api.asked += 1
      api.permission = answer
      return answer
    },
  }
  return api
}

beforeEach(() => localStorage.clear())
afterEach(() => vi.useRealTimers())

const ANDROID = { userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8)', maxTouchPoints: 5 }

function setup(
  options: {
    notification?: NotificationApi | undefined
    provider?: ReturnType<typeof fakeProvider>
    upload?: (token: string) => Promise<void>
    brand?: typeof testBrand
    navigator?: { userAgent: string; maxTouchPoints?: number }
    registration?: ServiceWorkerRegistration
  } = {},
) {
  const provider = options.provider ?? fakeProvider()
  const uploaded: string[] = []
  const loadProvider = vi.fn(async (_: unknown) => provider)
  const push = createAppPush({
    brand: options.brand ?? testBrand,
    logger: silentLogger,
    uploadToken: options.upload ?? (async (token) => void uploaded.push(token)),
    notification: 'notification' in options ? options.notification : permissionApi('granted'),
    navigator: options.navigator ?? ANDROID,
    serviceWorker: async () => options.registration,
    load: async () => ({ createPush, loadFirebasePushProvider: loadProvider as never }),
  })
  return { push, provider, uploaded, loadProvider }
}

const brandPush = testBrand.push!

describe('app push', () => {
  it('after login with permission granted: gets the token with the brand VAPID key and Firebase config, uploads it once', async () => {
    const { push, provider, uploaded, loadProvider } = setup()
    await push.register()
    expect(provider.tokens).toEqual([brandPush.vapidKey])
    expect(loadProvider).toHaveBeenCalledWith({ firebaseConfig: brandPush.firebase })
    expect(uploaded).toEqual(['fcm-token-aaaaaaaaaaaaaaaa'])
    await push.register()
    expect(uploaded).toHaveLength(1)
  })

  it('re-uploads a different token, and the same token after 7 days (fake clock)', async () => {
    vi.useFakeTimers({ now: Date.UTC(2025, 0, 1) })
    const { push, provider, uploaded } = setup()
    await push.register()
    provider.current = 'fcm-token-bbbbbbbbbbbbbbbb'
    await push.register()
    expect(uploaded).toEqual(['fcm-token-aaaaaaaaaaaaaaaa', 'fcm-token-bbbbbbbbbbbbbbbb'])
    await vi.advanceTimersByTimeAsync(6 * 24 * 3600 * 1000)
    await push.register()
    expect(uploaded).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(24 * 3600 * 1000)
    await push.register()
    expect(uploaded).toHaveLength(3)
  })

  it('without permission loads nothing; the prompt asks from a click and then registers', async () => {
    const notification = permissionApi('default')
    const { push, uploaded, loadProvider } = setup({ notification })
    await push.register()
    expect(loadProvider).not.toHaveBeenCalled()
    expect(push.permission()).toBe('default')
    await expect(push.requestPermission()).resolves.toBe('granted')
    expect(notification.asked).toBe(1)
    expect(uploaded).toHaveLength(1)
  })

  it('denied or unsupported: nothing registers', async () => {
    const denied = setup({ notification: permissionApi('default', 'denied') })
    await expect(denied.push.requestPermission()).resolves.toBe('denied')
    expect(denied.uploaded).toHaveLength(0)
    const none = setup({ notification: undefined })
    expect(none.push.permission()).toBe('unsupported')
    await expect(none.push.requestPermission()).resolves.toBe('unsupported')
    await none.push.register()
    expect(none.loadProvider).not.toHaveBeenCalled()
  })

  it('swallows failures (upload refused) without breaking, and tries again next time', async () => {
    const upload = vi.fn().mockRejectedValueOnce(new Error('500')).mockResolvedValue(undefined)
    const { push } = setup({ upload })
    await expect(push.register()).resolves.toBeUndefined()
    await push.register()
    expect(upload).toHaveBeenCalledTimes(2)
  })

  it('foreground messages become in-app notices; logout deletes the token', async () => {
    const { push, provider } = setup()
    const notices: unknown[] = []
    push.onNotice((notice) => notices.push(notice))
    await push.register()
    provider.handlers.forEach((handler) => handler({ data: { from: 'anchor_200001@localhost', type: '1', avatarUrl: '', content: 'Hi <b>there</b>' } }))
    expect(notices).toEqual([{ from: 'anchor_200001@localhost', type: 1, avatarUrl: '', content: 'Hi <b>there</b>' }])
    await push.unregister()
    expect(provider.deleted).toBe(1)
  })

  it('reads the permission states', () => {
    expect(notificationPermission(undefined)).toBe('unsupported')
    expect(notificationPermission({ permission: 'granted' })).toBe('granted')
    expect(notificationPermission({ permission: 'denied' })).toBe('denied')
    expect(notificationPermission({ permission: 'default' })).toBe('default')
  })

  it("hands Firebase the app's service worker registration when there is one", async () => {
    const registration = { scope: 'https://vidora.chat/' } as unknown as ServiceWorkerRegistration
    const { push, loadProvider } = setup({ registration })
    await push.register()
    expect(loadProvider).toHaveBeenCalledWith({ firebaseConfig: brandPush.firebase, serviceWorkerRegistration: registration })
  })

  it('a brand without push ids, or iOS: unsupported; nothing asked, loaded or registered', async () => {
    const { push: _omitted, ...withoutPush } = testBrand
    const iPhone = { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' }
    for (const variant of [{ brand: withoutPush }, { navigator: iPhone }]) {
      const notification = permissionApi('default')
      const { push, loadProvider, uploaded } = setup({ ...variant, notification })
      expect(push.permission()).toBe('unsupported')
      await expect(push.requestPermission()).resolves.toBe('unsupported')
      await push.register()
      expect(notification.asked).toBe(0)
      expect(loadProvider).not.toHaveBeenCalled()
      expect(uploaded).toEqual([])
    }
  })

  it('a failed download of the wiring is swallowed and tried again by the next register', async () => {
    const warnings: string[] = []
    const loadRuntime = vi.fn().mockRejectedValueOnce(new Error('chunk gone')).mockImplementation(() => import('./pushRuntime'))
    const provider = fakeProvider()
    const push = createAppPush({
      brand: testBrand,
      logger: { ...silentLogger, warn: (message) => warnings.push(message) },
      uploadToken: async () => {},
      notification: permissionApi('granted'),
      navigator: ANDROID,
      serviceWorker: async () => undefined,
      loadRuntime,
      load: async () => ({ createPush, loadFirebasePushProvider: async () => provider }),
    })
    await expect(push.register()).resolves.toBeUndefined()
    expect(warnings).toEqual(['push unavailable'])
    await push.register()
    expect(provider.tokens).toHaveLength(1)
  })

  it('tells iOS (also iPadOS as a touch Mac) from other devices', () => {
    expect(isIos({ userAgent: 'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)' })).toBe(true)
    expect(isIos({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', maxTouchPoints: 5 })).toBe(true)
    expect(isIos({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', maxTouchPoints: 0 })).toBe(false)
    expect(isIos(ANDROID)).toBe(false)
    expect(isIos(undefined)).toBe(false)
  })
})
