import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPush, PushTimeoutError } from './pushService'
import type { KeyValueStorage, PushOptions, PushService } from './pushService'
import type { NotificationPermissionState } from './permission'
import type { PushMessagePayload, PushNotice, PushProvider } from './types'

const DAY = 24 * 60 * 60 * 1_000
const VAPID = 'BJOB6aZ6o2F1HOqQF4wJStYTN0IWPL0U8Ua'

interface FakeProvider extends PushProvider {
  token: string
  mode: 'ok' | 'fail' | 'hang'
  readonly tokenRequests: string[]
  deleted: number
  emit(payload: PushMessagePayload): void
  listeners: number
}

function createFakeProvider(): FakeProvider {
  const handlers = new Set<(payload: PushMessagePayload) => void>()
  const fake: FakeProvider = {
    token: 'token-A',
    mode: 'ok',
    tokenRequests: [],
    deleted: 0,
    listeners: 0,
    getToken(vapidKey) {
      fake.tokenRequests.push(vapidKey)
      if (fake.mode === 'fail') return Promise.reject(new Error('messaging/permission-blocked'))
      if (fake.mode === 'hang') return new Promise<string>(() => undefined)
      return Promise.resolve(fake.token)
    },
    deleteToken() {
      fake.deleted += 1
      return Promise.resolve(true)
    },
    onMessage(handler) {
      handlers.add(handler)
      fake.listeners = handlers.size
      return () => {
        handlers.delete(handler)
        fake.listeners = handlers.size
      }
    },
    emit(payload) {
      for (const handler of handlers) handler(payload)
    },
  }
  return fake
}

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

let provider: FakeProvider
let storage: ReturnType<typeof memoryStorage>
let uploads: string[]
let uploadToken: ReturnType<typeof vi.fn<(token: string) => Promise<void>>>
let loadProvider: ReturnType<typeof vi.fn<() => Promise<PushProvider>>>
let permission: NotificationPermissionState
let debug: ReturnType<typeof vi.fn<(message: string, details?: Record<string, unknown>) => void>>
let services: PushService[]

function push(overrides: Partial<PushOptions> = {}): PushService {
  const service = createPush({
    vapidKey: VAPID,
    loadProvider,
    uploadToken,
    storage,
    isIos: false,
    permission: () => permission,
    now: () => Date.now(),
    timers: {
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
    logger: { debug },
    ...overrides,
  })
  services.push(service)
  return service
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2025-01-01T00:00:00Z') })
  provider = createFakeProvider()
  storage = memoryStorage()
  uploads = []
  uploadToken = vi.fn(async (token: string) => {
    uploads.push(token)
  })
  loadProvider = vi.fn(async () => provider)
  permission = 'granted'
  debug = vi.fn()
  services = []
})

afterEach(() => {
  for (const service of services) service.stop()
  vi.useRealTimers()
})

describe('push token rules', () => {
  it('uploads a new token with the brand VAPID key and stores it', async () => {
    expect(await push().setup()).toEqual({ status: 'uploaded' })
    expect(provider.tokenRequests).toEqual([VAPID])
    expect(uploads).toEqual(['token-A'])
    expect(JSON.parse(storage.data.get('vchat_push_token') ?? '')).toEqual({
      token: 'token-A',
      uploadedAt: Date.now(),
    })
  })

  it('does not upload the same token again within 7 days (next page load)', async () => {
    await push().setup()
    vi.setSystemTime(Date.now() + 7 * DAY - 1)
    expect(await push().setup()).toEqual({ status: 'unchanged' })
    expect(uploads).toEqual(['token-A'])
  })

  it('uploads again when the token differs from the stored one', async () => {
    await push().setup()
    provider.token = 'token-B'
    expect(await push().setup()).toEqual({ status: 'uploaded' })
    expect(uploads).toEqual(['token-A', 'token-B'])
  })

  it('refreshes and uploads again after 7 days while the app stays open (fake clock)', async () => {
    const service = push()
    await service.setup()
    await vi.advanceTimersByTimeAsync(7 * DAY - 1)
    expect(uploads).toEqual(['token-A'])
    await vi.advanceTimersByTimeAsync(1)
    expect(provider.tokenRequests).toHaveLength(2)
    expect(uploads).toEqual(['token-A', 'token-A'])
    await vi.advanceTimersByTimeAsync(7 * DAY)
    expect(uploads).toHaveLength(3)
  })

  it('a page loaded 7 days after the upload uploads at once; a page loaded earlier waits for the rest', async () => {
    const first = push()
    await first.setup()
    first.stop() // the page closes
    vi.setSystemTime(Date.now() + 7 * DAY)
    const second = push()
    expect(await second.setup()).toEqual({ status: 'uploaded' })
    second.stop()

    vi.setSystemTime(Date.now() + 5 * DAY)
    const later = push()
    expect(await later.setup()).toEqual({ status: 'unchanged' })
    await vi.advanceTimersByTimeAsync(2 * DAY - 1)
    expect(uploads).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(uploads).toHaveLength(3)
  })

  it('shares one setup between concurrent callers and loads the provider once', async () => {
    const service = push()
    const [a, b] = await Promise.all([service.setup(), service.setup()])
    expect(a).toEqual({ status: 'uploaded' })
    expect(b).toEqual(a)
    await service.setup()
    expect(loadProvider).toHaveBeenCalledTimes(1)
    expect(uploads).toHaveLength(1)
  })
})

