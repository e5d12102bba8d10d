import type { ChatSession } from '@vchat/xmpp-chat'
import { XMPP_RESOURCE } from '../constants'
import { absoluteWebsocketUrl } from './endpoints'
import type { CallRuntime } from '../features/call/callRuntime'
import type { CallsService, ChatCredentials, ChatService, DbService, Logger, PushService, ResolvedEndpoints } from './types'


/**
 * Messaging facade. Nothing of @xmpp is downloaded until `login()` runs: it imports
 * @vchat/xmpp-chat on demand and opens the session with the user's vcToken (asked again on every
 * authentication, since a stream resume logs in again). Profile fetch (vCard) returns null until the
 * messaging package exposes it.
 */
export function createLazyChat(endpoints: ResolvedEndpoints, logger: Logger): ChatService {
  let session: ChatSession | null = null
  return {
    async login(credentials: ChatCredentials) {
      const { createChatSession } = await import('@vchat/xmpp-chat')
      if (session) await session.logout().catch(() => undefined)
      const username = credentials.jid.split('@')[0] ?? ''
      const next = createChatSession({
        service: absoluteWebsocketUrl(endpoints.websocketUrl),
        domain: endpoints.xmppDomain,
        resource: XMPP_RESOURCE,
        getCredentials: async () => ({ username, password: credentials.getToken() ?? credentials.vcToken }),
      })
      next.onError((error) => logger.warn('messaging error', { reason: error.message }))
      session = next
      await next.login()
    },
    async logout() {
      const current = session
      session = null
      if (current) await current.logout()
    },
    async fetchProfile() {
      return null
    },
  }
}

/**
 * One-to-one calls, loaded on demand: `open()` imports the call layer (@vchat/webrtc-call) and binds
 * it to the messaging login's hub transport, once per transport (a new login gets a new runtime).
 * Resolves null while there is no hub transport (messaging not logged in).
 */
export function createLazyCalls(): CallsService {
  let current: { transport: object; runtime: CallRuntime } | null = null
  return {
    async preload() {
      await import('../features/call/callRuntime')
    },
    async open({ transport, ...binding }) {
      if (!transport) return null
      if (current?.transport === transport) return current.runtime
      const { createCallRuntime } = await import('../features/call/callRuntime')
      if (current?.transport === transport) return current.runtime
      current?.runtime.dispose()
      const runtime = createCallRuntime({ ...binding, transport, media: navigator.mediaDevices })
      current = { transport, runtime }
      return runtime
    },
    current: () => current?.runtime ?? null,
  }
}

/** Local chat database (@vchat/chat-db, Dexie) opened on demand. */
export function createLazyDb(): DbService {
  let db: { close(): void } | null = null
  return {
    async open() {
      if (db) return
      const { openChatDb } = await import('@vchat/chat-db')
      db = await openChatDb()
    },
    async close() {
      db?.close()
      db = null
    },
  }
}

/** Push that does nothing (SPEC §8: push failures are silent); the app's real one is `createAppPush`. */
export function createPushPlaceholder(): PushService {
  return {
    async register() {},
    async unregister() {},
    permission: () => 'unsupported',
    requestPermission: async () => 'unsupported',
    onNotice: () => () => {},
  }
}
