import { createHash, randomBytes } from 'node:crypto'
import type { DatabaseSync } from 'node:sqlite'
import { SESSION_TTL_MS, TOKEN_BYTES } from '../constants.ts'

/**
 * Only a hash of each vcToken is stored, so the database file holds no usable token. The messaging
 * server keeps the same digest per session, so a sign-out can end exactly that token's sessions.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export interface Session {
  token: string
  uid: string
  expiresAt: number
}

export function createSession(db: DatabaseSync, uid: string, now: number): Session {
  const token = randomBytes(TOKEN_BYTES).toString('hex')
  const expiresAt = now + SESSION_TTL_MS
  db.prepare('DELETE FROM sessions WHERE expires_at <= ?').run(now)
  db.prepare('INSERT INTO sessions (token_hash, uid, created_at, expires_at) VALUES (?, ?, ?, ?)').run(
    hashToken(token),
    uid,
    now,
    expiresAt,
  )
  return { token, uid, expiresAt }
}

/** The uid owning a token that is known and not expired, else null. */
export function findSessionUid(db: DatabaseSync, token: string, now: number): string | null {
  if (token === '') return null
  const row = db
    .prepare('SELECT uid FROM sessions WHERE token_hash = ? AND expires_at > ?')
    .get(hashToken(token), now) as { uid: string } | undefined
  return row?.uid ?? null
}

export function deleteSession(db: DatabaseSync, token: string): boolean {
  return db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(hashToken(token)).changes > 0
}

/**
 * Ends every session of `uid` as if its time had run out (development: what a phone meets when it
 * comes back after the token's seven days). Answers how many there were.
 */
export function expireSessionsOf(db: DatabaseSync, uid: string, now: number): number {
  return Number(db.prepare('UPDATE sessions SET expires_at = ? WHERE uid = ? AND expires_at > ?').run(now, uid, now).changes)
}
