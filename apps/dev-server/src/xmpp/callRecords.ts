/**
 * The `call_records` table, read and written here only: one row per call the hub set up (written by
 * the hub), read by the call history endpoint and by the allowances a user has left (free first
 * call, paid-user free call, the day's silver calls). The hub decides with these counts and the
 * account endpoints report the same counts, so what the app offers is what the hub grants. The table
 * itself is created in db/migrations.ts.
 */
import type { CallStars } from '@vchat/contract'
import type { DatabaseSync } from 'node:sqlite'
import {
  CLUB_CALLS_FREE,
  CLUB_CALLS_PAID,
  FREE_FIRST_CALL_DURATION_S,
  FREE_FIRST_CALL_TIMES,
  PAID_FREE_CALL_DURATION_S,
  PAID_FREE_CALL_TIMES,
  PAID_USER_FREE_CALL_ENABLED,
} from '../constants.ts'
import { dayStart, localDay } from '../world/time.ts'

/** A free call: the first call of a user who never paid, or the paid user's free call (SPEC §3). */
export type FreeKind = 'first' | 'paid'

/** `call_records.free_kind` of a silver call (it is not free; the column tells the kind of call). */
export const SILVER_RECORD_KIND = 'silver'

export interface CallRecordRow {
  sid: string
  caller: string
  callee: string
  payer: string
  price: number
  free_kind: string | null
  state: string
  reason: string
  start_time: number
  connecting_time: number | null
  end_time: number | null
  minutes: number
  gems_charged: number
  /** Silver the call earned its payer (a silver-club host, paid in gems). */
  silver_earned: number
  /** Connected time when media was down and being recovered, ms: not billed, not in the duration. */
  paused_ms: number
}

/** A new call as the hub opens it: ringing, with the first minute held (or nothing, when free). */
interface NewCallRecord {
  sid: string
  caller: string
  callee: string
  payer: string
  price: number
  /** A FreeKind, SILVER_RECORD_KIND, or null for a paid standard call. */
  freeKind: string | null
  startTime: number
  held: number
}

/** What changes on a call as it goes: its state, why it ended, and what was billed. */
interface CallRecordUpdate {
  state: string
  reason: string
  connectingTime: number | null
  endTime: number | null
  minutes: number
  gemsCharged: number
  held: number
  pausedMs: number
}

export interface CallRecordWriter {
  open(record: NewCallRecord): void
  update(sid: string, update: CallRecordUpdate): void
}

/** The hub's writes, prepared once per hub. */
export function createCallRecordWriter(db: DatabaseSync): CallRecordWriter {
  const insert = db.prepare(
    `INSERT INTO call_records (sid, caller, callee, payer, price, free_kind, state, start_time, held) VALUES (?, ?, ?, ?, ?, ?, 'ringing', ?, ?)`,
  )
  const change = db.prepare(
    `UPDATE call_records SET state = ?, reason = ?, connecting_time = ?, end_time = ?, minutes = ?, gems_charged = ?, held = ?, paused_ms = ? WHERE sid = ?`,
  )
  return {
    open(record) {
      insert.run(record.sid, record.caller, record.callee, record.payer, record.price, record.freeKind, record.startTime, record.held)
    },
    update(sid, update) {
      change.run(update.state, update.reason, update.connectingTime, update.endTime, update.minutes, update.gemsCharged, update.held, update.pausedMs, sid)
    },
  }
}

/** A call record as the history reads it: the row, its row id (the cursor) and the peer's name. */
export interface CallHistoryRow extends CallRecordRow {
  rid: number
  peer_nick_name: string | null
}

/**
 * One page of `jid`'s calls, newest first: the records with a row id below `before` (rows are
 * inserted in time order, so the row id of a page's last record is the next page's cursor).
 */
export function callHistoryPage(db: DatabaseSync, jid: string, before: number, limit: number): CallHistoryRow[] {
  return db
    .prepare(
      `SELECT c.rowid AS rid, c.*, p.nick_name AS peer_nick_name
       FROM call_records c
       LEFT JOIN users p ON p.jid = CASE WHEN c.caller = ? THEN c.callee ELSE c.caller END
       WHERE (c.caller = ? OR c.callee = ?) AND c.rowid < ?
       ORDER BY c.rowid DESC LIMIT ?`,
    )
    .all(jid, jid, jid, before, limit) as unknown as CallHistoryRow[]
}

