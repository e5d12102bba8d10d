import type { FirebaseApp, FirebaseOptions } from 'firebase/app'
import type { GetTokenOptions, MessagePayload, Messaging } from 'firebase/messaging'
import type { PushProvider } from './types'

/** The Firebase functions the provider calls (the real modules, or fakes in tests). */
export interface FirebaseModules {
  app: {
    getApps(): FirebaseApp[]
    initializeApp(options: FirebaseOptions, name?: string): FirebaseApp
  }
  messaging: {
    isSupported(): Promise<boolean>
    getMessaging(app: FirebaseApp): Messaging
    getToken(messaging: Messaging, options?: GetTokenOptions): Promise<string>
    deleteToken(messaging: Messaging): Promise<boolean>
    onMessage(messaging: Messaging, next: (payload: MessagePayload) => void): () => void
  }
}

export class PushUnsupportedError extends Error {
  constructor() {
    super('push messaging is not supported in this browser')
    this.name = 'PushUnsupportedError'
  }
}

export interface FirebasePushProviderOptions {
  /** The brand's Firebase web config. */
  firebaseConfig: FirebaseOptions
  /**
   * The service worker that shows background messages; without it Firebase registers
   * `/firebase-messaging-sw.js` itself.
   */
  serviceWorkerRegistration?: ServiceWorkerRegistration
  /** Firebase app name (our choice), so the push app never clashes with another Firebase app. */
  appName?: string
  /** Loads Firebase; defaults to dynamic imports of `firebase/app` and `firebase/messaging`. */
  loadFirebase?: () => Promise<FirebaseModules>
}

async function importFirebase(): Promise<FirebaseModules> {
  const [app, messaging] = await Promise.all([import('firebase/app'), import('firebase/messaging')])
  return { app, messaging }
}

/**
 * The real `PushProvider`: Firebase Cloud Messaging, imported on demand (never on the landing
 * route), initialised with the brand's config. Rejects with `PushUnsupportedError` where the
 * browser lacks what FCM needs (service workers, Push API, IndexedDB).
 */
export async function loadFirebasePushProvider(options: FirebasePushProviderOptions): Promise<PushProvider> {
  const firebase = await (options.loadFirebase ?? importFirebase)()
  if (!(await firebase.messaging.isSupported())) throw new PushUnsupportedError()
  const name = options.appName ?? 'vchat-push'
  const app =
    firebase.app.getApps().find((existing) => existing.name === name) ??
    firebase.app.initializeApp(options.firebaseConfig, name)
  const messaging = firebase.messaging.getMessaging(app)
  return {
    getToken: (vapidKey) =>
      firebase.messaging.getToken(messaging, {
        vapidKey,
        ...(options.serviceWorkerRegistration
          ? { serviceWorkerRegistration: options.serviceWorkerRegistration }
          : {}),
      }),
    deleteToken: () => firebase.messaging.deleteToken(messaging),
    onMessage: (handler) => firebase.messaging.onMessage(messaging, handler),
  }
}
