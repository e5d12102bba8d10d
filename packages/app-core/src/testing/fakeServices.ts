import { PUBLIC_HOSTS_LIMIT, type AccountInfo, type ConfigInfo, type LoginResponse, type MaintenanceStatusResponse } from '@vchat/api-client'
import type { CardVaultService } from '../services/cardVault'
import type { BrandConfig } from '../brand/brandConfig'
import { createAuthService } from '../services/createServices'
import { resolveEndpoints } from '../services/endpoints'
import { COOKIE_CONSENT_STORAGE_KEY } from '../constants'
import { createConsent } from '../services/consent'
import type { ApiService, AppEnv, ChatService, Clock, CookieConsent, DbService, GoogleAuthService, KeyedStorage, Logger, MediaDevicesService, PersistEngine, PushService, Services, StorageService } from '../services/types'
import { testBrand } from './testBrand'
import { accountFakeApi } from './accountFixtures'
import { discoverFakeApi, fakePublicHosts } from './discoverFixtures'
import { chatFakeApi } from '../features/chat/fixtures'
import { fakeChatService } from './fakeChat'
import { fakeCardVault, walletFakeApi } from './walletFixtures'
import { callRecordFakeApi, memoryVideoCalls } from './callRecordFixtures'
import { callFakeApi } from '../features/call/fixtures'
import { usersFakeApi } from './usersFixtures'
import { fakeMediaDevices, fakeMediaService } from './fakeMedia'

/** An in-memory redux-persist engine. */
export function memoryPersistEngine(initial: Record<string, string> = {}): PersistEngine & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial))
  return {
    data,
    getItem: async (key) => data.get(key) ?? null,
    setItem: async (key, value) => {
      data.set(key, value)
    },
    removeItem: async (key) => {
      data.delete(key)
    },
  }
}

function memoryKeyed<T>(store: Map<string, unknown>, key: string): KeyedStorage<T> {
  return {
    get: () => (store.has(key) ? (store.get(key) as T) : null),
    set: (value) => {
      store.set(key, value)
    },
    remove: () => {
      store.delete(key)
    },
  }
}

export function memoryStorage(): StorageService {
  const local = new Map<string, unknown>()
  const session = new Map<string, unknown>()
  return {
    persistEngine: memoryPersistEngine(),
    local: (key) => memoryKeyed(local, key),
    session: (key) => memoryKeyed(session, key),
  }
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} }

/** A clock whose intervals run only when the test calls `tick(ms)`. */
export function manualClock(start = 0): Clock & { tick(ms: number): void } {
  let now = start
  let nextId = 1
  const timers = new Map<number, { callback: () => void; every: number; due: number }>()
  return {
    now: () => now,
    setInterval(callback, ms) {
      const id = nextId++
      timers.set(id, { callback, every: ms, due: now + ms })
      return id
    },
    clearInterval(handle) {
      timers.delete(handle as number)
    },
    tick(ms) {
      const end = now + ms
      for (;;) {
        const next = [...timers.entries()].filter(([, t]) => t.due <= end).sort((a, b) => a[1].due - b[1].due)[0]
        if (!next) break
        const [, timer] = next
        now = timer.due
        timer.due += timer.every
        timer.callback()
      }
      now = end
    },
  }
}

export const demoLoginResponse: LoginResponse = {
  userInfo: { id: '100001', jid: 'user_100001@localhost', role: 2, vcToken: 'token-100001', vcTokenExpiresAt: 4102444800000 },
  completeUserInfoCheck: false,
  componentInfo: { hubDomain: 'hub.localhost', giftDomain: 'gift.localhost', helpDomain: 'help.localhost' },
}

export const demoAccount: AccountInfo = { paid: true, gemsBalance: 500, silverBalance: 20, silverSpent: 0 }

export const demoConfig: ConfigInfo = {
  mainInfo: {
    componentInfo: demoLoginResponse.componentInfo,
    blockInfo: { blocked: false, reason: '' },
    commonConfig: { enableLuckyBox: true, enablePaidUserFreeCall: true, enableUserTaskEntrance: true },
    enableCallback: true,
    // The demo user has paid: the free first call is no longer theirs (as the local backend says).
    firstCallInfo: { freeFirstCallTotalTimes: 1, freeFirstCallRemainingTimes: 0, freeFirstCallDuration: 60 },
  },
  veegoInfo: { silverInfoConf: { enableSilverClub: true, silverCallDuration: 30, silverPerPaidClubMinute: 5 }, silverCall: { availableTimes: 1 } },
}

