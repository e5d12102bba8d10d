import { POPUP_WINDOW } from '../../constants'

/** SPEC §4: notification permission reads as granted, denied, default or unsupported. */
export type NotificationPermissionState = 'granted' | 'denied' | 'default' | 'unsupported'

/** The parts of `window` the install and notification helpers read (injected in tests). */
export interface BrowserEnvironment {
  Notification?: { permission: string; requestPermission(): Promise<string> } | undefined
  navigator: { userAgent: string; maxTouchPoints?: number; standalone?: boolean }
  matchMedia?: ((query: string) => { matches: boolean }) | undefined
  open?: ((url: string, target: string, features: string) => unknown) | undefined
  screen?: { availWidth: number; availHeight: number } | undefined
}

export function browserEnvironment(): BrowserEnvironment | null {
  return typeof window === 'undefined' ? null : (window as unknown as BrowserEnvironment)
}

export function notificationPermission(env: BrowserEnvironment | null): NotificationPermissionState {
  const permission = env?.Notification?.permission
  return permission === 'granted' || permission === 'denied' || permission === 'default' ? permission : 'unsupported'
}

/** Asks for notification permission; the state afterwards ('unsupported' when there is no API). */
export async function requestNotificationPermission(env: BrowserEnvironment | null): Promise<NotificationPermissionState> {
  if (!env?.Notification) return 'unsupported'
  try {
    await env.Notification.requestPermission()
  } catch {
    // Some browsers throw outside a user gesture; the state below tells what happened.
  }
  return notificationPermission(env)
}

/**
 * How this browser can add the app:
 * - `installed`: already running as an installed app;
 * - `prompt`: the browser offered its install prompt (beforeinstallprompt) — the add-to-home-screen prompt;
 * - `homeScreenGuide`: a phone or tablet browser without a prompt (iOS Safari): Share → Add to Home Screen;
 * - `desktopGuide`: desktop Safari (File → Add to Dock);
 * - `bookmarkGuide`: any other browser that cannot install (e.g. desktop Firefox): bookmark it.
 */
export type InstallMethod = 'installed' | 'prompt' | 'homeScreenGuide' | 'desktopGuide' | 'bookmarkGuide'

export function installMethod(env: BrowserEnvironment | null, promptAvailable: boolean): InstallMethod {
  if (!env) return 'bookmarkGuide'
  const standalone = env.navigator.standalone === true || env.matchMedia?.('(display-mode: standalone)').matches === true
  if (standalone) return 'installed'
  if (promptAvailable) return 'prompt'
  const ua = env.navigator.userAgent
  const iPadOs = /Macintosh/.test(ua) && (env.navigator.maxTouchPoints ?? 0) > 1
  if (/Android|iPhone|iPad|iPod|Mobile/i.test(ua) || iPadOs) return 'homeScreenGuide'
  if (/Macintosh/.test(ua) && /Safari\//.test(ua) && !/Chrome|Chromium|Edg|Firefox/.test(ua)) return 'desktopGuide'
  return 'bookmarkGuide'
}

/** The shortcut that bookmarks the page: ⌘D on Apple desktops, Ctrl+D elsewhere. */
export function bookmarkShortcut(env: BrowserEnvironment | null): string {
  return env && /Macintosh/.test(env.navigator.userAgent) ? '⌘ D' : 'Ctrl + D'
}

/** The window features of the SPEC §2 desktop pop-up window (600 by 400), centred when the screen is known. */
export function popupWindowFeatures(env: BrowserEnvironment | null): string {
  const { width, height } = POPUP_WINDOW
  const left = env?.screen ? Math.max(0, Math.round((env.screen.availWidth - width) / 2)) : 0
  const top = env?.screen ? Math.max(0, Math.round((env.screen.availHeight - height) / 2)) : 0
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`
}

/** Opens a URL in the desktop pop-up window; false when the browser blocked it. */
export function openDesktopPopup(url: string, env: BrowserEnvironment | null = browserEnvironment()): boolean {
  const opened = env?.open?.(url, 'vchat-popup', popupWindowFeatures(env))
  return opened !== null && opened !== undefined
}

export { captureInstallPrompt, currentInstallPrompt, promptInstall, subscribeInstallPrompt } from './installPrompt'
