import type { ConfigInfo } from '@vchat/contract'
import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'
import { validate } from '../http/http.ts'
import type { AppContext } from '../app/context.ts'
import { ok, refuse, type Route } from '../http/routes.ts'
import { getSetting, setSetting } from './common.ts'
import { expireSessionsOf } from '../auth/sessions.ts'

/** Settings key of the reason shown to a blocked account. */
const reasonKey = (uid: string) => `block_reason:${uid}`

/** Why this user is blocked ('' when no reason was given). */
function blockReasonOf(db: DatabaseSync, uid: string): string {
  return getSetting(db, reasonKey(uid)) ?? ''
}

/** combine_info's blockInfo with the stored reason of a blocked user. */
export function withBlockReason(db: DatabaseSync, uid: string, info: ConfigInfo): ConfigInfo {
  if (!info.mainInfo.blockInfo.blocked) return info
  return { ...info, mainInfo: { ...info.mainInfo, blockInfo: { blocked: true, reason: blockReasonOf(db, uid) } } }
}

type BlockListener = (app: AppContext) => Promise<void> | void
const blockListeners = new Set<BlockListener>()

/**
 * Runs `listener` after every block or unblock; the request is answered once every listener has
 * finished (the messaging server's filter takes the change before the next message). Returns the removal.
 */
export function onBlockChanged(listener: BlockListener): () => void {
  blockListeners.add(listener)
  return () => blockListeners.delete(listener)
}

const blockSchema = z
  .object({
    uid: z.string().regex(/^\d{1,12}$/),
    blocked: z.boolean(),
    reason: z.string().trim().max(200).optional(),
  })
  .strict()

/**
 * Development: block or unblock a user (seeded or made by /dev/users). combine_info then reports
 * blockInfo { blocked, reason }, which the app shows and which keeps the account out of chat and calls.
 */
const expireSchema = z.object({ uid: z.string().regex(/^\d{1,12}$/) }).strict()

export const devAccountRoutes: Route[] = [
  {
    method: 'POST',
    path: '/dev/users/block',
    async handle({ app, body }) {
      const { uid, blocked, reason } = validate(blockSchema, body)
      const changed = app.db.prepare("UPDATE users SET blocked = ? WHERE uid = ? AND kind = 'user'").run(blocked ? 1 : 0, uid).changes
      if (Number(changed) === 0) return { status: 404, body: refuse('unknown user uid') }
      setSetting(app.db, reasonKey(uid), blocked ? (reason ?? '') : '')
      app.log(`user ${uid} ${blocked ? 'blocked' : 'unblocked'}`)
      await Promise.all([...blockListeners].map((listener) => listener(app)))
      return { body: ok({ uid, blocked, reason: blocked ? (reason ?? '') : '' }) }
    },
  },
  {
    // Development: the user's sessions expire now, so the app's next call meets the 401 a phone meets
    // after the token's seven days (the e2e test of a session that ends mid-use).
    method: 'POST',
    path: '/dev/users/expire-sessions',
    handle({ app, body }) {
      const { uid } = validate(expireSchema, body)
      const expired = expireSessionsOf(app.db, uid, app.now())
      app.log(`user ${uid}: ${expired} session(s) expired`)
      return { body: ok({ uid, expired }) }
    },
  },
]
