import { fetchPublicHosts } from '@vchat/api-client'
import type { BrandConfig } from '../brand/brandConfig'
import { COOKIE_CONSENT_STORAGE_KEY, STORAGE_NAME, STORAGE_SIZE_BYTES } from '../constants'
import { envFromImportMeta, resolveEndpoints } from './endpoints'
import { createLazyApi } from './lazyApi'
import { createLazyCalls, createLazyChat, createLazyDb, createLazyMedia } from './lazyServices'
import { createStorage } from './storage'
import { createTabSharedChat } from './tabSharedChat'
import { createLazyAnalytics } from './analyticsService'
import { createAuthService } from './authService'
import { createCardVault } from './cardVault'
import { createConsent } from './consent'
import { createLazyPlatformIds, subscribeAttributionRefresh } from './lazyPlatform'
import { createAppPush } from './pushService'
import { createServiceWorkerService } from '../features/install/registerServiceWorker'
import type { ApiService, AppEnv, Clock, CookieConsent, Logger, PersistEngine, Services, StorageService } from './types'

/** localforage with the SPEC §9 drivers (IndexedDB → WebSQL → localStorage), name and size. */
export function createPersistEngine(): PersistEngine {
  // localforage is loaded with the first use: restoring a stored session, or persisting a new login.
  let instance: Promise<LocalForage> | null = null
  const get = () =>
    (instance ??= import('localforage').then(
      ({ default: localforage }) =>
        localforage.createInstance({
          driver: [localforage.INDEXEDDB, localforage.WEBSQL, localforage.LOCALSTORAGE],
          name: STORAGE_NAME,
          storeName: STORAGE_NAME,
          size: STORAGE_SIZE_BYTES,
        }),
      (error: unknown) => {
        // A failed download is retried by the next use.
        instance = null
        throw error
      },
    ))
  return {
    getItem: async (key) => (await get()).getItem<string>(key),
    setItem: async (key, value) => (await get()).setItem(key, value),
    removeItem: async (key) => (await get()).removeItem(key),
  }
}

function createBrowserStorage(): StorageService {
  return {
    persistEngine: createPersistEngine(),
    local: (key) => createStorage('local', key),
    session: (key) => createStorage('session', key),
  }
}

const systemClock: Clock = {
  now: () => Date.now(),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
}

const consoleLogger: Logger = {
  info: (message, details) => console.info(`[vchat] ${message}`, details ?? ''),
  warn: (message, details) => console.warn(`[vchat] ${message}`, details ?? ''),
  error: (message, details) => console.error(`[vchat] ${message}`, details ?? ''),
}

export { createAuthService } from './authService'

export interface CreateServicesOptions {
  /** The interface language shown, sent as deviceInfo.configLanguage. */
  getLanguage?: () => string
  logger?: Logger
}

/**
 * The services container (ARCHITECTURE.md): every side effect the app performs. Building it loads no
 * server-bound code: `api` is a lazy facade over the real product client (reading the signed-in user
 * from the store, bound by `makeStore`), loaded with the first server call; chat, calls, db and push
 * load their code with dynamic `import()` only when first used after login.
 */
export function createServices(brand: BrandConfig, env: AppEnv = envFromImportMeta(), options: CreateServicesOptions = {}): Services {
  const logger = options.logger ?? consoleLogger
  const endpoints = resolveEndpoints(brand, env)
  const storage = createBrowserStorage()
  const getLanguage = options.getLanguage ?? (() => document.documentElement.lang || 'en')
  const googleClientId = env.googleClientId !== undefined ? env.googleClientId.trim() || null : brand.google.clientId || null
  const auth = createAuthService(googleClientId, { devSignIn: env.devSignIn === true })
  // Analytics, attribution and the fingerprint wait for the visitor's cookie choice.
  const consent = createConsent(storage.local<CookieConsent>(COOKIE_CONSENT_STORAGE_KEY), COOKIE_CONSENT_STORAGE_KEY, typeof window === 'undefined' ? null : window)
  const platformIds = createLazyPlatformIds(brand, logger, consent)
  // The HTTP stack and its wiring (device ids, envelope) load with the first server call.
  let productApi: ReturnType<typeof loadProductApi> | null = null
  const loadProductApi = () =>
    Promise.all([import('./productApi'), platformIds.load()]).then(([{ createProductApi }, ids]) =>
      createProductApi({ brand, endpoints, storage, auth, getLanguage, logger, platformIds: ids ?? undefined }),
    )
  const sharedProductApi = () =>
    (productApi ??= loadProductApi().catch((error: unknown) => {
      productApi = null
      throw error
    }))
  const api: ApiService = {
    ...createLazyApi(sharedProductApi),
    // A plain GET of its own: the landing page shows live hosts without loading the product client.
    getPublicHosts: (request, options) => fetchPublicHosts(endpoints.apiBaseUrl, request, options),
  }
  const analytics = createLazyAnalytics({ baseUrl: endpoints.analyticsUrl, logger, storage: safeStorage(), consent })
  if (typeof window !== 'undefined' && typeof document !== 'undefined') analytics.schedule({ window, document, storage: safeStorage() })
  const push = createAppPush({
    brand,
    logger,
    uploadToken: async (token) => {
      await (await sharedProductApi()).uploadPushToken({ pushToken: token, platform: 'web' })
    },
  })
  const media = createLazyMedia()
  const services: Services = {
    brand,
    endpoints,
    api,
    // One messaging connection per browser: the account's tabs share the leader tab's session (the
    // sharing code loads with the first login).
    chat: createTabSharedChat(createLazyChat(endpoints, logger), logger),
    calls: createLazyCalls(media),
    db: createLazyDb(),
    analytics,
    push,
    platformIds,
    consent,
    serviceWorker: createServiceWorkerService(logger),
    auth,
    cardVault: createCardVault({ url: endpoints.cardVaultUrl, publishableKey: brand.payments.cardVault.publishableKey }),
    media,
    storage,
    clock: systemClock,
    logger,
  }
  subscribeAttributionRefresh(services.chat, platformIds, logger)
  return services
}

function safeStorage(): Storage | null {
  try {
    return globalThis.localStorage
  } catch {
    return null
  }
}