describe('when push is not attempted', () => {
  it('skips iOS without loading Firebase', async () => {
    expect(await push({ isIos: true }).setup()).toEqual({ status: 'skipped', reason: 'ios' })
    expect(loadProvider).not.toHaveBeenCalled()
  })

  it('skips without notification permission, or without the API', async () => {
    for (const state of ['default', 'denied'] as const) {
      permission = state
      expect(await push().setup()).toEqual({ status: 'skipped', reason: 'permission' })
    }
    permission = 'unsupported'
    expect(await push().setup()).toEqual({ status: 'skipped', reason: 'unsupported' })
    expect(loadProvider).not.toHaveBeenCalled()
  })
})

describe('failures are swallowed (SPEC §8)', () => {
  it('a failing token request resolves failed, logs at debug level without the token, and stores nothing', async () => {
    provider.mode = 'fail'
    expect(await push().setup()).toEqual({ status: 'failed' })
    expect(debug).toHaveBeenCalledWith('push setup failed', {
      error: 'Error: messaging/permission-blocked',
    })
    expect(storage.data.size).toBe(0)
  })

  it('a failing upload stores nothing, so the next setup uploads again', async () => {
    uploadToken.mockRejectedValueOnce(new Error('network'))
    const service = push()
    expect(await service.setup()).toEqual({ status: 'failed' })
    expect(storage.data.size).toBe(0)
    expect(await service.setup()).toEqual({ status: 'uploaded' })
    expect(JSON.stringify(debug.mock.calls)).not.toContain('token-A')
  })

  it('gives up a token request pending for 10 s', async () => {
    provider.mode = 'hang'
    const setup = push().setup()
    await vi.advanceTimersByTimeAsync(9_999)
    expect(uploads).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(await setup).toEqual({ status: 'failed' })
    expect(debug).toHaveBeenCalledWith('push setup failed', {
      error: `PushTimeoutError: ${new PushTimeoutError(10_000).message}`,
    })
  })

  it('a failed provider load is tried again on the next setup', async () => {
    loadProvider.mockRejectedValueOnce(new Error('chunk load failed'))
    const service = push()
    expect(await service.setup()).toEqual({ status: 'failed' })
    expect(await service.setup()).toEqual({ status: 'uploaded' })
    expect(loadProvider).toHaveBeenCalledTimes(2)
  })

  it('an empty token counts as a failure', async () => {
    provider.token = ''
    expect(await push().setup()).toEqual({ status: 'failed' })
    expect(uploads).toEqual([])
  })
})

describe('foreground messages', () => {
  it('passes push notices to the notice handlers and ignores other messages', async () => {
    const service = push()
    const notices: PushNotice[] = []
    const off = service.onNotice((notice) => notices.push(notice))
    await service.setup()
    provider.emit({
      data: { from: 'anchor_200001@localhost', type: '0', avatarUrl: 'https://img/a.png', content: '<b>hi</b>' },
    })
    provider.emit({ data: { unrelated: 'x' } })
    expect(notices).toEqual([
      { from: 'anchor_200001@localhost', type: 0, avatarUrl: 'https://img/a.png', content: '<b>hi</b>' },
    ])
    expect(debug).toHaveBeenCalledWith('push message without a notice ignored', undefined)
    off()
    provider.emit({ data: { from: 'a', type: '2' } })
    expect(notices).toHaveLength(1)
  })

  it('listens once however often setup runs, and stop() ends listening and the refresh', async () => {
    const service = push()
    await service.setup()
    await service.setup()
    expect(provider.listeners).toBe(1)
    service.stop()
    expect(provider.listeners).toBe(0)
    await vi.advanceTimersByTimeAsync(8 * DAY)
    expect(uploads).toHaveLength(1)
  })
})

describe('unregister', () => {
  it('deletes the token, forgets it, and stops the refresh', async () => {
    const service = push()
    await service.setup()
    await service.unregister()
    expect(provider.deleted).toBe(1)
    expect(storage.data.size).toBe(0)
    await vi.advanceTimersByTimeAsync(8 * DAY)
    expect(uploads).toHaveLength(1)
  })

  it('loads the provider to delete a token stored by an earlier page, and does nothing otherwise', async () => {
    await push().setup()
    loadProvider.mockClear()
    await push().unregister()
    expect(loadProvider).toHaveBeenCalledTimes(1)
    expect(provider.deleted).toBe(1)

    loadProvider.mockClear()
    await push().unregister()
    expect(loadProvider).not.toHaveBeenCalled()
  })

  it('swallows a failing deletion', async () => {
    const service = push()
    await service.setup()
    provider.deleteToken = () => Promise.reject(new Error('offline'))
    await expect(service.unregister()).resolves.toBeUndefined()
    expect(debug).toHaveBeenCalledWith('push token deletion failed', { error: 'Error: offline' })
  })
})
