import type { BrandConfig } from '../brand/brandConfig'
import type { Logger, NotificationPermissionState, PushNoticeView } from './types'

/**
 * The push wiring behind `createAppPush` (loaded after login, once permission is granted):
 * @vchat/platform's push-token rules over Firebase Cloud Messaging with the brand's Firebase config and
 * VAPID key. The token goes to the product API when new, different from the stored one, or 7 days
 * old; a timer refreshes it while the tab stays open. Background messages are shown by the app's
 * service worker (`firebase-messaging-sw.js`, imported by `/sw.js`), whose registration is handed to
 * Firebase when there is one.
 */
export interface PushRuntimeOptions {
  push: NonNullable<BrandConfig['push']>
  logger: Logger
  uploadToken: (token: string) => Promise<void>
  permission: () => NotificationPermissionState
  ios: boolean
  /** @vchat/platform (tests pass a fake with a fake provider). */
  load?: () => Promise<Pick<typeof import('@vchat/platform'), 'createPush' | 'loadFirebasePushProvider'>>
  /** The app's service worker registration at `/`, if any (defaults to the browser's). */
  serviceWorker?: () => Promise<ServiceWorkerRegistration | undefined>
}

export interface PushRuntime {
  /** Gets and uploads the token per the rules. Never rejects. */
  setup(): Promise<void>
  /** Deletes the token and stops the refresh timer. Never rejects. */
  unregister(): Promise<void>
  onNotice(handler: (notice: PushNoticeView) => void): void
}

const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error))

async function browserRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker) return undefined
  try {
    return await navigator.serviceWorker.getRegistration('/')
  } catch {
    return undefined
  }
}

export async function createPushRuntime(options: PushRuntimeOptions): Promise<PushRuntime> {
  const { logger } = options
  const platform = await (options.load ?? (() => import('@vchat/platform')))()
  const handlers = new Set<(notice: PushNoticeView) => void>()
  const push = platform.createPush({
    vapidKey: options.push.vapidKey,
    loadProvider: async () => {
      const registration = await (options.serviceWorker ?? browserRegistration)()
      return platform.loadFirebasePushProvider({
        firebaseConfig: options.push.firebase,
        ...(registration ? { serviceWorkerRegistration: registration } : {}),
      })
    },
    uploadToken: options.uploadToken,
    storage: globalThis.localStorage,
    isIos: options.ios,
    permission: options.permission,
    logger: { debug: (message, details) => logger.warn(`push: ${message}`, details) },
  })
  push.onNotice((notice) => handlers.forEach((handler) => handler(notice)))
  return {
    async setup() {
      try {
        const result = await push.setup()
        if (result.status === 'failed') logger.warn('push setup failed')
      } catch (error) {
        logger.warn('push unavailable', { reason: describe(error) })
      }
    },
    async unregister() {
      try {
        await push.unregister()
      } catch (error) {
        logger.warn('push unregister failed', { reason: describe(error) })
      } finally {
        push.stop()
      }
    },
    onNotice(handler) {
      handlers.add(handler)
    },
  }
}
