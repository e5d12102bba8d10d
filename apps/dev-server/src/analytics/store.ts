import type { DatabaseSync } from 'node:sqlite'
import { z } from 'zod'

/**
 * The development analytics receiver's store: every event the app's analytics client sent, kept once
 * per `eventId` (a retried batch, or a fetch and a beacon of the same events, store nothing twice).
 * Its table, `dev_analytics_events`, is created with the others in db/migrations.ts.
 */

/** One event as @vchat/analytics sends it (its `AnalyticsEvent`). */
const analyticsEventSchema = z
  .object({
    type: z.enum(['track', 'user_set', 'user_add', 'user_append']),
    event: z.string().min(1).max(50).optional(),
    eventId: z.string().min(1).max(100),
    time: z.number().finite().nonnegative(),
    distinctId: z.string().min(1).max(200),
    deviceId: z.string().min(1).max(200),
    accountId: z.string().min(1).max(63).optional(),
    properties: z.record(z.string().max(50), z.unknown()),
  })
  .strict()

export type ReceivedEvent = z.infer<typeof analyticsEventSchema>

/** SPEC §9: at most 50 events per send. */
const MAX_EVENTS_PER_BATCH = 50

export const analyticsBatchSchema = z.array(analyticsEventSchema).min(1).max(MAX_EVENTS_PER_BATCH)

/** How a batch arrived: image GET, POST (fetch form) — a beacon is a POST too — on the sync or debug path. */
export type ArrivalMethod = 'GET' | 'POST'
export type ArrivalPath = 'sync' | 'debug'

export interface StoredEvent extends ReceivedEvent {
  receivedAt: number
  method: ArrivalMethod
  path: ArrivalPath
  /** Whether the request looked like a beacon (`Sec-Fetch-Mode: no-cors` POST without a fetch marker). */
  beacon: boolean
  /** How many times this event id arrived (1 = never repeated; duplicates are counted, not stored). */
  arrivals: number
}

export interface EventQuery {
  event?: string | undefined
  distinctId?: string | undefined
  accountId?: string | undefined
  deviceId?: string | undefined
  /** Newest first, at most this many (default 500, max 5000). */
  limit?: number | undefined
}

/** Stores a batch; answers how many were new and how many were duplicates (same eventId). */
export function storeEvents(
  db: DatabaseSync,
  events: readonly ReceivedEvent[],
  arrival: { receivedAt: number; method: ArrivalMethod; path: ArrivalPath; beacon: boolean },
): { stored: number; duplicates: number } {
  const insert = db.prepare(
    `INSERT OR IGNORE INTO dev_analytics_events (event_id, name, distinct_id, account_id, device_id, received_at, payload)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  )
  const repeat = db.prepare('UPDATE dev_analytics_events SET arrivals = arrivals + 1 WHERE event_id = ?')
  let stored = 0
  db.exec('BEGIN')
  try {
    for (const event of events) {
      const row: Omit<StoredEvent, 'arrivals'> = { ...event, ...arrival }
      const result = insert.run(event.eventId, event.event ?? null, event.distinctId, event.accountId ?? null, event.deviceId, arrival.receivedAt, JSON.stringify(row))
      if (Number(result.changes) === 0) repeat.run(event.eventId)
      stored += Number(result.changes)
    }
    db.exec('COMMIT')
  } catch (error) {
    db.exec('ROLLBACK')
    throw error
  }
  return { stored, duplicates: events.length - stored }
}

/** Stored events matching the query, newest first. */
export function listEvents(db: DatabaseSync, query: EventQuery = {}): StoredEvent[] {
  const where: string[] = []
  const params: string[] = []
  if (query.event) {
    where.push('name = ?')
    params.push(query.event)
  }
  if (query.distinctId) {
    where.push('distinct_id = ?')
    params.push(query.distinctId)
  }
  if (query.accountId) {
    where.push('account_id = ?')
    params.push(query.accountId)
  }
  if (query.deviceId) {
    where.push('device_id = ?')
    params.push(query.deviceId)
  }
  const limit = Math.min(Math.max(1, Math.trunc(query.limit ?? 500)), 5000)
  const sql = `SELECT payload, arrivals FROM dev_analytics_events ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY seq DESC LIMIT ${limit}`
  const rows = db.prepare(sql).all(...params) as { payload: string; arrivals: number }[]
  return rows.map((row) => ({ ...(JSON.parse(row.payload) as Omit<StoredEvent, 'arrivals'>), arrivals: row.arrivals }))
}

/** Forgets every stored event (development reset). */
export function clearEvents(db: DatabaseSync): number {
  return Number(db.prepare('DELETE FROM dev_analytics_events').run().changes)
}
