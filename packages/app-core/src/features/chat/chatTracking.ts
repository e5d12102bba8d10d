import { LOCAL_OFFICIAL_THREAD_TID } from '@vchat/contract'
import { CHAT_REPLY_WINDOW_MS } from '../../constants'
import type { ChatMessageRecord } from '../../services/types'

/**
 * SPEC §5 chat tracking rules, as pure functions of the messages and the time:
 * - messages from the official help account are not counted (no receipt event, and they open no
 *   reply window);
 * - the user's message counts as a reply when it is the first one after the host's last message and
 *   is sent within 10 minutes of it.
 */

type Tracked = Pick<ChatMessageRecord, 'from' | 'tid' | 'date' | 'mid'>

/** The official help account's jid (componentInfo.helpDomain, else help.<domain of the user>). */
export function officialJidOf(helpDomain: string | null | undefined, me: string): string {
  return helpDomain || `help.${me.split('@')[1] ?? ''}`
}

function bare(jid: string): string {
  return jid.split('/')[0] ?? jid
}

export function isFromOfficial(message: Pick<ChatMessageRecord, 'from' | 'tid'>, officialJid: string): boolean {
  return message.tid === LOCAL_OFFICIAL_THREAD_TID || bare(message.from) === bare(officialJid)
}

/** Properties of the `chat_receive` event for an incoming message, or null when it is not counted. */
export function receiptTracking(message: ChatMessageRecord, me: string, officialJid: string): Record<string, unknown> | null {
  if (bare(message.from) === bare(me) || isFromOfficial(message, officialJid)) return null
  return { type: message.type }
}

export interface ReplyTracking {
  /** The message answers the host's last message within the window. */
  reply: boolean
  /** Milliseconds since the host's message, when it is a reply. */
  replyAfterMs?: number
}

/**
 * Whether a message the user sends now to a thread counts as a reply. `history` is what the app knows
 * of that thread (any order); the newest message decides: a reply only if it is the host's (not the
 * user's own, not official) and at most 10 minutes old.
 */
export function replyTracking(history: readonly Tracked[], me: string, officialJid: string, now: number): ReplyTracking {
  let newest: Tracked | undefined
  for (const message of history) if (!newest || message.date > newest.date) newest = message
  if (!newest || bare(newest.from) === bare(me) || isFromOfficial(newest, officialJid)) return { reply: false }
  const after = now - newest.date
  if (after < 0 || after > CHAT_REPLY_WINDOW_MS) return { reply: false }
  return { reply: true, replyAfterMs: after }
}
