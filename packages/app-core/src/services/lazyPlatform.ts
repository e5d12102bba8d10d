/**
 * Entry-chunk facades for services a visitor never uses: device id and attribution, and Google
 * sign-in (push is `pushService.ts`). Each is a few lines here; the real wiring (`platformIds.ts`,
 * `googleAuth.ts`) is loaded with dynamic `import()` on first use — with the first server call, or on
 * the login screen — so none of it is on the landing page.
 */
import { MessageType } from '@vchat/contract'
import type { BrandConfig } from '../brand/brandConfig'
import type { PlatformIds } from './platformIds'
import type { ConsentService, GoogleAuthService, Logger, PlatformIdsService } from './types'

const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error))

/** Loads once; a failed load is tried again by the next use. */
function once<T>(load: () => Promise<T>): { get: () => Promise<T>; started: () => Promise<T> | null } {
  let value: Promise<T> | null = null
  return {
    get: () =>
      (value ??= load().catch((error: unknown) => {
        value = null
        throw error
      })),
    started: () => value,
  }
}

export interface LazyPlatformIds extends PlatformIdsService {
  /** The loaded device id and attribution wiring (what the product API waits for); null when it cannot load. */
  load(): Promise<PlatformIds | null>
}

/** Device id and attribution (`createPlatformIds`), loaded with the first server call or an attribution refresh. */
export function createLazyPlatformIds(brand: BrandConfig, logger: Logger, consent: Pick<ConsentService, 'get' | 'subscribe'>, load = () => import('./platformIds')): LazyPlatformIds {
  const ids = once(() => load().then(({ createPlatformIds }) => createPlatformIds({ brand, logger, consent })))
  const loaded = () =>
    ids.get().catch((error: unknown) => {
      logger.warn('device id and attribution unavailable', { reason: describe(error) })
      return null
    })
  return {
    load: loaded,
    async refreshAttribution() {
      await (await loaded())?.refreshAttribution()
    },
    handleMessageType(type) {
      if (type !== MessageType.AttributionRefresh) return false
      void this.refreshAttribution()
      return true
    },
  }
}

/**
 * The messenger's attribution_refresh (type 100) hook: when the chat service exposes
 * `onAttributionRefresh(listener)` (the @vchat/xmpp-chat messenger does), each such message refreshes
 * the attribution. Answers whether the hook was found.
 */
export function subscribeAttributionRefresh(chat: unknown, ids: Pick<PlatformIdsService, 'handleMessageType'>, logger: Logger): boolean {
  if (!chat || typeof chat !== 'object' || !('onAttributionRefresh' in chat) || typeof chat.onAttributionRefresh !== 'function') return false
  try {
    ;(chat.onAttributionRefresh as (listener: () => void) => unknown)(() => {
      ids.handleMessageType(MessageType.AttributionRefresh)
    })
    return true
  } catch (error) {
    logger.warn('attribution refresh hook failed', { reason: error instanceof Error ? error.message : String(error) })
    return false
  }
}

/** Google sign-in (`createGoogleAuth`), loaded on first use (the login screen). */
export function createLazyGoogleAuth(clientId: string | null, load = () => import('./googleAuth')): GoogleAuthService {
  let real: GoogleAuthService | null = null
  const google = once(() => load().then(({ createGoogleAuth }) => (real = createGoogleAuth({ clientId }))))
  const get = () =>
    google.get().catch((error: unknown) => {
      // Same reason as a failed Google script (GoogleAuthError 'script_failed').
      throw Object.assign(new Error(`Google sign-in failed: script_failed (${describe(error)})`), { name: 'GoogleAuthError', reason: 'script_failed' })
    })
  return {
    available: clientId !== null,
    signIn: async () => (await get()).signIn(),
    async prompt() {
      try {
        return await (await get()).prompt()
      } catch {
        return null
      }
    },
    cancelPrompt() {
      real?.cancelPrompt()
    },
  }
}
