import type { BrandConfig } from '../brand/brandConfig'
import { notificationPermission } from './lazyPlatform'
import type { Logger, NotificationPermissionState, PushNoticeView, PushService } from './types'

/**
 * Push notifications (SPEC §4, §7, §8, §9) for the app: @vchat/platform's push-token rules over
 * Firebase Cloud Messaging with the brand's Firebase config and VAPID key, loaded on demand after
 * login (`register`). The token goes to the product API (`uploadPushToken`) when new, different from
 * the stored one, or 7 days old; a timer refreshes it while the tab stays open. Not attempted on iOS,
 * nor without granted permission: the permission prompt (`requestPermission`, from a click) asks the
 * browser first. Every failure is swallowed (logged at warn level without the token).
 */
export interface AppPushOptions {
  brand: BrandConfig
  logger: Logger
  /** Stores the token server-side (the product API's uploadPushToken). */
  uploadToken: (token: string) => Promise<void>
  /** @vchat/platform (tests pass a fake with a fake provider). */
  load?: () => Promise<Pick<typeof import('@vchat/platform'), 'createPush' | 'loadFirebasePushProvider' | 'isIosDevice'>>
  /** The Notification API (defaults to the browser's; undefined = unsupported). */
  notification?: NotificationApi | undefined
}

export interface NotificationApi {
  readonly permission: string
  requestPermission(): Promise<string>
}

export { notificationPermission } from './lazyPlatform'

export function createAppPush(options: AppPushOptions): PushService {
  const { brand, logger } = options
  const load = options.load ?? (() => import('@vchat/platform'))
  const notification = (): NotificationApi | undefined =>
    'notification' in options ? options.notification : typeof Notification === 'undefined' ? undefined : Notification
  const handlers = new Set<(notice: PushNoticeView) => void>()
  let service: Promise<import('@vchat/platform').PushService> | null = null
  const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error))

  function get() {
    service ??= load().then(
      (platform) => {
        const push = platform.createPush({
          vapidKey: brand.push.vapidKey,
          loadProvider: () => platform.loadFirebasePushProvider({ firebaseConfig: brand.push.firebase }),
          uploadToken: options.uploadToken,
          storage: globalThis.localStorage,
          isIos: typeof navigator !== 'undefined' && platform.isIosDevice(navigator),
          permission: () => notificationPermission(notification()),
          logger: { debug: (message, details) => logger.warn(`push: ${message}`, details) },
        })
        push.onNotice((notice) => handlers.forEach((handler) => handler(notice)))
        return push
      },
      (error: unknown) => {
        service = null
        throw error
      },
    )
    return service
  }

  async function register(): Promise<void> {
    // Nothing to do (and nothing loaded) until the user has granted permission.
    if (notificationPermission(notification()) !== 'granted') return
    try {
      const result = await (await get()).setup()
      if (result.status === 'failed') logger.warn('push setup failed')
    } catch (error) {
      logger.warn('push unavailable', { reason: describe(error) })
    }
  }

  return {
    register,
    async unregister() {
      if (!service) return
      try {
        const push = await service
        await push.unregister()
        push.stop()
      } catch (error) {
        logger.warn('push unregister failed', { reason: describe(error) })
      } finally {
        service = null
      }
    },
    permission: () => notificationPermission(notification()),
    async requestPermission() {
      const current = notification()
      if (!current) return 'unsupported'
      let state: NotificationPermissionState
      try {
        // Asked at once, inside the click's user activation (nothing is loaded before).
        state = notificationPermission({ permission: await current.requestPermission() })
      } catch (error) {
        logger.warn('notification permission request failed', { reason: describe(error) })
        state = notificationPermission(current)
      }
      if (state === 'granted') await register()
      return state
    },
    onNotice(handler) {
      handlers.add(handler)
      return () => {
        handlers.delete(handler)
      }
    },
  }
}
