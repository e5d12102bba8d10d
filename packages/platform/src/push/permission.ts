/** SPEC §4: notification permission as the app reads it. */
export type NotificationPermissionState = 'granted' | 'denied' | 'default' | 'unsupported'

/** The part of the global scope used to read and ask for notification permission. */
export interface NotificationEnvironment {
  Notification?: {
    readonly permission: string
    requestPermission(): Promise<string>
  }
}

function toState(value: string | undefined): NotificationPermissionState {
  return value === 'granted' || value === 'denied' || value === 'default' ? value : 'unsupported'
}

/** 'unsupported' where the browser has no Notification API (e.g. iOS Safari outside a home-screen app). */
export function readNotificationPermission(
  environment: NotificationEnvironment = globalThis as NotificationEnvironment,
): NotificationPermissionState {
  try {
    return toState(environment.Notification?.permission)
  } catch {
    return 'unsupported'
  }
}

/** Asks the user (call from a user gesture); never rejects. */
export async function requestNotificationPermission(
  environment: NotificationEnvironment = globalThis as NotificationEnvironment,
): Promise<NotificationPermissionState> {
  const api = environment.Notification
  if (!api) return 'unsupported'
  try {
    return toState(await api.requestPermission())
  } catch {
    return readNotificationPermission(environment)
  }
}

/** The part of `navigator` used to recognise iOS (including iPadOS, which reports a Mac). */
export interface NavigatorLike {
  readonly userAgent: string
  readonly maxTouchPoints?: number
}

/** SPEC §7: push is not attempted on iOS. */
export function isIosDevice(navigator: NavigatorLike): boolean {
  if (/iPad|iPhone|iPod/.test(navigator.userAgent)) return true
  return /Macintosh/.test(navigator.userAgent) && (navigator.maxTouchPoints ?? 0) > 1
}
