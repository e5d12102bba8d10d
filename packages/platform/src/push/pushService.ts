import {
  INSTALLATION_REQUEST_TIMEOUT_MS,
  PUSH_TOKEN_REFRESH_MS,
  PUSH_TOKEN_STORAGE_KEY,
} from '../constants'
import { parsePushNotice } from './notice'
import type { NotificationPermissionState } from './permission'
import type { DebugLogger, PushNotice, PushProvider } from './types'

/** Synchronous key-value storage (localStorage-like). */
export interface KeyValueStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** Method syntax on purpose: the platform timer functions fit (their handle types differ). */
export interface PushTimers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export type PushSetupResult =
  /** The token was new, different from the stored one, or due (7 days): uploaded and stored. */
  | { readonly status: 'uploaded' }
  /** The same token was uploaded less than 7 days ago. */
  | { readonly status: 'unchanged' }
  | { readonly status: 'skipped'; readonly reason: 'ios' | 'unsupported' | 'permission' }
  /** Anything failed (load, token, upload, time-out): swallowed and logged at debug level. */
  | { readonly status: 'failed' }

export interface PushOptions {
  /** The brand's web push (VAPID) public key. */
  vapidKey: string
  /** Loads the provider on first use (e.g. `() => loadFirebasePushProvider({ firebaseConfig })`). */
  loadProvider: () => Promise<PushProvider>
  /** Sends the token to the product server. Not called when the stored token is current. */
  uploadToken: (token: string) => Promise<void>
  storage: KeyValueStorage
  /** SPEC §7: push is not attempted on iOS (`isIosDevice(navigator)`). */
  isIos: boolean
  /** Read at each setup (`readNotificationPermission`); only 'granted' proceeds. */
  permission: () => NotificationPermissionState
  now?: () => number
  timers?: PushTimers
  logger?: DebugLogger
  storageKey?: string
}

export interface PushService {
  /**
   * Gets the token and uploads it when new, different from the stored one, or uploaded 7 or more
   * days ago; then schedules the 7-day refresh and listens for foreground messages. Shared while
   * running; never rejects.
   */
  setup(): Promise<PushSetupResult>
  /** Deletes the token at the push service and forgets the stored one (logout). Never rejects. */
  unregister(): Promise<void>
  /** Foreground messages that are push notices (SPEC §3), for in-app notices. */
  onNotice(handler: (notice: PushNotice) => void): () => void
  /** Stops the refresh timer and the message listener. */
  stop(): void
}

interface StoredToken {
  token: string
  uploadedAt: number
}

export class PushTimeoutError extends Error {
  constructor(ms: number) {
    super(`push token request gave no answer within ${ms} ms`)
    this.name = 'PushTimeoutError'
  }
}

function platformTimers(): PushTimers {
  return {
    setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof clearTimeout>[0]),
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}

/**
 * The push-token rules of SPEC §4, §8, §9 over an injected `PushProvider`. Tokens are never logged.
 */
export function createPush(options: PushOptions): PushService {
  const now = options.now ?? (() => Date.now())
  const timers = options.timers ?? platformTimers()
  const key = options.storageKey ?? PUSH_TOKEN_STORAGE_KEY
  const log = (message: string, details?: Record<string, unknown>): void =>
    options.logger?.debug(message, details)

  let provider: Promise<PushProvider> | null = null
  let running: Promise<PushSetupResult> | null = null
  let refreshTimer: unknown = null
  let unsubscribe: (() => void) | null = null
  const handlers = new Set<(notice: PushNotice) => void>()

  function readStored(): StoredToken | null {
    try {
      const raw = options.storage.getItem(key)
      if (raw === null) return null
      const parsed = JSON.parse(raw) as Partial<StoredToken> | null
      if (typeof parsed?.token !== 'string' || typeof parsed.uploadedAt !== 'number') return null
      return { token: parsed.token, uploadedAt: parsed.uploadedAt }
    } catch {
      return null
    }
  }

  function ready(): Promise<PushProvider> {
    if (!provider) {
      provider = options.loadProvider()
      provider.catch(() => {
        provider = null
      })
    }
    return provider
  }

  function withTimeout<T>(work: Promise<T>): Promise<T> {
    let timer: unknown = null
    const timeout = new Promise<never>((_, reject) => {
      timer = timers.setTimeout(
        () => reject(new PushTimeoutError(INSTALLATION_REQUEST_TIMEOUT_MS)),
        INSTALLATION_REQUEST_TIMEOUT_MS,
      )
    })
    return Promise.race([work, timeout]).finally(() => timers.clearTimeout(timer))
  }

  function scheduleRefresh(uploadedAt: number): void {
    if (refreshTimer !== null) timers.clearTimeout(refreshTimer)
    const due = Math.max(0, uploadedAt + PUSH_TOKEN_REFRESH_MS - now())
    refreshTimer = timers.setTimeout(() => {
      refreshTimer = null
      void service.setup()
    }, due)
  }

  function listen(loaded: PushProvider): void {
    if (unsubscribe) return
    unsubscribe = loaded.onMessage((payload) => {
      const notice = parsePushNotice(payload)
      if (!notice) {
        log('push message without a notice ignored')
        return
      }
      for (const handler of handlers) handler(notice)
    })
  }

  async function run(): Promise<PushSetupResult> {
    if (options.isIos) return { status: 'skipped', reason: 'ios' }
    const permission = options.permission()
    if (permission === 'unsupported') return { status: 'skipped', reason: 'unsupported' }
    if (permission !== 'granted') return { status: 'skipped', reason: 'permission' }
    try {
      const loaded = await ready()
      listen(loaded)
      const token = await withTimeout(loaded.getToken(options.vapidKey))
      if (token === '') throw new Error('the push service returned an empty token')
      const stored = readStored()
      const current =
        stored !== null && stored.token === token && now() - stored.uploadedAt < PUSH_TOKEN_REFRESH_MS
      if (current) {
        scheduleRefresh(stored.uploadedAt)
        return { status: 'unchanged' }
      }
      await options.uploadToken(token)
      const uploadedAt = now()
      try {
        options.storage.setItem(key, JSON.stringify({ token, uploadedAt } satisfies StoredToken))
      } catch (error) {
        log('push token not stored', { error: describe(error) })
      }
      scheduleRefresh(uploadedAt)
      return { status: 'uploaded' }
    } catch (error) {
      log('push setup failed', { error: describe(error) })
      return { status: 'failed' }
    }
  }

  const service: PushService = {
    setup() {
      running ??= run().finally(() => {
        running = null
      })
      return running
    },

    async unregister() {
      service.stop()
      const hadToken = readStored() !== null
      try {
        options.storage.removeItem(key)
      } catch (error) {
        log('push token not forgotten', { error: describe(error) })
      }
      // Nothing to delete when push was never set up on this browser.
      if (!provider && !hadToken) return
      try {
        await withTimeout((await ready()).deleteToken())
      } catch (error) {
        log('push token deletion failed', { error: describe(error) })
      }
    },

    onNotice(handler) {
      handlers.add(handler)
      return () => {
        handlers.delete(handler)
      }
    },

    stop() {
      if (refreshTimer !== null) timers.clearTimeout(refreshTimer)
      refreshTimer = null
      unsubscribe?.()
      unsubscribe = null
    },
  }
  return service
}
