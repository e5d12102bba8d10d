import type { CallRuntime } from '../features/call/callRuntime'
import type { CallsService, ChatConnectionState, ChatCredentials, ChatEvent, ChatService, DbService, Logger, MediaDevicesService, MediaService, ResolvedEndpoints } from './types'
import type { MessagingInstance } from './messaging'
import type { ChatDb } from '@vchat/chat-db'

const NEED_LOGIN = 'need login'

/**
 * Messaging facade. Nothing of @xmpp or Dexie is downloaded until `login()` runs: it imports
 * `./messaging` (session + messenger + chat-db) on demand and logs in with the user's vcToken, asked
 * again on every authentication (`credentials.getToken`), since a stream resume logs in again. Each
 * login replaces the previous instance. Reads before login answer empty. Writes (send, retry, a gift)
 * made while a login is on its way wait for its instance — a message typed in the second after a page
 * load goes to the outbox, not to the floor — and reject 'need login' only when no login is under way
 * (or it failed before the instance existed).
 */
export function createLazyChat(endpoints: ResolvedEndpoints, logger: Logger): ChatService {
  let instance: MessagingInstance | null = null
  let state: ChatConnectionState = 'idle'
  let jid: string | null = null
  const listeners = new Set<(event: ChatEvent) => void>()
  const emit = (event: ChatEvent) => {
    if (event.kind === 'state') state = event.state
    for (const listener of listeners) listener(event)
  }
  /** The instance a login in flight is making (null once it failed to make one). */
  let creating: Promise<MessagingInstance | null> | null = null
  const need = async (): Promise<MessagingInstance> => {
    if (instance) return instance
    if (creating) await creating
    // Read again: a logout may have come while this waited.
    if (!instance) throw new Error(NEED_LOGIN)
    return instance
  }
  /** Counts logins and logouts: a login overtaken by a later one (or a logout) makes no instance. */
  let generation = 0
  /** Makes the login's instance; null when it was overtaken meanwhile. */
  const create = async (credentials: ChatCredentials, mine: number): Promise<MessagingInstance | null> => {
    const { createMessaging, onPageLeave } = await import('./messaging')
    if (mine !== generation) return null
    const previous = instance
    instance = null
    if (previous) await previous.close()
    const next = await createMessaging({ endpoints, credentials, logger, emit, onPageLeave })
    if (mine !== generation) {
      await next.close()
      return null
    }
    instance = next
    return next
  }
  return {
    get state() {
      return state
    },
    get hubTransport() {
      return instance?.hubTransport ?? null
    },
    get jid() {
      return jid
    },
    async login(credentials: ChatCredentials) {
      jid = credentials.jid
      // Set before the first await: a send made in the same tick already finds the login.
      generation += 1
      const made = create(credentials, generation)
      creating = made.catch(() => null)
      const next = await made
      await next?.start()
    },
    async logout() {
      const current = instance
      instance = null
      creating = null
      generation += 1
      jid = null
      if (current) await current.close()
      emit({ kind: 'state', state: 'idle' })
    },
    async fetchProfile(jid) {
      return instance ? instance.fetchProfile(jid) : null
    },
    async lastActivity(peer) {
      return instance ? instance.lastActivity(peer) : { state: 'unknown' }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    async listThreads() {
      return instance ? instance.listThreads() : []
    },
    async loadThread(tid, limit) {
      return instance ? instance.loadThread(tid, limit) : []
    },
    async loadOlder(tid, before, limit) {
      return instance ? instance.loadOlder(tid, before, limit) : []
    },
    async send(message) {
      return (await need()).send(message)
    },
    async retry(mid) {
      return (await need()).retry(mid)
    },
    async buyGift(purchase) {
      return (await need()).buyGift(purchase)
    },
    setActiveThread(tid, read) {
      instance?.setActiveThread(tid, read)
    },
    async markThreadRead(tid, read) {
      if (instance) await instance.markThreadRead(tid, read)
    },
    async markImageUnlocked(mid) {
      return instance ? instance.markImageUnlocked(mid) : null
    },
    async deleteMessagesBefore(date) {
      return instance ? instance.deleteMessagesBefore(date) : 0
    },
    noteTyping(to) {
      instance?.noteTyping(to)
    },
    stopTyping(to) {
      instance?.stopTyping(to)
    },
  }
}

/**
 * Camera and microphone, loaded on demand: `devices()` imports `./mediaDevices` (the browser's media
 * devices, Permissions API and Web Audio) the first time; a failed download is tried again next time.
 */
export function createLazyMedia(): MediaService {
  let devices: Promise<MediaDevicesService> | null = null
  return {
    devices: () =>
      (devices ??= import('./mediaDevices').then(
        ({ createMediaDevices }) => createMediaDevices(),
        (error: unknown) => {
          devices = null
          throw error
        },
      )),
  }
}

/**
 * One-to-one calls, loaded on demand: `open()` imports the call layer (@vchat/webrtc-call) and binds
 * it to the messaging login's hub transport, once per transport (a new login gets a new runtime).
 * Resolves null while there is no hub transport (messaging not logged in). The call's camera and
 * microphone come from `media`, the services container's (the browser's when none is given).
 */
export function createLazyCalls(media: MediaService = createLazyMedia()): CallsService {
  let current: { transport: object; runtime: CallRuntime } | null = null
  return {
    async preload() {
      await Promise.all([import('../features/call/callRuntime'), media.devices()])
    },
    async open({ transport, ...binding }) {
      if (!transport) return null
      if (current?.transport === transport) return current.runtime
      const [{ createCallRuntime }, devices] = await Promise.all([import('../features/call/callRuntime'), media.devices()])
      if (current?.transport === transport) return current.runtime
      current?.runtime.dispose()
      const runtime = createCallRuntime({ ...binding, transport, media: devices })
      current = { transport, runtime }
      return runtime
    },
    current: () => current?.runtime ?? null,
  }
}

/** Local chat database (@vchat/chat-db, Dexie) opened on demand. */
export function createLazyDb(): DbService {
  let db: ChatDb | null = null
  let opening: Promise<ChatDb> | null = null
  const get = (): Promise<ChatDb> => {
    if (db) return Promise.resolve(db)
    opening ??= import('@vchat/chat-db')
      .then(({ openChatDb }) => openChatDb())
      .then(
        (opened) => {
          db = opened
          return opened
        },
        (error: unknown) => {
          opening = null
          throw error
        },
      )
    return opening
  }
  return {
    async open() {
      await get()
    },
    async close() {
      db?.close()
      db = null
      opening = null
    },
    async putVideoCall(call) {
      await (await get()).videocalls.put(call)
    },
    async listVideoCalls(jid) {
      const calls = await (await get()).videocalls.list()
      return calls.filter((call) => call.caller === jid || call.callee === jid)
    },
  }
}

