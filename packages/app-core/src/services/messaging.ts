import { uidOfJid } from '@vchat/contract'
import { GIFT_ERROR_GEMS_INSUFFICIENT, createChatSession, createHubTransport, createMessenger, createTypingTracker, getLastActivity, getVCard, threadIdOf } from '@vchat/xmpp-chat'
import type { ChatSession, HubTransport, LastActivity, Messenger, ReadOptions } from '@vchat/xmpp-chat'
import { createMessageStore, localOfficialThread, openChatDb, LOCAL_OFFICIAL_THREAD_TID } from '@vchat/chat-db'
import type { ChatDb } from '@vchat/chat-db'
import { CHAT_PAGE_SIZE, OFFICIAL_UID, XMPP_RESOURCE } from '../constants'
import { absoluteWebsocketUrl } from './endpoints'
import type { ChatCredentials, ChatEvent, ChatGiftError, ChatGiftPurchase, ChatMessageRecord, ChatOutgoing, ChatProfile, ChatThreadSummary, Logger, ResolvedEndpoints } from './types'

/** The real messaging service: one XMPP session, the messenger with its outbox, and the chat database. */
export interface MessagingInstance {
  readonly session: ChatSession
  readonly hubTransport: HubTransport
  start(): Promise<void>
  close(): Promise<void>
  fetchProfile(jid: string): Promise<ChatProfile | null>
  lastActivity(jid: string): Promise<LastActivity>
  listThreads(): Promise<ChatThreadSummary[]>
  loadThread(tid: string, limit?: number): Promise<ChatMessageRecord[]>
  loadOlder(tid: string, before: { date: number; mid: string }, limit?: number): Promise<ChatMessageRecord[]>
  send(message: ChatOutgoing): Promise<ChatMessageRecord>
  retry(mid: string): Promise<void>
  buyGift(purchase: ChatGiftPurchase): Promise<{ gemsBalance: number | undefined }>
  setActiveThread(tid: string | null, options?: ReadOptions): void
  markThreadRead(tid: string, options?: ReadOptions): Promise<void>
  markImageUnlocked(mid: string): Promise<ChatMessageRecord | null>
  noteTyping(to: string): void
  stopTyping(to: string): void
  deleteMessagesBefore(date: number): Promise<number>
}

export interface MessagingOptions {
  endpoints: ResolvedEndpoints
  credentials: ChatCredentials
  logger: Logger
  emit(event: ChatEvent): void
  /** Opens the chat database (tests pass fake-indexeddb). */
  openDb?: () => Promise<ChatDb>
  /** Builds the session (tests pass one over a fake client). */
  createSession?: typeof createChatSession
  /**
   * Calls the listener when the page is being left for good (a reload, another site, the tab closed);
   * returns a function that stops listening. The browser's is `onPageLeave` below.
   */
  onPageLeave?: (listener: () => void) => () => void
}

/**
 * `pagehide` that is not kept in the back/forward cache. The session then ends with a proper stream
 * close: the server ends it at once instead of holding it for a resume that will never come
 * (Prosody 0.12 drops what it queued for a held session once a new login replaces it), so messages
 * sent meanwhile wait in its offline store for the next login.
 */
export function onPageLeave(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => {}
  const handler = (event: PageTransitionEvent) => {
    if (!event.persisted) listener()
  }
  window.addEventListener('pagehide', handler)
  return () => window.removeEventListener('pagehide', handler)
}

/** Archive pages one scroll-up may fetch while the messages before it are not on this device. */
const HISTORY_PAGES_PER_LOAD = 3

/**
 * A thread's history in the server archive, page by page from the newest (XEP-0313 with RSM):
 * where the next older page starts, per thread, for this login. Pages are stored by the messenger
 * (de-duplicated by mid) and reported as archived messages.
 */
function threadHistory(messenger: Messenger, me: string) {
  /** Per thread: the cursor of the next older page; null once the oldest was read. */
  const cursors = new Map<string, string | null>()
  const inFlight = new Map<string, Promise<void>>()
  return {
    /** Whether the archive may hold older messages of this thread than those fetched so far. */
    has(tid: string): boolean {
      return tid !== LOCAL_OFFICIAL_THREAD_TID && tid !== me && cursors.get(tid) !== null
    },
    /** Whether a page of this thread was fetched in this login. */
    fetched(tid: string): boolean {
      return cursors.has(tid)
    },
    /** Fetches and stores the next older page (the newest first); one at a time per thread. */
    fetch(tid: string): Promise<void> {
      const running = inFlight.get(tid)
      if (running) return running
      const cursor = cursors.get(tid)
      const next = messenger
        .loadThreadHistory(tid, cursor ?? undefined)
        .then((page) => {
          cursors.set(tid, page.before ?? null)
        })
        .finally(() => inFlight.delete(tid))
      inFlight.set(tid, next)
      return next
    },
  }
}

