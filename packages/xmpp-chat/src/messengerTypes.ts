import type { ThreadHistoryPage } from './archive.ts'
import type { GiftBuyRequest, GiftBuyResult } from './iq.ts'
import type { ChatMessage, PushNotice } from './messages.ts'
import type { ChatSession } from './types.ts'
import type { ChatStateName } from '@vchat/contract'

/**
 * Where the messenger keeps messages: the outbox and the history. `@vchat/chat-db` implements it
 * (`createMessageStore(db)`); anything with the same behaviour works (tests use IndexedDB too).
 */
export interface MessageStore {
  /** Stores a new outgoing message (and its thread when new). */
  add(message: ChatMessage): Promise<void>
  /**
   * Stores an incoming message, de-duplicated by `mid` in the same transaction: `duplicate` when
   * a message with this mid is already stored (nothing changes), `ignored` for an empty type
   * (SPEC §5). A stored unread message counts in its thread's unread number.
   */
  receive(message: ChatMessage): Promise<'stored' | 'duplicate' | 'ignored'>
  /** Optional: `receive` for many messages in one transaction, in order (bursts cost one commit). */
  receiveMany?(messages: ChatMessage[]): Promise<('stored' | 'duplicate' | 'ignored')[]>
  byMid(mid: string): Promise<ChatMessage | undefined>
  /** Changes fields of the message with this mid; resolves with the result, undefined when unknown. */
  update(mid: string, changes: Partial<ChatMessage>): Promise<ChatMessage | undefined>
  /** Messages waiting in the outbox (`outbox: true`), oldest first. */
  outbox(): Promise<ChatMessage[]>
  /**
   * Sets every incoming message of the thread read and its unread count to 0. Outgoing messages
   * keep their `read`: for them it means the peer read them, which only the peer's marker says.
   */
  markThreadRead(tid: string): Promise<void>
  /**
   * Optional: marks read the thread's incoming (read on another device) or outgoing (read by the peer)
   * messages dated up to `date`; answers the messages that changed. Without it, read states found in
   * the server archive are not applied to what is stored.
   */
  markReadUpTo?(tid: string, date: number, side: 'incoming' | 'outgoing'): Promise<ChatMessage[]>
  /** The last `limit` messages of a thread, oldest first. */
  lastOfThread(tid: string, limit: number): Promise<ChatMessage[]>
  /** Optional: the date of the newest stored message, where archive catch-up starts after a reload. */
  newestDate?(): Promise<number | undefined>
}

/** Where a stored message came from: the live stream, or the server archive. */
export type MessageOrigin = 'live' | 'archive'

/** How a read is told to the peer. */
export interface ReadOptions {
  /** Send XEP-0333 displayed markers (the reader's read-receipt setting). Default true. */
  tellPeer?: boolean
}

/** What `send()` takes: the wire and display fields; ids, dates and states are the messenger's. */
export interface OutgoingMessage {
  /**
   * The message's id when the caller chose it (default: a new one). A send with the id of a message
   * already stored answers that message and sends nothing: a send retried after its answer was lost
   * (another tab's leader gone mid-request) goes out once.
   */
  mid?: string
  /** Bare jid of the recipient. */
  to: string
  /** SPEC §3 type number (default 0, text). */
  type?: number
  content?: string
  attachment?: unknown
  nickName?: string
  os?: string
  pkgName?: string
  version?: string
  msgCategory?: string
  identifyName?: string
  step?: string | number
}

export interface MessengerOptions {
  session: ChatSession
  store: MessageStore
  /** Own bare jid, e.g. `user_100001@localhost`. */
  me: string
  /** gift.<domain>, for GiftBuy (SPEC §3 componentInfo.giftDomain). */
  giftDomain?: string
  /** Default Date.now. */
  clock?: () => number
  /** Unique message ids (default nanoid: 21 URL-safe characters, no secure context needed). */
  idFactory?: () => string
}

export interface Messenger {
  /**
   * Stores the message in the outbox (state `sending`, or `success` for calls, gift requests and
   * gifts) and sends it when connected; otherwise it goes out on the next ready. Resolves with
   * the stored message once it is safely stored, before it is sent.
   */
  send(message: OutgoingMessage): Promise<ChatMessage>
  /** Puts a message in state `error` back into the outbox. */
  retry(mid: string): Promise<void>
  /** Sends everything in the outbox that is not on its way (also runs on every session ready). */
  flush(): Promise<void>
  /**
   * Stores what the server archive (XEP-0313) holds since the newest message known here (runs on
   * every ready that did not resume); rejects with ArchiveError, storing nothing of a bad page.
   */
  catchUp(): Promise<void>
  /** A thread's history from the archive (new device, scroll-up): one page, also stored. */
  loadThreadHistory(peer: string, before?: string): Promise<ThreadHistoryPage>
  /**
   * The thread on screen: its incoming messages are stored read and, unless `tellPeer` is false,
   * the peer gets a displayed marker for them as they arrive. null: none.
   */
  setActiveThread(tid: string | null, options?: ReadOptions): void
  /**
   * Marks the thread read (store) and tells the peer with a XEP-0333 displayed marker, unless
   * `tellPeer` is false (the reader's read-receipt setting is off). Delivery receipts (XEP-0184)
   * do not depend on it.
   */
  markThreadRead(tid: string, options?: ReadOptions): Promise<void>
  /**
   * GiftBuy (SPEC §3); rejects with 'xmpp send iq error'. With `askGiftMid`, that ask-gift
   * message is marked sent (`attachment.isSend = true`) once the gift is bought.
   */
  buyGift(request: GiftBuyRequest & { askGiftMid?: string }): Promise<GiftBuyResult>
  /**
   * A new message from the server was stored (duplicates and dropped messages are not reported):
   * `live` as it arrived, `archive` read from the server archive (catch-up, a thread's history:
   * possibly old, possibly our own from another device).
   */
  onMessage(listener: (message: ChatMessage, origin: MessageOrigin) => void): () => void
  /**
   * An incoming message of the active thread, as soon as it arrives and before it is stored, so the
   * open conversation can show it without waiting for the database. `onMessage` follows once it is
   * stored; a re-delivered copy of a stored message is reported here too (same mid) but not there.
   */
  onArriving(listener: (message: ChatMessage) => void): () => void
  /** A stored message changed (state, outbox, read, ask-gift isSend). */
  onUpdate(listener: (message: ChatMessage) => void): () => void
  onNotice(listener: (notice: PushNotice) => void): () => void
  onAttributionRefresh(listener: (event: { from: string; attachment: unknown }) => void): () => void
  /**
   * XEP-0085: tells the peer this user is typing (`composing`), stopped (`paused`) or is in the
   * conversation (`active`). Sent only while connected (a typing notice is worth nothing later) and
   * never stored; failures are ignored.
   */
  sendChatState(to: string, state: ChatStateName): void
  /** The peer's chat state, as it arrives, in order with the peer's messages. */
  onChatState(listener: (event: { from: string; state: ChatStateName }) => void): () => void
  /** Store or send failures that have no caller to reject (logged by the app). */
  onError(listener: (error: Error) => void): () => void
  /** Detaches from the session (the outbox stays in the store). */
  close(): void
}
