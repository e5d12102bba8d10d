import { describe, expect, it, vi } from 'vitest'
import { captureInstallPrompt, currentInstallPrompt, installMethod, notificationPermission, openDesktopPopup, popupWindowFeatures, promptInstall, requestNotificationPermission } from './installEnvironment'
import type { BrowserEnvironment } from './installEnvironment'
import { createServiceWorkerService, registerServiceWorker } from './registerServiceWorker'
import { silentLogger } from '../../testing/fakeServices'

const env = (userAgent: string, extra: Partial<BrowserEnvironment> = {}): BrowserEnvironment => ({ navigator: { userAgent }, ...extra })
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36'
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'
const MAC_SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:130.0) Gecko/20100101 Firefox/130.0'

describe('install environment', () => {
  it('notification permission reads granted, denied, default or unsupported', async () => {
    expect(notificationPermission(env(CHROME, { Notification: { permission: 'granted', requestPermission: async () => 'granted' } }))).toBe('granted')
    expect(notificationPermission(env(CHROME, { Notification: { permission: 'denied', requestPermission: async () => 'denied' } }))).toBe('denied')
    expect(notificationPermission(env(CHROME))).toBe('unsupported')
    expect(notificationPermission(null)).toBe('unsupported')
    const api = { permission: 'default', requestPermission: vi.fn(async () => (api.permission = 'granted')) }
    expect(notificationPermission(env(CHROME, { Notification: api }))).toBe('default')
    expect(await requestNotificationPermission(env(CHROME, { Notification: api }))).toBe('granted')
    expect(await requestNotificationPermission(env(CHROME))).toBe('unsupported')
  })

  it('picks the prompt, or the guide where the browser cannot install', () => {
    expect(installMethod(env(CHROME), true)).toBe('prompt')
    expect(installMethod(env(IPHONE), false)).toBe('homeScreenGuide')
    expect(installMethod(env(MAC_SAFARI), false)).toBe('desktopGuide')
    expect(installMethod(env(FIREFOX), false)).toBe('bookmarkGuide')
    expect(installMethod(env(CHROME, { matchMedia: () => ({ matches: true }) }), true)).toBe('installed')
  })

  it('the desktop pop-up window is 600 by 400', () => {
    expect(popupWindowFeatures(null)).toContain('width=600,height=400')
    const open = vi.fn(() => ({}))
    expect(openDesktopPopup('/goddess', env(CHROME, { open, screen: { availWidth: 1600, availHeight: 1000 } }))).toBe(true)
    expect(open).toHaveBeenCalledWith('/goddess', 'vchat-popup', 'popup=yes,width=600,height=400,left=500,top=300')
    expect(openDesktopPopup('/goddess', env(CHROME, { open: () => null }))).toBe(false)
  })

  it('keeps the browser install prompt and shows it on demand', async () => {
    const target = new EventTarget()
    const remove = captureInstallPrompt(target as unknown as Window)
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: vi.fn(async () => {}), userChoice: Promise.resolve({ outcome: 'accepted' as const }) })
    target.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
    expect(currentInstallPrompt()).toBe(event)
    expect(await promptInstall()).toBe(true)
    expect(currentInstallPrompt()).toBeNull()
    remove()
  })

  it('registers the service worker at /sw.js and only logs a failure', async () => {
    const register = vi.fn(async () => ({}))
    expect(await registerServiceWorker({ navigator: { serviceWorker: { register } } }, () => {})).toBe(true)
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' })
    const onError = vi.fn()
    expect(await registerServiceWorker({ navigator: { serviceWorker: { register: async () => Promise.reject(new Error('x')) } } }, onError)).toBe(false)
    expect(onError).toHaveBeenCalled()
    expect(await registerServiceWorker({ navigator: {} }, onError)).toBe(false)
  })

  it('the service worker service registers in a production build only', async () => {
    const register = vi.fn(async () => ({}))
    const host = { navigator: { serviceWorker: { register } } }
    // Vitest runs as a development build.
    expect(await createServiceWorkerService(silentLogger, host).register()).toBe(false)
    expect(register).not.toHaveBeenCalled()
    vi.stubEnv('DEV', false)
    try {
      expect(await createServiceWorkerService(silentLogger, host).register()).toBe(true)
      expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' })
    } finally {
      vi.unstubAllEnvs()
    }
  })
})
