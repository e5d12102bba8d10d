import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { HttpError, isLoopback, validate } from '../http/http.ts'
import type { Route } from '../http/routes.ts'
import { autoRepliesOf } from './autoReplyRuntime.ts'
import { SENSITIVE_DISCARD, SENSITIVE_OFFLINE, SENSITIVE_PORN, SENSITIVE_SENSITIVE } from './wire.ts'

/** Bits whose messages the client drops (discard, offline): nobody saw them, nobody answers. */
const DROPPED_BITS = SENSITIVE_DISCARD | SENSITIVE_OFFLINE

/**
 * Development word filter. Prosody's mod_vchat_filter asks it about the text of every chat
 * message between local users and stamps the answer on the stanza (SPEC §5 sensitive-info bits).
 *
 * Rules (case-insensitive, whole words; a hyphenated token counts as one word):
 * - bit 1 discard: spam the recipient never sees.
 * - bit 2 sensitive: moving the conversation or money off the platform; shown, flagged.
 * - bit 4 offline: asking to meet in person; never delivered.
 * - bit 8 porn: shown with the words masked (`replacement`).
 * Each list also holds a `vchat-<bit name>` token so that tests and testers can trigger a bit.
 */
export const FILTER_WORDS: Readonly<Record<number, readonly string[]>> = {
  [SENSITIVE_DISCARD]: ['vchat-discard', 'spamlink', 'buy-followers'],
  [SENSITIVE_SENSITIVE]: ['vchat-sensitive', 'whatsapp', 'telegram', 'paypal'],
  [SENSITIVE_OFFLINE]: ['vchat-offline', 'meet-in-person', 'hotel-room'],
  [SENSITIVE_PORN]: ['vchat-porn', 'porn', 'nude', 'nudes'],
}

export interface FilterVerdict {
  /** Sum of the bits whose words occur; 0 when the text is clean. */
  sensitiveInfo: number
  /** With bit 8: the text with every listed word masked by asterisks. */
  replacement?: string
  /** The sender's account is blocked: Prosody bounces the message instead of delivering it. */
  blocked?: true
}

const WORD = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu

export function filterText(text: string): FilterVerdict {
  const words = new Set((text.toLowerCase().match(WORD) ?? []))
  let sensitiveInfo = 0
  for (const [bit, list] of Object.entries(FILTER_WORDS)) {
    if (list.some((word) => words.has(word))) sensitiveInfo |= Number(bit)
  }
  if (!(sensitiveInfo & SENSITIVE_PORN)) return { sensitiveInfo }
  const masked = new Set(FILTER_WORDS[SENSITIVE_PORN])
  const replacement = text.replace(WORD, (word) => (masked.has(word.toLowerCase()) ? '*'.repeat(word.length) : word))
  return { sensitiveInfo, replacement }
}

const filterSchema = z.object({ text: z.string(), from: z.string().optional(), to: z.string().optional() })

export const FILTER_PATH = '/internal/xmpp/filter'

/** Whether `jid` (bare or full) belongs to a blocked account; read on every message, so a block takes effect at once. */
export function isBlockedJid(db: DatabaseSync, jid: string): boolean {
  const slash = jid.indexOf('/')
  const bare = slash === -1 ? jid : jid.slice(0, slash)
  const row = db.prepare('SELECT blocked FROM users WHERE jid = ?').get(bare) as { blocked: number } | undefined
  return row?.blocked === 1
}

/**
 * `POST /internal/xmpp/filter {"text":"…","from"?:"jid"}` → `{"sensitiveInfo":n,"replacement"?:"…"}`,
 * or `{"sensitiveInfo":0,"blocked":true}` when the sender's account is blocked; loopback only.
 */
export const filterRoute: Route = {
  method: 'POST',
  path: FILTER_PATH,
  handle({ app, req, body }) {
    if (!isLoopback(req)) throw new HttpError(403, 'filter: loopback only')
    const { text, from, to } = validate(filterSchema, body)
    if (from && isBlockedJid(app.db, from)) {
      app.log(`message from ${from} refused: the account is blocked`)
      const verdict: FilterVerdict = { sensitiveInfo: 0, blocked: true }
      return { body: verdict }
    }
    const verdict = filterText(text)
    // A message that reaches its recipient may get an answer from a seeded anchor (development).
    if (from && to && !(verdict.sensitiveInfo & DROPPED_BITS)) autoRepliesOf(app)?.onMessage(from, to)
    return { body: verdict }
  },
}
