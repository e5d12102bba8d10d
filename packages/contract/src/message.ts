/**
 * The chat message entity (SPEC §3), written once: the messaging layer (@vchat/xmpp-chat) reads and
 * writes it on the wire, the chat database (@vchat/chat-db) stores it, the app (@vchat/app-core) shows
 * it. Each of them used to restate it field by field. With it, the id of the one thread every device
 * has without a peer.
 */

/**
 * SPEC §3: the thread id of the local official conversation (the product's notices, kept on the
 * device only): the chat database creates it, the app recognises it.
 */
export const LOCAL_OFFICIAL_THREAD_TID = 'localOfficial'

/** Where an outgoing message stands; an incoming one is `success`. */
export type MessageState = 'sending' | 'success' | 'error'

/** A chat message. `id` is the local row id (given by the database), `mid` the id on the wire. */
export interface ChatMessage {
  id?: number
  mid: string
  /** Thread id: the bare jid of the other party. */
  tid: string
  /** Milliseconds since the epoch. */
  date: number
  /** Bare jids. */
  from: string
  to: string
  nickName?: string
  os?: string
  pkgName?: string
  read: boolean
  /** SPEC §5 flag set stamped by the server on incoming text (bits 1 discard, 2 sensitive, 4 offline, 8 porn). */
  sensitiveInfo?: number
  state: MessageState
  /**
   * SPEC §3 type number (`MessageType`). A plain number: servers may send numbers this client does
   * not know yet.
   */
  type: number
  version?: string
  /** Typed payload of image, sticker, gift, ask_gift, call… messages; shape depends on `type`. */
  attachment?: unknown
  content: string
  translate?: string
  msgCategory?: string
  identifyName?: string
  step?: string | number
  textAction?: unknown
  /**
   * Outgoing only: true while the message waits in the outbox for the server's acknowledgement.
   * Not indexed by the chat database (its schema version 3 stays as the spec says).
   */
  outbox?: boolean
  /**
   * Outgoing only: the recipient's client confirmed it has the message (XEP-0184 receipt). `read`
   * (a XEP-0333 displayed marker) says more and implies it.
   */
  delivered?: boolean
  /**
   * Incoming paid image (attachment `payNeed`) only: true once this user unlocked it, so it shows
   * unlocked after a reload and in other tabs. A message without it is simply locked; a re-delivery
   * of the same `mid` keeps it.
   */
  unlocked?: boolean
}