/**
 * `jid`'s stars for call `sid`: only a participant of a call that connected may rate it (a call
 * never answered has nothing to rate), and rating again replaces the earlier stars. Answers the
 * stars kept, or null when `jid` has no such connected call.
 */
export function rateCall(db: DatabaseSync, sid: string, jid: string, stars: CallStars, now: number): CallStars | null {
  const call = db.prepare('SELECT connecting_time FROM call_records WHERE sid = ? AND (caller = ? OR callee = ?)').get(sid, jid, jid) as
    | { connecting_time: number | null }
    | undefined
  if (!call || call.connecting_time === null) return null
  db.prepare(
    'INSERT INTO call_ratings (sid, rater, stars, rated_at) VALUES (?, ?, ?, ?) ON CONFLICT (sid, rater) DO UPDATE SET stars = excluded.stars, rated_at = excluded.rated_at',
  ).run(sid, jid, stars, now)
  return stars
}

/** Call records where `jid` is caller or callee, newest first. */
export function callRecordsOf(db: DatabaseSync, jid: string, limit = 100): CallRecordRow[] {
  return db
    .prepare(
      `SELECT sid, caller, callee, payer, price, free_kind, state, reason, start_time, connecting_time, end_time, minutes, gems_charged, silver_earned, paused_ms
       FROM call_records WHERE caller = ? OR callee = ? ORDER BY start_time DESC, sid DESC LIMIT ?`,
    )
    .all(jid, jid, limit) as unknown as CallRecordRow[]
}

/** Silver calls `jid` had answered since `since` (ms): each uses one of the day's availableTimes. */
function silverCallsUsedSince(db: DatabaseSync, jid: string, since: number): number {
  const row = db
    .prepare('SELECT COUNT(*) AS n FROM call_records WHERE payer = ? AND free_kind = ? AND connecting_time IS NOT NULL AND start_time >= ?')
    .get(jid, SILVER_RECORD_KIND, since) as { n: number }
  return row.n
}

/**
 * Silver calls a user has left today (SPEC §3 silverCall.availableTimes): the day's allowance (paid
 * users get more) less the silver calls answered since the user's local midnight.
 */
export function silverCallsLeft(db: DatabaseSync, user: { jid: string; paid: number }, now: number, timezoneOffset: number): number {
  const perDay = user.paid === 1 ? CLUB_CALLS_PAID : CLUB_CALLS_FREE
  const since = dayStart(localDay(now, timezoneOffset), timezoneOffset)
  return Math.max(0, perDay - silverCallsUsedSince(db, user.jid, since))
}

/** What free calls depend on: who pays and whether they ever paid. */
export interface FreeCallPayer {
  jid: string
  paid: number
}

/**
 * Free calls of `kind` the user has left: a free first call only while the user never paid, the
 * paid-user free call only once they have; a free call counts as used once it was answered.
 */
export function freeCallsLeft(db: DatabaseSync, payer: FreeCallPayer, kind: FreeKind): number {
  const allowed = kind === 'first' ? (payer.paid === 0 ? FREE_FIRST_CALL_TIMES : 0) : payer.paid === 1 && PAID_USER_FREE_CALL_ENABLED ? PAID_FREE_CALL_TIMES : 0
  if (allowed === 0) return 0
  const used = (
    db.prepare('SELECT COUNT(*) AS n FROM call_records WHERE payer = ? AND free_kind = ? AND connecting_time IS NOT NULL').get(payer.jid, kind) as { n: number }
  ).n
  return Math.max(0, allowed - used)
}

/** Seconds a free call of `kind` lasts before it converts to paid or ends. */
export function freeCallDurationS(kind: FreeKind): number {
  return kind === 'first' ? FREE_FIRST_CALL_DURATION_S : PAID_FREE_CALL_DURATION_S
}
