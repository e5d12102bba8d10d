import type { BrandConfig } from '../brand/brandConfig'
import type { Logger, NotificationPermissionState, PushNoticeView, PushService } from './types'
import type { PushRuntime, PushRuntimeOptions } from './pushRuntime'

/**
 * Push notifications (SPEC §4, §7, §8, §9) for the app. This part is small and synchronous — it reads
 * the notification permission and asks for it inside the click's user activation, with nothing
 * downloaded first — and the wiring (`pushRuntime.ts`, @vchat/platform over Firebase Cloud Messaging)
 * is loaded by `register()` once permission is granted (after login, or right after the prompt's
 * grant). Push reads as 'unsupported', and nothing is asked, loaded or registered, where it cannot run:
 * a brand without push ids, iOS (SPEC §7), or a browser without the Notification API. Every failure is
 * swallowed (logged at warn level without the token).
 */
export interface AppPushOptions {
  brand: BrandConfig
  logger: Logger
  /** Stores the token server-side (the product API's uploadPushToken). */
  uploadToken: (token: string) => Promise<void>
  /** @vchat/platform (tests pass a fake with a fake provider). */
  load?: PushRuntimeOptions['load']
  /** The app's service worker registration (tests pass one; defaults to the browser's at `/`). */
  serviceWorker?: PushRuntimeOptions['serviceWorker']
  /** The Notification API (defaults to the browser's; undefined = unsupported). */
  notification?: NotificationApi | undefined
  /** The user agent to tell iOS by (defaults to the browser's). */
  navigator?: { userAgent: string; maxTouchPoints?: number } | undefined
  /** Loads the wiring (tests may pass the module itself). */
  loadRuntime?: () => Promise<Pick<typeof import('./pushRuntime'), 'createPushRuntime'>>
}

export interface NotificationApi {
  readonly permission: string
  requestPermission(): Promise<string>
}

/** Reads the permission (SPEC §4: granted, denied, default or unsupported). */
export function notificationPermission(notification: { permission: string } | undefined): NotificationPermissionState {
  if (!notification) return 'unsupported'
  const value = notification.permission
  return value === 'granted' || value === 'denied' ? value : 'default'
}

/** iPhone, iPad, iPod, and iPadOS reporting a Mac with touch. */
export function isIos(nav: { userAgent: string; maxTouchPoints?: number } | undefined): boolean {
  if (!nav) return false
  return /iPad|iPhone|iPod/.test(nav.userAgent) || (/Macintosh/.test(nav.userAgent) && (nav.maxTouchPoints ?? 0) > 1)
}

const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error))

export function createAppPush(options: AppPushOptions): PushService {
  const { brand, logger } = options
  const notification = (): NotificationApi | undefined =>
    'notification' in options ? options.notification : typeof Notification === 'undefined' ? undefined : Notification
  const ios = isIos('navigator' in options ? options.navigator : typeof navigator === 'undefined' ? undefined : navigator)
  const available = Boolean(brand.push?.vapidKey) && !ios
  const permission = (): NotificationPermissionState => (available ? notificationPermission(notification()) : 'unsupported')
  const handlers = new Set<(notice: PushNoticeView) => void>()
  let runtime: Promise<PushRuntime> | null = null

  function load(): Promise<PushRuntime> {
    runtime ??= (options.loadRuntime ?? (() => import('./pushRuntime')))()
      .then(({ createPushRuntime }) =>
        createPushRuntime({
          // Checked by `available` before anything loads.
          push: brand.push as NonNullable<BrandConfig['push']>,
          logger,
          uploadToken: options.uploadToken,
          permission,
          ios,
          ...(options.load ? { load: options.load } : {}),
          ...(options.serviceWorker ? { serviceWorker: options.serviceWorker } : {}),
        }),
      )
      .then((loaded) => {
        loaded.onNotice((notice) => handlers.forEach((handler) => handler(notice)))
        return loaded
      })
      .catch((error: unknown) => {
        // A failed download is tried again by the next register().
        runtime = null
        throw error
      })
    return runtime
  }

  async function register(): Promise<void> {
    // Nothing to do (and nothing loaded) until the user has granted permission.
    if (permission() !== 'granted') return
    try {
      await (await load()).setup()
    } catch (error) {
      logger.warn('push unavailable', { reason: describe(error) })
    }
  }

  return {
    register,
    async unregister() {
      const started = runtime
      runtime = null
      if (!started) return
      try {
        await (await started).unregister()
      } catch (error) {
        logger.warn('push unregister failed', { reason: describe(error) })
      }
    },
    permission,
    async requestPermission() {
      const current = notification()
      if (!available || !current) return 'unsupported'
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
