/**
 * The word filter's rules as Prosody applies them (`../../prosody/mod_vchat_filter.lua`): the
 * dev-server publishes a snapshot — the word lists of `filter.ts`, the word characters, the blocked
 * accounts, the anchors that answer by themselves and the accounts that hide their last seen — and
 * pushes every change to each Prosody it knows, so that the module decides every message (and every
 * last-activity question) locally, without a request on the message's way.
 */
import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { HttpError, isLoopback, validate } from '../http/http.ts'
import type { AppContext } from '../app/context.ts'
import type { Route } from '../http/routes.ts'
import { onBlockChanged } from '../routes/devAccount.ts'
import { onSignedOut } from '../routes/login.ts'
import { onMessagingSettingsChanged } from '../routes/profile.ts'
import { hashToken } from '../auth/sessions.ts'
import { autoRepliesOf } from './autoReplyRuntime.ts'
import { FILTER_WORDS, MASKED_BITS, wordCharRanges } from './filter.ts'
import { SENSITIVE_DISCARD, SENSITIVE_OFFLINE } from '@vchat/contract'

export const FILTER_RULES_PATH = '/internal/xmpp/filter-rules'
const FILTER_RULES_VERSION_PATH = `${FILTER_RULES_PATH}/version`
export const MESSAGE_NOTICE_PATH = '/internal/xmpp/message'
/** Where the module takes pushed snapshots, on Prosody's HTTP port. */
export const PROSODY_RULES_PATH = '/vchat_filter/rules'
/** How long a block waits for a Prosody to take the new rules (the module's poll catches up otherwise). */
const PUSH_TIMEOUT_MS = 2_000

/** Bits whose messages the client drops (discard, offline): nobody saw them, nobody answers. */
const DROPPED_BITS = SENSITIVE_DISCARD | SENSITIVE_OFFLINE

interface FilterRules {
  lists: Array<{ bit: number; words: string[]; masked: boolean }>
  /** Inclusive code point ranges of the word characters (Unicode letters and numbers). */
  wordChars: ReadonlyArray<readonly [number, number]>
}

export interface FilterRulesSnapshot {
  /** Grows with every change (and across restarts of the dev-server: it starts at the clock). */
  version: number
  rules: FilterRules
  /** Bare jids of the blocked accounts: their messages bounce. */
  blocked: string[]
  /** Messages to these jids (without any of `unlessBits`) are told to the dev-server for auto replies. */
  autoReply: { to: string[]; unlessBits: number }
  /**
   * Bare jids of the accounts whose lastSeen setting is off: nobody reads their last activity
   * (XEP-0012), and they read nobody's (the rule WhatsApp users know: hide yours, see none).
   */
  lastSeenHidden: string[]
}

function filterRules(): FilterRules {
  return {
    lists: Object.entries(FILTER_WORDS).map(([bit, words]) => ({ bit: Number(bit), words: [...words], masked: (Number(bit) & MASKED_BITS) !== 0 })),
    wordChars: wordCharRanges(),
  }
}

/** Rules version per database (one dev-server each). */
const versions = new WeakMap<DatabaseSync, number>()

function versionOf(db: DatabaseSync): number {
  let version = versions.get(db)
  if (version === undefined) {
    version = Date.now()
    versions.set(db, version)
  }
  return version
}

function filterRulesSnapshot(app: AppContext): FilterRulesSnapshot {
  const blocked = app.db.prepare('SELECT jid FROM users WHERE blocked = 1 ORDER BY jid').all() as Array<{ jid: string }>
  const anchors = app.db.prepare('SELECT u.jid FROM anchors a JOIN users u ON u.uid = a.uid ORDER BY u.jid').all() as Array<{ jid: string }>
  // Settings hold only the choices an account made (unreadable ones count as none, as in profile.ts).
  const hidden = app.db
    .prepare(
      `SELECT u.jid FROM profiles p JOIN users u ON u.uid = p.uid
       WHERE CASE WHEN json_valid(p.settings) THEN json_extract(p.settings, '$.lastSeen') END = 0 ORDER BY u.jid`,
    )
    .all() as Array<{ jid: string }>
  return {
    version: versionOf(app.db),
    rules: filterRules(),
    blocked: blocked.map((row) => row.jid),
    autoReply: { to: anchors.map((row) => row.jid), unlessBits: DROPPED_BITS },
    lastSeenHidden: hidden.map((row) => row.jid),
  }
}

export interface FilterRulesTarget {
  /** `http://127.0.0.1:<port>/vchat_filter/rules` */
  url: string
  /** Sent as `Authorization: Bearer <secret>`; never in a URL, never logged. */
  secret: string
}

/** Prosody instances per dev-server origin (the stack starts both in one process). */
const targets = new Map<string, Set<FilterRulesTarget>>()

const originOf = (url: string) => new URL(url).origin