/** A fake API answering like the local backend for user 100001; override any method. */
export function fakeApi(overrides: Partial<ApiService> = {}): ApiService {
  return {
    userPwdLogin: async () => structuredClone(demoLoginResponse),
    login: async () => structuredClone(demoLoginResponse),
    logout: async () => null,
    getAccount: async () => ({ ...demoAccount }),
    getConfig: async () => structuredClone(demoConfig),
    getMaintenanceStatus: async (): Promise<MaintenanceStatusResponse> => ({ maintananceStatus: 1 }),
    cancel: () => false,
    cancelAll: () => 0,
    getPublicHosts: async () => ({ list: fakePublicHosts(PUBLIC_HOSTS_LIMIT) }),
    ...discoverFakeApi(),
    ...chatFakeApi(),
    ...walletFakeApi(),
    ...accountFakeApi(),
    ...callRecordFakeApi(),
    ...callFakeApi(),
    ...usersFakeApi(),
    ...overrides,
  }
}

/** A fake messaging service (see `fakeChatService` for the in-memory one with threads and messages). */
export function fakeChat(overrides: Partial<ChatService> = {}): ChatService {
  return fakeChatService({}, overrides)
}

export interface FakeServicesOptions {
  brand?: BrandConfig
  env?: AppEnv
  api?: Partial<ApiService>
  chat?: Partial<ChatService> | ChatService
  clock?: Clock
  googleClientId?: string | null
  /** Records analytics events here when given. */
  events?: { event: string; properties?: Record<string, unknown> | undefined }[]
  /** Google sign-in (default: the real adapter, unavailable without a client id). */
  google?: GoogleAuthService
  /** Offer the development sign-in. */
  devSignIn?: boolean
  /** Push (default: permission 'default', nothing registers). */
  push?: Partial<PushService>
  /** The local database (default: an in-memory `videocalls`). */
  db?: Partial<DbService>
  /** The payment provider's card vault (default: `fakeCardVault()`). */
  cardVault?: CardVaultService
  /**
   * The visitor's cookie choice (default: `'all'`, already made, so no banner covers the screen under
   * test); `null` for a first visit, where the cookie banner shows.
   */
  consent?: CookieConsent | null
  /** Camera and microphone (default: `fakeMediaDevices()`, two cameras and a microphone, not yet allowed). */
  media?: MediaDevicesService
}

/**
 * Services for tests and stories: no network, no storage, no timers unless the caller hands them in.
 * The API answers like the local backend's seeded user 100001 (paid, 500 gems).
 */
export function fakeServices(options: FakeServicesOptions = {}): Services {
  const brand = options.brand ?? testBrand
  const events = options.events
  const storage = memoryStorage()
  const consentStorage = storage.local<CookieConsent>(COOKIE_CONSENT_STORAGE_KEY)
  const consent = options.consent === undefined ? 'all' : options.consent
  if (consent !== null) consentStorage.set(consent)
  return {
    brand,
    endpoints: resolveEndpoints(brand, options.env ?? { apiBaseUrl: '/', websocketUrl: '/xmpp-websocket', xmppDomain: 'localhost' }),
    api: fakeApi(options.api),
    chat: options.chat && 'listThreads' in options.chat && 'subscribe' in options.chat ? (options.chat as ChatService) : fakeChat(options.chat),
    calls: { preload: async () => {}, open: async () => null, current: () => null },
    db: { open: async () => {}, close: async () => {}, ...memoryVideoCalls(), ...options.db },
    analytics: {
      track: (event, properties) => {
        events?.push({ event, properties })
      },
      identify: () => {},
      setTrackingStatus: () => {},
    },
    push: { register: async () => {}, unregister: async () => {}, permission: () => 'default', requestPermission: async () => 'default', onNotice: () => () => {}, ...options.push },
    platformIds: { handleMessageType: (type) => type === 100, refreshAttribution: async () => {} },
    consent: createConsent(consentStorage, COOKIE_CONSENT_STORAGE_KEY, null),
    // Never a real worker: stories and tests have no /sw.js to register.
    serviceWorker: { register: async () => false },
    auth: createAuthService(options.googleClientId === undefined ? null : options.googleClientId, {
      ...(options.google ? { google: options.google } : {}),
      ...(options.devSignIn !== undefined ? { devSignIn: options.devSignIn } : {}),
    }),
    cardVault: options.cardVault ?? fakeCardVault(),
    media: fakeMediaService(options.media ?? fakeMediaDevices()),
    storage,
    clock: options.clock ?? manualClock(),
    logger: silentLogger,
  }
}
