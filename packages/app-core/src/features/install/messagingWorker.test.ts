// @vitest-environment node
import { runInNewContext } from 'node:vm'
import { describe, expect, it, vi } from 'vitest'
import { firebaseCompatSources, hasPushIds, messagingWorkerSource } from '../../../vite/messagingWorker.ts'
import type { MessagingBrand } from '../../../vite/messagingWorker.ts'
import { serviceWorkerSource } from '../../../vite/pwaPlugin.ts'

const push = {
  firebase: {
    apiKey: 'AIzaSybebdaf4b5d114e6e8af927a6d422342a0',
    authDomain: 'vidora-chat-web.firebaseapp.com',
    projectId: 'vidora-chat-web',
    storageBucket: 'vidora-chat-web.appspot.com',
    messagingSenderId: '731058246913',
    appId: '1:731058246913:web:7439a01b2767ca023a3e1a',
  },
  vapidKey: 'BJOB6aZ6o2F1HOqQF4wJStYTN0IWPL0U8Ua-XD7mYG1OirS92DnnxnK6puuH4G9ZstOmitBTPyoT72wMXYdpIWo',
}
const brand = { displayName: 'Vidora', push } satisfies MessagingBrand

interface FakeClient {
  url: string
  focus: ReturnType<typeof vi.fn>
}

/**
 * Runs the generated worker in a fresh context with fakes at the Firebase boundary (the compat
 * `firebase` namespace that `importScripts` would define) and the service-worker globals it uses.
 */
function runWorker(windows: FakeClient[] = []) {
  let backgroundHandler: ((payload: { data?: Record<string, string>; notification?: object }) => unknown) | null = null
  const listeners = new Map<string, (event: unknown) => void>()
  const firebase = {
    initializeApp: vi.fn(),
    messaging: vi.fn(() => ({
      onBackgroundMessage: (handler: typeof backgroundHandler) => {
        backgroundHandler = handler
      },
    })),
  }
  const showNotification = vi.fn(async () => undefined)
  const openWindow = vi.fn(async () => null)
  const matchAll = vi.fn(async () => windows)
  const imported: string[] = []
  const self = {
    location: { origin: 'https://vidora.chat' },
    registration: { showNotification },
    clients: { matchAll, openWindow },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
  }
  runInNewContext(messagingWorkerSource(brand), {
    self,
    firebase,
    URL,
    importScripts: (...urls: string[]) => imported.push(...urls),
  })
  const click = async (data: unknown) => {
    const close = vi.fn()
    let work: Promise<unknown> = Promise.resolve()
    listeners.get('notificationclick')?.({ notification: { data, close }, waitUntil: (promise: Promise<unknown>) => (work = promise) })
    await work
    return close
  }
  return { firebase, imported, showNotification, openWindow, click, background: (payload: Parameters<NonNullable<typeof backgroundHandler>>[0]) => backgroundHandler?.(payload) }
}

describe('push messaging service worker', () => {
  it("loads Firebase's compat handler from the app's own origin and initialises it with the brand's ids", () => {
    const worker = runWorker()
    expect(worker.imported).toEqual(['/firebase/firebase-app-compat.js', '/firebase/firebase-messaging-compat.js'])
    expect(worker.firebase.initializeApp).toHaveBeenCalledWith(push.firebase)
    expect(worker.firebase.messaging).toHaveBeenCalledTimes(1)
  })

  it('shows a background data message as a system notification with its text; leaves notification messages to Firebase', async () => {
    const worker = runWorker()
    await worker.background({ data: { from: 'anchor_200001@localhost', type: '0', content: '<b>hi</b>', avatarUrl: 'https://img/a.png' } })
    expect(worker.showNotification).toHaveBeenCalledWith('Vidora', {
      body: '<b>hi</b>',
      icon: 'https://img/a.png',
      badge: '/icons/icon-192.png',
      tag: 'anchor_200001@localhost',
      data: { url: '/' },
    })
    await worker.background({ notification: { title: 'shown by Firebase' }, data: {} })
    expect(worker.showNotification).toHaveBeenCalledTimes(1)
  })

  it('a click focuses an open page of the app, or opens the app; Firebase keeps its own clicks', async () => {
    const open: FakeClient = { url: 'https://vidora.chat/match', focus: vi.fn(async () => open) }
    const other: FakeClient = { url: 'https://elsewhere.example/', focus: vi.fn() }
    const withPage = runWorker([other, open])
    const close = await withPage.click({ url: '/' })
    expect(close).toHaveBeenCalled()
    expect(open.focus).toHaveBeenCalled()
    expect(other.focus).not.toHaveBeenCalled()
    expect(withPage.openWindow).not.toHaveBeenCalled()

    const noPage = runWorker([other])
    await noPage.click({ url: '/' })
    expect(noPage.openWindow).toHaveBeenCalledWith('https://vidora.chat/')

    const firebaseOwn = runWorker([])
    const untouched = await firebaseOwn.click({ FCM_MSG: { data: {} } })
    expect(untouched).not.toHaveBeenCalled()
    expect(firebaseOwn.openWindow).not.toHaveBeenCalled()
  })

  it('only a brand with push ids gets it; the shell worker imports it first and keeps caching the shell', () => {
    expect(hasPushIds(brand)).toBe(true)
    expect(hasPushIds({ displayName: 'No push' })).toBe(false)
    expect(hasPushIds({ displayName: 'Half', push: { ...push, vapidKey: '' } })).toBe(false)
    const shell = serviceWorkerSource('v1', ['assets/index.js'], ['firebase-messaging-sw.js'])
    expect(shell.split('\n')[1]).toBe('importScripts("/firebase-messaging-sw.js")')
    expect(shell).toContain(`const SHELL = ["/","/assets/index.js"]`)
    expect(serviceWorkerSource('v1', ['assets/index.js'])).not.toContain('importScripts')
  })

  it("serves the installed firebase package's compat builds", () => {
    const files = firebaseCompatSources()
    expect(files.map((file) => file.fileName)).toEqual(['firebase/firebase-app-compat.js', 'firebase/firebase-messaging-compat.js'])
    for (const file of files) expect(file.source.length).toBeGreaterThan(10_000)
    expect(files[1]?.source).toContain('onBackgroundMessage')
  })
})
