/**
 * The zone a user's days are counted in: check-in, daily tasks and the daily silver calls all turn
 * over at the user's local midnight. Taken from each request's deviceInfo.timezoneOffset, a day would
 * be the client's to choose: claim the check-in at UTC−12, then again at UTC+14 a moment later.
 *
 * **Decision (the spec only says "the user's day"):** the server keeps one offset per user
 * (`user_day_zones`), set by the first signed-in request. A request with another offset moves it only
 * when the last move is at least `DAY_ZONE_CHANGE_INTERVAL_MS` (24 h) old — a traveller's new zone
 * applies within a day — and otherwise the kept offset counts. With at most one move a day, no zone
 * change yields a second check-in before the real day has turned.
 */
import type { DatabaseSync } from 'node:sqlite'

/** How long a kept offset stays before a request's other offset may replace it. */
export const DAY_ZONE_CHANGE_INTERVAL_MS = 24 * 60 * 60 * 1000

interface ZoneRow {
  offset_minutes: number
  set_at: number
}

/** The kept offset (minutes east of UTC) of the account with this jid, or null before its first signed-in request. */
export function keptDayOffsetOfJid(db: DatabaseSync, jid: string): number | null {
  const row = db.prepare('SELECT z.offset_minutes FROM user_day_zones z JOIN users u ON u.uid = z.uid WHERE u.jid = ?').get(jid) as
    | Pick<ZoneRow, 'offset_minutes'>
    | undefined
  return row?.offset_minutes ?? null
}

/**
 * The offset this request's day counts in, given the offset the device reports: kept as above, moved
 * to the reported one when it differs and the last move is a day old.
 */
export function userDayOffset(db: DatabaseSync, uid: string, reported: number, now: number): number {
  const offset = Math.round(reported)
  const row = db.prepare('SELECT offset_minutes, set_at FROM user_day_zones WHERE uid = ?').get(uid) as ZoneRow | undefined
  if (row && (row.offset_minutes === offset || now - row.set_at < DAY_ZONE_CHANGE_INTERVAL_MS)) return row.offset_minutes
  db.prepare(
    'INSERT INTO user_day_zones (uid, offset_minutes, set_at) VALUES (?, ?, ?) ON CONFLICT(uid) DO UPDATE SET offset_minutes = excluded.offset_minutes, set_at = excluded.set_at',
  ).run(uid, offset, now)
  return offset
}
