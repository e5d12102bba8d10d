/**
 * The language the tabs of one account speak: lock and channel names, the messages on the channel,
 * the requests a follower may make, and errors as they cross it. It exists so that both ends (leader
 * and follower) read and write the same shapes.
 */
import type { HubCall } from '@vchat/xmpp-chat'
import type { ChatEvent, ChatGiftError } from '../types'

/**
 * How long a request to the leader may stay unanswered before this tab takes the lead itself and runs
 * it here (the leader's tab hangs or is frozen, yet holds its lock). Generous: a leader busy rendering
 * a burst still answers well within it.
 */
export const TAB_REQUEST_TIMEOUT_MS = 10_000

/** The lock whose holder leads the tabs of this account. */
export function leaderLockName(bareJid: string): string {
  return `vchat-chat-leader:${bareJid}`
}

/** A lock each tab holds for its whole life, so the leader can tell a closed tab from a quiet one. */
export function tabLockName(tabId: string): string {
  return `vchat-tab:${tabId}`
}

export function channelName(bareJid: string): string {
  return `vchat-chat:${bareJid}`
}

/** Requests a follower may make; each runs on the leader's own service. */
export type RequestMethod =
  | 'fetchProfile'
  | 'lastActivity'
  | 'listThreads'
  | 'loadThread'
  | 'loadOlder'
  | 'send'
  | 'retry'
  | 'buyGift'
  | 'setActiveThread'
  | 'markThreadRead'
  | 'markImageUnlocked'
  | 'noteTyping'
  | 'stopTyping'
  | 'deleteMessagesBefore'
  | 'sendCall'
  | 'sendStanza'

/** A failure as it crosses the channel. */
export interface SerializedError {
  message: string
  gemsInsufficient?: boolean
}

/** What travels on the channel (structured-cloned by the browser). */
export type TabMessage =
  /** A follower asks the leader for its state (answered with a `state` event to everyone). */
  | { t: 'hello'; from: string }
  /** A tab has just become the leader. */
  | { t: 'leader'; from: string }
  /** A tab came to the front: incoming calls ring there. */
  | { t: 'front'; from: string }
  /** A tab is gone (logged out or left). */
  | { t: 'bye'; from: string }
  | { t: 'event'; event: ChatEvent }
  /** A hub call message, for one tab or (`to` null) for every tab. */
  | { t: 'call'; call: HubCall; to: string | null }
  /** Any incoming stanza, as text (the hub transport's raw `onStanza`). */
  | { t: 'stanza'; xml: string }
  | { t: 'request'; id: number; from: string; method: RequestMethod; args: unknown[] }
  | { t: 'reply'; id: number; to: string; ok: true; value: unknown }
  | { t: 'reply'; id: number; to: string; ok: false; error: SerializedError }
  /** Several of the above, in order: what the leader relays in one task (a stored page is hundreds of events and stanzas). */
  | { t: 'batch'; messages: TabMessage[] }

export function isTabMessage(value: unknown): value is TabMessage {
  return typeof value === 'object' && value !== null && typeof (value as { t?: unknown }).t === 'string'
}

export function errorOf(failure: SerializedError): ChatGiftError {
  const error: ChatGiftError = new Error(failure.message)
  if (failure.gemsInsufficient) error.gemsInsufficient = true
  return error
}

export function serializeError(error: unknown): SerializedError {
  const failure = error as ChatGiftError
  const message = error instanceof Error ? error.message : String(error)
  return failure?.gemsInsufficient ? { message, gemsInsufficient: true } : { message }
}
