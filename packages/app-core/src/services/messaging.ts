import { GIFT_ERROR_GEMS_INSUFFICIENT, createChatSession, createHubTransport, createMessenger, getVCard, threadIdOf } from '@vchat/xmpp-chat'
import type { ChatSession, HubTransport, Messenger, ReadOptions } from '@vchat/xmpp-chat'
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
  listThreads(): Promise<ChatThreadSummary[]>
  loadThread(tid: string, limit?: number): Promise<ChatMessageRecord[]>
  loadOlder(tid: string, before: { date: number; mid: string }, limit?: number): Promise<ChatMessageRecord[]>
  send(message: ChatOutgoing): Promise<ChatMessageRecord>
  retry(mid: string): Promise<void>
  buyGift(purchase: ChatGiftPurchase): Promise<{ gemsBalance: number | undefined }>
  setActiveThread(tid: string | null, options?: ReadOptions): void
  markThreadRead(tid: string, options?: ReadOptions): Promise<void>
  markImageUnlocked(mid: string): Promise<ChatMessageRecord | null>
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

function uidOfJid(jid: string): string {
  const local = jid.split('@')[0] ?? ''
  const underscore = local.indexOf('_')
  return underscore === -1 ? local : local.slice(underscore + 1)
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
  const hubTransport = createHubTransport(session, componentInfo?.hubDomain || `hub.${endpoints.xmppDomain}`)
  const officialJid = componentInfo?.helpDomain || `help.${endpoints.xmppDomain}`
  const unsubscribe = [
    // The stream close is written at once (the page may be gone a moment later); nothing to wait for.
    options.onPageLeave?.(() => void session.logout()) ?? (() => {}),
    session.onStateChange((state) => emit({ kind: 'state', state })),
    session.onError((error) => logger.warn('messaging error', { reason: error.message })),
    messenger.onMessage((message) => emit({ kind: 'message', message })),
    messenger.onArriving((message) => emit({ kind: 'arriving', message })),
    messenger.onUpdate((message) => emit({ kind: 'update', message })),
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
    loadThread: (tid, limit = CHAT_PAGE_SIZE) => db.messages.lastOfThread(tid, limit),
    loadOlder: (tid, before, limit = CHAT_PAGE_SIZE) => db.messages.olderThan(tid, before, limit),
    send: (message) =>
      messenger.send({
        to: message.to,
        content: message.content,
        ...(message.type === undefined ? {} : { type: message.type }),
        ...(message.attachment === undefined ? {} : { attachment: message.attachment }),
      }),
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
