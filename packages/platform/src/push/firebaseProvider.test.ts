import { describe, expect, it, vi } from 'vitest'
import type { FirebaseApp } from 'firebase/app'
import type { MessagePayload, Messaging } from 'firebase/messaging'
import { loadFirebasePushProvider, PushUnsupportedError } from './firebaseProvider'
import type { FirebaseModules } from './firebaseProvider'

const CONFIG = {
  apiKey: 'key',
  authDomain: 'vidora-chat-web.firebaseapp.com',
  projectId: 'vidora-chat-web',
  messagingSenderId: '731058246913',
  appId: '1:731058246913:web:7439a01b2767ca023a3e1a',
}

/** Fakes at the Firebase boundary: the functions of firebase/app and firebase/messaging we call. */
function fakeFirebase(supported = true) {
  const apps: FirebaseApp[] = []
  const messaging = { app: 'messaging' } as unknown as Messaging
  let listener: ((payload: MessagePayload) => void) | null = null
  const modules = {
    app: {
      getApps: vi.fn(() => apps),
      initializeApp: vi.fn((options: object, name?: string) => {
        const app = { name: name ?? '[DEFAULT]', options } as unknown as FirebaseApp
        apps.push(app)
        return app
      }),
    },
    messaging: {
      isSupported: vi.fn(async () => supported),
      getMessaging: vi.fn(() => messaging),
      getToken: vi.fn(async () => 'fcm-token'),
      deleteToken: vi.fn(async () => true),
      onMessage: vi.fn((_messaging: Messaging, next: (payload: MessagePayload) => void) => {
        listener = next
        return () => {
          listener = null
        }
      }),
    },
  } satisfies FirebaseModules
  return { modules, messaging, emit: (payload: MessagePayload) => listener?.(payload) }
}

describe('loadFirebasePushProvider', () => {
  it('initialises a named app with the brand config and calls messaging with the VAPID key', async () => {
    const firebase = fakeFirebase()
    const registration = { scope: '/' } as unknown as ServiceWorkerRegistration
    const provider = await loadFirebasePushProvider({
      firebaseConfig: CONFIG,
      serviceWorkerRegistration: registration,
      loadFirebase: async () => firebase.modules,
    })
    expect(firebase.modules.app.initializeApp).toHaveBeenCalledWith(CONFIG, 'vchat-push')
    expect(await provider.getToken('vapid')).toBe('fcm-token')
    expect(firebase.modules.messaging.getToken).toHaveBeenCalledWith(firebase.messaging, {
      vapidKey: 'vapid',
      serviceWorkerRegistration: registration,
    })
    expect(await provider.deleteToken()).toBe(true)
    expect(firebase.modules.messaging.deleteToken).toHaveBeenCalledWith(firebase.messaging)

    const received: unknown[] = []
    const off = provider.onMessage((payload) => received.push(payload))
    firebase.emit({ from: 'x', collapseKey: 'c', messageId: 'm', data: { from: 'a', type: '0' } })
    off()
    firebase.emit({ from: 'x', collapseKey: 'c', messageId: 'm2' })
    expect(received).toHaveLength(1)
  })

  it('reuses its app on a second load', async () => {
    const firebase = fakeFirebase()
    await loadFirebasePushProvider({ firebaseConfig: CONFIG, loadFirebase: async () => firebase.modules })
    await loadFirebasePushProvider({ firebaseConfig: CONFIG, loadFirebase: async () => firebase.modules })
    expect(firebase.modules.app.initializeApp).toHaveBeenCalledTimes(1)
  })

  it('rejects where the browser cannot do push', async () => {
    const firebase = fakeFirebase(false)
    await expect(
      loadFirebasePushProvider({ firebaseConfig: CONFIG, loadFirebase: async () => firebase.modules }),
    ).rejects.toBeInstanceOf(PushUnsupportedError)
    expect(firebase.modules.app.initializeApp).not.toHaveBeenCalled()
  })
})