/** Builds the messaging service for one login; `start()` opens the database and logs in. */
export async function createMessaging(options: MessagingOptions): Promise<MessagingInstance> {
  const { endpoints, credentials, logger, emit } = options
  const me = credentials.jid.split('/')[0] ?? credentials.jid
  const username = me.split('@')[0] ?? ''
  const db = await (options.openDb ?? (() => openChatDb()))()
  const store = createMessageStore(db)
  const session = (options.createSession ?? createChatSession)({
    service: absoluteWebsocketUrl(endpoints.websocketUrl),
    domain: endpoints.xmppDomain,
    resource: XMPP_RESOURCE,
    // A fresh vcToken on every authentication: a stream resume logs in again.
    getCredentials: async () => ({ username, password: credentials.getToken() ?? credentials.vcToken }),
  })
  const componentInfo = credentials.componentInfo
  const messenger: Messenger = createMessenger({
    session,
    store,
    me,
    ...(componentInfo?.giftDomain ? { giftDomain: componentInfo.giftDomain } : {}),
  })
  const history = threadHistory(messenger, me)
  const typing = createTypingTracker({
    send: (to, state) => messenger.sendChatState(to, state),
    onPeerTyping: (from, isTyping) => emit({ kind: 'typing', from, typing: isTyping }),
  })
  /** The delete-messages schedule's cut: nothing older is kept on this device, nor fetched again. */
  let keepSince = 0
  /** Threads opened before the connection was up, whose archive page is fetched at the next ready. */
  const whenReady = new Set<string>()
  /** Threads whose unread count is read back once the current task's updates are done. */
  const recounting = new Set<string>()
  const recountUnread = (tid: string) => {
    if (recounting.has(tid)) return
    recounting.add(tid)
    queueMicrotask(() => {
      recounting.delete(tid)
      db.threads
        .byTid(tid)
        .then((thread) => {
          if (thread) emit({ kind: 'unread', tid, unread: thread.unread })
        })
        .catch((error: unknown) => logger.warn('messaging store error', { reason: error instanceof Error ? error.message : String(error) }))
    })
  }
  const hubTransport = createHubTransport(session, componentInfo?.hubDomain || `hub.${endpoints.xmppDomain}`)
  const officialJid = componentInfo?.helpDomain || `help.${endpoints.xmppDomain}`
  const unsubscribe = [
    // The stream close is written at once (the page may be gone a moment later); nothing to wait for.
    options.onPageLeave?.(() => void session.logout()) ?? (() => {}),
    session.onStateChange((state) => emit({ kind: 'state', state })),
    session.onReady(() => {
      for (const tid of whenReady) {
        history.fetch(tid).catch((error: unknown) => logger.info('thread history not loaded', { reason: error instanceof Error ? error.message : String(error) }))
      }
      whenReady.clear()
    }),
    session.onError((error) => logger.warn('messaging error', { reason: error.message })),
    messenger.onChatState(({ from, state }) => typing.peerState(from, state)),
    messenger.onMessage((message, origin) => {
      if (origin === 'live' && message.from !== me) typing.peerMessage(message.from)
      emit(origin === 'archive' ? { kind: 'message', message, archived: true } : { kind: 'message', message })
    }),
    messenger.onArriving((message) => emit({ kind: 'arriving', message })),
    messenger.onUpdate((message) => {
      emit({ kind: 'update', message })
      // An incoming message read elsewhere (the archive said so): the thread's count is told again.
      if (message.read && message.to !== message.tid) recountUnread(message.tid)
    }),
    messenger.onNotice((notice) => emit({ kind: 'notice', from: notice.from, content: notice.content })),
    messenger.onError((error) => logger.warn('messaging store error', { reason: error.message })),
  ]

  return {
    session,
    hubTransport,
    async start() {
      // The local official conversation (SPEC §3: id 1.5, tid localOfficial) exists for every user.
      if (!(await db.threads.byTid(LOCAL_OFFICIAL_THREAD_TID))) {
        await db.threads.upsert(localOfficialThread({ mainJid: me, officialJid, officialUid: OFFICIAL_UID, officialNickName: '' }))
      }
      await session.login()
    },
    async close() {
      for (const stop of unsubscribe) stop()
      typing.close()
      messenger.close()
      await session.logout().catch(() => undefined)
      db.close()
    },
    async fetchProfile(jid) {
      try {
        const card = await getVCard(session, jid)
        return { nickName: card.nickName ?? '', name: card.fn ?? '' }
      } catch (error) {
        logger.info('profile fetch failed', { reason: error instanceof Error ? error.message : String(error) })
        return null
      }
    },
    async lastActivity(jid) {
      // Asked only on a live connection: a question queued behind a reconnect would answer stale.
      if (session.state !== 'connected') return { state: 'unknown' }
      return getLastActivity(session, jid)
    },
    async listThreads() {
      const rows = await db.threads.list()
      return rows
        .filter(({ thread }) => thread.mainJid === me || thread.tid === LOCAL_OFFICIAL_THREAD_TID)
        .map(({ thread, lastMessage }) => ({
          tid: thread.tid,
          peerJid: thread.linkedJid,
          peerUid: thread.linkedUser.uid || uidOfJid(thread.linkedJid),
          nickName: thread.linkedUser.nickName,
          unread: thread.unread,
          official: thread.tid === LOCAL_OFFICIAL_THREAD_TID,
          lastMessage: lastMessage ?? null,
        }))
    },
    async loadThread(tid, limit = CHAT_PAGE_SIZE) {
      const local = await db.messages.lastOfThread(tid, limit)
      if (local.length >= limit || history.fetched(tid) || !history.has(tid)) return local
      // Fewer than a page here (a new device, a cleared browser): the server archive has the rest.
      if (session.state !== 'connected') {
        // Fetched once the connection is up; its messages take their places in the open thread.
        whenReady.add(tid)
        return local
      }
      try {
        await history.fetch(tid)
        if (keepSince > 0) await db.messages.deleteOlderThan(keepSince)
      } catch (error) {
        logger.info('thread history not loaded', { reason: error instanceof Error ? error.message : String(error) })
        return local
      }
      return db.messages.lastOfThread(tid, limit)
    },
    async loadOlder(tid, before, limit = CHAT_PAGE_SIZE) {
      let older = await db.messages.olderThan(tid, before, limit)
      // Past what this device holds: page back through the archive (a refused page rejects, so the
      // screen offers a retry; what is stored stays as it was) — but not past the delete schedule's cut.
      for (let pages = 0; older.length < limit && history.has(tid) && before.date > keepSince && pages < HISTORY_PAGES_PER_LOAD; pages += 1) {
        await history.fetch(tid)
        if (keepSince > 0) await db.messages.deleteOlderThan(keepSince)
        older = await db.messages.olderThan(tid, before, limit)
        // Everything the archive gave was past the cut: the history this device keeps ends here.
        if (keepSince > 0 && older.length === 0) break
      }
      return older
    },
    async deleteMessagesBefore(date) {
      keepSince = date
      return db.messages.deleteOlderThan(date)
    },
    send: (message) => {
      typing.sent(message.to)
      return messenger.send({
        ...(message.mid === undefined ? {} : { mid: message.mid }),
        to: message.to,
        content: message.content,
        ...(message.type === undefined ? {} : { type: message.type }),
        ...(message.attachment === undefined ? {} : { attachment: message.attachment }),
      })
    },
    retry: (mid) => messenger.retry(mid),
    async buyGift(purchase) {
      try {
        return await messenger.buyGift(purchase)
      } catch (error) {
        throw giftError(error)
      }
    },
    setActiveThread: (tid, read) => messenger.setActiveThread(tid, read),
    markThreadRead: (tid, read) => messenger.markThreadRead(tid, read),
    markImageUnlocked: async (mid) => (await db.messages.markUnlocked(mid)) ?? null,
    noteTyping: (to) => typing.keystroke(to),
    stopTyping: (to) => typing.stop(to),
  }
}

/**
 * The messenger's 'xmpp send iq error', marked `gemsInsufficient` when the gift component's iq error
 * says so (condition not-acceptable with the gems-insufficient application condition or text).
 */
export function giftError(error: unknown): ChatGiftError {
  const failure: ChatGiftError = error instanceof Error ? error : new Error(String(error))
  const cause = failure.cause as { condition?: unknown; text?: unknown; application?: { name?: unknown } } | undefined
  const insufficient = cause?.application?.name === GIFT_ERROR_GEMS_INSUFFICIENT || cause?.text === GIFT_ERROR_GEMS_INSUFFICIENT
  if (insufficient) failure.gemsInsufficient = true
  return failure
}

export { threadIdOf }