/** Registers a Prosody that takes the rules of the dev-server at `apiUrl`; returns the removal. */
export function addFilterRulesTarget(apiUrl: string, target: FilterRulesTarget): () => void {
  const origin = originOf(apiUrl)
  const set = targets.get(origin) ?? new Set<FilterRulesTarget>()
  set.add(target)
  targets.set(origin, set)
  return () => {
    set.delete(target)
    if (set.size === 0 && targets.get(origin) === set) targets.delete(origin)
  }
}

async function push(target: FilterRulesTarget, body: string, log: (line: string) => void): Promise<void> {
  try {
    const response = await fetch(target.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${target.secret}` },
      body,
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    })
    await response.body?.cancel()
    if (!response.ok) log(`filter rules push to ${new URL(target.url).host} answered ${response.status}; Prosody catches up by polling`)
  } catch (error) {
    log(`filter rules push to ${new URL(target.url).host} failed (${error instanceof Error ? error.name : 'error'}); Prosody catches up by polling`)
  }
}

/**
 * The rules changed (a block, an unblock): a new version, pushed to every Prosody of this
 * dev-server; resolves once each has taken it (or failed, or timed out after PUSH_TIMEOUT_MS).
 */
async function publishFilterRules(app: AppContext): Promise<void> {
  versions.set(app.db, Math.max(versionOf(app.db) + 1, Date.now()))
  const set = app.publicUrl ? targets.get(originOf(app.publicUrl)) : undefined
  if (!set || set.size === 0) return
  const body = JSON.stringify(filterRulesSnapshot(app))
  await Promise.all([...set].map((target) => push(target, body, app.log)))
}

/** Where mod_auth_vchat takes sign-outs, beside the rules on the same Prosody HTTP port. */
const PROSODY_SIGNED_OUT_PATH = '/auth_vchat/signed-out'

/**
 * A token was signed out through the API: every Prosody of this dev-server ends the messaging sessions
 * signed in with it (a message sent to the user afterwards waits offline for the next sign-in instead
 * of reaching a signed-out page). Bounded by PUSH_TIMEOUT_MS per Prosody.
 */
async function endMessagingSessions(app: AppContext, signedOut: { jid: string; token: string }): Promise<void> {
  const set = app.publicUrl ? targets.get(originOf(app.publicUrl)) : undefined
  if (!set || set.size === 0) return
  const body = JSON.stringify({ username: signedOut.jid.split('@')[0] ?? '', tokenHash: hashToken(signedOut.token) })
  await Promise.all(
    [...set].map(async (target) => {
      const url = new URL(PROSODY_SIGNED_OUT_PATH, target.url).href
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${target.secret}` },
          body,
          signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        })
        await response.body?.cancel()
        if (!response.ok) app.log(`sign-out to ${new URL(url).host} answered ${response.status}`)
      } catch (error) {
        app.log(`sign-out to ${new URL(url).host} failed (${error instanceof Error ? error.name : 'error'})`)
      }
    }),
  )
}

/**
 * Keeps the Prosodys of `app` in step with it, from the server's start until the returned function
 * is called (the server's close): a block or unblock through /dev/users/block, and a change of
 * lastSeen, answer once Prosody has the new rules; a sign-out answers once that token's messaging
 * sessions are gone. Only `app`'s own changes count, so servers sharing a process stay apart.
 */
export function startFilterRulesPublishing(app: AppContext): () => void {
  const stops = [
    onBlockChanged((changed) => (changed === app ? publishFilterRules(app) : undefined)),
    onMessagingSettingsChanged((changed) => (changed === app ? publishFilterRules(app) : undefined)),
    onSignedOut((changed, signedOut) => (changed === app ? endMessagingSessions(app, signedOut) : undefined)),
  ]
  return () => {
    for (const stop of stops) stop()
  }
}

function loopbackOnly(req: Parameters<Route['handle']>[0]['req'], what: string): void {
  if (!isLoopback(req)) throw new HttpError(403, `${what}: loopback only`)
}

const noticeSchema = z.object({ from: z.string().min(1), to: z.string().min(1) })

/** `GET /internal/xmpp/filter-rules` → FilterRulesSnapshot; loopback only. */
export const filterRulesRoutes: Route[] = [
  {
    method: 'GET',
    path: FILTER_RULES_PATH,
    handle({ app, req }) {
      loopbackOnly(req, 'filter rules')
      return { body: filterRulesSnapshot(app) }
    },
  },
  {
    // `GET /internal/xmpp/filter-rules/version` → `{"version": n}`: what the module polls every second.
    method: 'GET',
    path: FILTER_RULES_VERSION_PATH,
    handle({ app, req }) {
      loopbackOnly(req, 'filter rules')
      return { body: { version: versionOf(app.db) } }
    },
  },
  {
    // `POST /internal/xmpp/message {"from","to"}`: Prosody delivered a message to a seeded anchor
    // (told without waiting for the answer); the anchor may answer by itself.
    method: 'POST',
    path: MESSAGE_NOTICE_PATH,
    handle({ app, req, body }) {
      loopbackOnly(req, 'message notice')
      const { from, to } = validate(noticeSchema, body)
      autoRepliesOf(app)?.onMessage(from, to)
      return { body: {} }
    },
  },
]
