/** Row types of the chat and notice databases (SPEC §3). */

export type MessageState = 'sending' | 'success' | 'error'

/**
 * SPEC §3 message type numbers, from @vchat/contract. `type` stays a plain number on the row because
 * servers may send numbers this client does not know yet; these are the ones the product names.
 */
export { MessageType } from '@vchat/contract'

/** A stored message. `id` is local (auto-increment); `mid` is the message id on the wire. */
export interface Message {
  id: number
  mid: string
  /** Thread this message belongs to (`Thread.tid`). */
  tid: string
  /** Milliseconds since the epoch. */
  date: number
  from: string
  to: string
  nickName?: string
  os?: string
  pkgName?: string
  read: boolean
  /** Flag set from the server on incoming text (bit 1 discard, 2 sensitive, 4 offline, 8 porn). */
  sensitiveInfo?: number
  state: MessageState
  /** SPEC §3 type number (see `MessageType`). */
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
   * Not indexed (schema version 3 stays as the spec says); the outbox is read by a scan.
   */
  outbox?: boolean
  /**
   * Outgoing only: the recipient's client confirmed it has the message (XEP-0184 receipt). `read`
   * (a XEP-0333 displayed marker) says more and implies it. Not indexed.
   */
  delivered?: boolean
  /**
   * Incoming paid image (attachment `payNeed`) only: true once this user unlocked it, so it shows
   * unlocked after a reload and in other tabs. Not indexed, so no schema version bump (`chat` stays
   * at version 3 as the spec says); a stored message without it is simply locked. A re-delivery of
   * the same `mid` keeps it (see `messages.put`).
   */
  unlocked?: boolean
}

/** What `messages.put` accepts: a local id is given by the database when absent. */
export type NewMessage = Omit<Message, 'id'> & { id?: number }

export interface LinkedUser {
  jid: string
  uid: string
  nickName: string
}

/**
 * A stored conversation. SPEC §3 also names `messageList`: it is derived from the messages store
 * (`messages.lastOfThread(tid)`), never stored on the thread, so the two cannot disagree.
 */
export interface Thread {
  id: number
  tid: string
  mainJid: string
  linkedJid: string
  unread: number
  linkedUser: LinkedUser
  replyMessage?: unknown
  translate?: string
}

export type NewThread = Omit<Thread, 'id'> & { id?: number }

/** A user card (SPEC §3), keyed by uid (the part after the underscore of the jid's local part). */
export interface User {
  uid: string
  jid: string
  fn?: string
  tel?: string
  email?: string
  avatarUrl?: string
  bDay?: string
  deviceCountry?: string
  lang?: string
  nickName?: string
  videos?: unknown[]
  albums?: unknown[]
  address?: string
  gender?: string
  about?: string
}

/** A call record (SPEC §3 call attachment fields), keyed by `vid`. */
export interface VideoCall {
  vid: string
  sid?: string
  caller: string
  callee: string
  /** Milliseconds since the epoch. */
  startTime: number
  connectingTime?: number
  endTime?: number
  reason?: string
  rejectType?: string | number
}

/** A row of the notice database: who is online, as last announced. */
export interface OnlineUser {
  id: string
  online?: boolean
  /** Milliseconds since the epoch of the last announcement. */
  updatedAt?: number
  [field: string]: unknown
}
