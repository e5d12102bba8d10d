/**
 * Background push messages of a brand with push ids: `firebase-messaging-sw.js`, generated at build
 * time. It loads Firebase's own messaging service-worker handler (the compat builds of firebase/app and
 * firebase/messaging, copied from the installed `firebase` package and served by the app itself, so no
 * third-party script host is involved), initialises it with the brand's Firebase config, shows a system
 * notification for a data message that arrives while no page of the app is visible, and focuses the
 * app (or opens it) when that notification is clicked. While a page is visible Firebase hands the
 * message to the page instead (foreground messages become in-app notices there).
 *
 * The app-shell service worker (`sw.js`) imports this file, so the one registration at scope `/`
 * serves both; Firebase can also register it on its own where `sw.js` is absent.
 * Node-only; erasable TypeScript with `.ts` relative imports.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

export const MESSAGING_WORKER_FILE = 'firebase-messaging-sw.js'
/** Where the Firebase compat builds are served from (our choice). */
const FIREBASE_COMPAT_DIR = 'firebase'
const FIREBASE_COMPAT_FILES = ['firebase-app-compat.js', 'firebase-messaging-compat.js'] as const

export interface MessagingBrand {
  displayName: string
  push?:
    | {
        firebase: { apiKey: string; authDomain: string; projectId: string; storageBucket: string; messagingSenderId: string; appId: string }
        vapidKey: string
      }
    | undefined
}

/** Whether the brand has push ids (without them nothing about push is built or registered). */
export function hasPushIds(brand: MessagingBrand): brand is MessagingBrand & { push: NonNullable<MessagingBrand['push']> } {
  const push = brand.push
  return Boolean(push && push.vapidKey && push.firebase.apiKey && push.firebase.projectId && push.firebase.messagingSenderId && push.firebase.appId)
}

/** The service worker's source for a brand with push ids. */
export function messagingWorkerSource(brand: MessagingBrand & { push: NonNullable<MessagingBrand['push']> }): string {
  const scripts = FIREBASE_COMPAT_FILES.map((file) => `/${FIREBASE_COMPAT_DIR}/${file}`)
  return `// Generated at build time: background push messages (Firebase Cloud Messaging) of ${JSON.stringify(brand.displayName)}.
importScripts(${scripts.map((script) => JSON.stringify(script)).join(', ')})

const BRAND_NAME = ${JSON.stringify(brand.displayName)}
firebase.initializeApp(${JSON.stringify(brand.push.firebase)})
const messaging = firebase.messaging()

// No page of the app is visible. A message with a notification part is shown by Firebase itself; a
// data message (from, type, avatarUrl, content) is shown here, as text.
messaging.onBackgroundMessage((payload) => {
  if (payload.notification) return undefined
  const data = payload.data || {}
  const body = typeof data.content === 'string' ? data.content : ''
  const options = { body, icon: data.avatarUrl || '/icons/icon-192.png', badge: '/icons/icon-192.png', data: { url: '/' } }
  if (data.from) options.tag = data.from
  return self.registration.showNotification(BRAND_NAME, options)
})

// A click on one of ours focuses an open page of the app, or opens it. Firebase handles the
// notifications it showed itself (they carry FCM_MSG).
self.addEventListener('notificationclick', (event) => {
  const data = event.notification.data || {}
  if (data.FCM_MSG) return
  event.notification.close()
  const url = new URL(typeof data.url === 'string' ? data.url : '/', self.location.origin).href
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin)
      return open ? open.focus() : self.clients.openWindow(url)
    }),
  )
})
`
}

/** The Firebase compat builds from the installed `firebase` package (a dependency of @vchat/platform). */
export function firebaseCompatSources(): { fileName: string; source: string }[] {
  const require = createRequire(import.meta.url)
  const platform = require.resolve('@vchat/platform/package.json')
  const firebaseDir = path.dirname(createRequire(platform).resolve('firebase/package.json'))
  return FIREBASE_COMPAT_FILES.map((file) => ({
    fileName: `${FIREBASE_COMPAT_DIR}/${file}`,
    source: readFileSync(path.join(firebaseDir, file), 'utf8'),
  }))
}
