import type { ApiClient, ApiClientOptions } from '@vchat/api-client'
import type { BrandConfig } from '../brand/brandConfig'
import { DEVICE_ID_STORAGE_KEY, STORAGE_NAME, STORAGE_SIZE_BYTES } from '../constants'
import { clientInfoFor, loadDeviceIds, readDeviceInfo } from './deviceInfo'
import type { StoredDeviceIds } from './deviceInfo'
import { envFromImportMeta, resolveEndpoints } from './endpoints'
import { createLazyCalls, createLazyChat, createLazyDb, createPushPlaceholder } from './lazyServices'
import { createStorage } from './storage'
import type { AnalyticsService, ApiService, AppEnv, AuthService, Clock, Logger, MainUser, PersistEngine, Services, StorageService } from './types'

/** localforage with the SPEC §9 drivers (IndexedDB → WebSQL → localStorage), name and size. */
export function createPersistEngine(): PersistEngine {
  // localforage is loaded with the first read (rehydration), off the landing page's critical path.
  let instance: Promise<LocalForage> | null = null
  const get = () =>
    (instance ??= import('localforage').then(({ default: localforage }) =>
      localforage.createInstance({
        driver: [localforage.INDEXEDDB, localforage.WEBSQL, localforage.LOCALSTORAGE],
        name: STORAGE_NAME,
        storeName: STORAGE_NAME,
        size: STORAGE_SIZE_BYTES,
      }),
    ))
  return {
    getItem: async (key) => (await get()).getItem<string>(key),
    setItem: async (key, value) => (await get()).setItem(key, value),
    removeItem: async (key) => (await get()).removeItem(key),
  }
}

/**
 * The product API client, loaded on the first call: the HTTP stack (axios, qs) stays off the landing
 * page's first load. Every method waits for the client, then calls it.
 */
export function createLazyApi(options: ApiClientOptions): ApiService {
  let loaded: ApiClient | null = null
  let client: Promise<ApiClient> | null = null
  const get = () =>
    (client ??= import('@vchat/api-client').then(({ createApiClient }) => {
      loaded = createApiClient(options)
      return loaded
    }))
  return {
    userPwdLogin: async (params, requestOptions) => (await get()).userPwdLogin(params, requestOptions),
    login: async (params, requestOptions) => (await get()).login(params, requestOptions),
    logout: async (requestOptions) => (await get()).logout(requestOptions),
    getAccount: async (requestOptions) => (await get()).getAccount(requestOptions),
    getConfig: async (requestOptions) => (await get()).getConfig(requestOptions),
    getMaintenanceStatus: async (requestOptions) => (await get()).getMaintenanceStatus(requestOptions),
    cancel: (requestId) => loaded?.cancel(requestId) ?? false,
    cancelAll: () => loaded?.cancelAll() ?? 0,
  }
}

export function createBrowserStorage(): StorageService {
  return {
    persistEngine: createPersistEngine(),
    local: (key) => createStorage('local', key),
    session: (key) => createStorage('session', key),
  }
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
}

export const consoleLogger: Logger = {
  info: (message, details) => console.info(`[vchat] ${message}`, details ?? ''),
  warn: (message, details) => console.warn(`[vchat] ${message}`, details ?? ''),
  error: (message, details) => console.error(`[vchat] ${message}`, details ?? ''),
}

/**
 * Product analytics. The event client (@vchat/analytics) is not wired yet: events are dropped.
 * Kept behind this interface so screens and thunks already report what they should.
 */
export function createAnalyticsPlaceholder(): AnalyticsService {
  return { track() {}, identify() {} }
}

export function createAuthService(googleClientId: string | null): AuthService {
  let source: () => MainUser | null = () => null
  return {
    getUser: () => source(),
    bindUserSource(getUser) {
      source = getUser
    },
    googleClientId,
  }
}

export interface CreateServicesOptions {
  /** The interface language shown, sent as deviceInfo.configLanguage. */
  getLanguage?: () => string
  logger?: Logger
}

/**
 * The services container (ARCHITECTURE.md): every side effect the app performs. `api` is the real
 * product client, reading the signed-in user from the store (bound by `makeStore`); chat, calls, db
 * and push load their code with dynamic `import()` only when first used after login.
 */
export function createServices(brand: BrandConfig, env: AppEnv = envFromImportMeta(), options: CreateServicesOptions = {}): Services {
  const logger = options.logger ?? consoleLogger
  const endpoints = resolveEndpoints(brand, env)
  const storage = createBrowserStorage()
  const ids = loadDeviceIds(storage.local<StoredDeviceIds>(DEVICE_ID_STORAGE_KEY))
  const getLanguage = options.getLanguage ?? (() => document.documentElement.lang || 'en')
  const googleClientId = env.googleClientId !== undefined ? env.googleClientId.trim() || null : brand.google.clientId || null
  const auth = createAuthService(googleClientId)

  const api = createLazyApi({
    baseURL: endpoints.apiBaseUrl,
    clientInfo: clientInfoFor(brand),
    getDeviceInfo: () => readDeviceInfo({ ids, getConfigLanguage: getLanguage }),
    getUser: () => {
      const user = auth.getUser()
      return user ? { id: user.uid, jid: user.jid, vcToken: user.vcToken, role: user.role } : null
    },
    getTokenExpiresAt: () => auth.getUser()?.vcTokenExpiresAt ?? null,
    logger,
  })

  return {
    brand,
    endpoints,
    api,
    chat: createLazyChat(endpoints, logger),
    calls: createLazyCalls(),
    db: createLazyDb(),
    analytics: createAnalyticsPlaceholder(),
    push: createPushPlaceholder(),
    auth,
    storage,
    clock: systemClock,
    logger,
  }
}
