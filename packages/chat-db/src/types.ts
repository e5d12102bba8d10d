/** Row types of the chat and notice databases (SPEC §3). */

import type { ChatMessage } from '@vchat/contract'

export type { MessageState } from '@vchat/contract'

/**
 * SPEC §3 message type numbers, from @vchat/contract. `type` stays a plain number on the row because
 * servers may send numbers this client does not know yet; these are the ones the product names.
 */
export { MessageType } from '@vchat/contract'

/**
 * A stored message: the contract's chat message with its local id, which the database gives
 * (auto-increment); `mid` is the message id on the wire. `outbox`, `delivered` and `unlocked` are not
 * indexed (schema version 3 stays as the spec says): the outbox is read by a scan, and a re-delivery
 * of the same `mid` keeps `unlocked` (see `messages.put`).
 */
export type Message = ChatMessage & { id: number }

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
