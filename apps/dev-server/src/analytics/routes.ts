import type { IncomingMessage } from 'node:http'
import { z } from 'zod'
import { HttpError, parseJson, validate } from '../http/http.ts'
import { ok, type RawResult, type Route, type RouteResult } from '../http/routes.ts'
import { renderEventsPage } from './page.ts'
import { analyticsBatchSchema, clearEvents, listEvents, storeEvents, type ArrivalPath, type ReceivedEvent } from './store.ts'

/**
 * The development analytics receiver (SPEC §7: GET through an image or POST of a form to a sync or
 * debug path). Base `/dev/analytics`, so the apps' same-origin proxy (`/dev`) reaches it:
 *
 * - `GET  /dev/analytics/sync?data=<JSON array>` (and `/debug`): the image transport; answers a 1×1 GIF
 * - `POST /dev/analytics/sync` (and `/debug`), form body `data=<JSON array>` (fetch transport and
 *   `navigator.sendBeacon`), or a JSON array: answers `{ result: 1, data: { stored, duplicates } }`
 * - `GET  /dev/analytics/events[?event=&distinctId=&accountId=&deviceId=&limit=]`: stored events, JSON
 * - `GET  /dev/analytics`: the same as a page for people
 * - `POST /dev/analytics/clear`: forget every stored event
 *
 * Events are validated (400 naming the field) and stored once per eventId.
 */
const ANALYTICS_BASE_PATH = '/dev/analytics'
const MAX_BATCH_BYTES = 256 * 1024

/** A transparent 1×1 GIF: browsers report an empty 204 to an image as an error. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')

function pixel(): RouteResult {
  const body: RawResult = { status: 200, headers: { 'Content-Type': 'image/gif', 'Cache-Control': 'no-store' }, bytes: PIXEL }
  return { body }
}

function parseBatch(json: string | null): ReceivedEvent[] {
  if (json === null || json.trim() === '') throw new HttpError(400, 'data: a JSON array of events is required')
  return validate(analyticsBatchSchema, parseJson(json), 'data')
}

/** A POST body: the form field `data` (fetch transport, beacon), or a JSON array when sent as JSON. */
function postedJson(body: string, contentType: string): string | null {
  return contentType.includes('application/json') ? body : new URLSearchParams(body).get('data')
}

/** A beacon is a no-cors POST (`navigator.sendBeacon` with a form body); fetch sends cors. */
function looksLikeBeacon(req: IncomingMessage): boolean {
  return req.headers['sec-fetch-mode'] === 'no-cors' && req.headers['sec-fetch-dest'] === 'empty'
}

function receiverRoutes(path: ArrivalPath): Route[] {
  return [
    {
      method: 'GET',
      path: `${ANALYTICS_BASE_PATH}/${path}`,
      handle({ app, url }) {
        const events = parseBatch(url.searchParams.get('data'))
        const outcome = storeEvents(app.db, events, { receivedAt: app.now(), method: 'GET', path, beacon: false })
        if (path === 'debug') app.log(`analytics debug: ${outcome.stored} stored, ${outcome.duplicates} duplicates`)
        return pixel()
      },
    },
    {
      method: 'POST',
      path: `${ANALYTICS_BASE_PATH}/${path}`,
      raw: { maxBytes: MAX_BATCH_BYTES },
      handle({ app, req, rawBody }) {
        const contentType = String(req.headers['content-type'] ?? '')
        const events = parseBatch(postedJson(rawBody?.toString('utf8') ?? '', contentType))
        const outcome = storeEvents(app.db, events, { receivedAt: app.now(), method: 'POST', path, beacon: looksLikeBeacon(req) })
        if (path === 'debug') app.log(`analytics debug: ${outcome.stored} stored, ${outcome.duplicates} duplicates`)
        return { body: ok(outcome) }
      },
    },
  ]
}

const querySchema = z.object({
  event: z.string().max(50).optional(),
  distinctId: z.string().max(200).optional(),
  accountId: z.string().max(63).optional(),
  deviceId: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(5000).optional(),
})

function readQuery(url: URL) {
  const raw: Record<string, string> = {}
  for (const key of ['event', 'distinctId', 'accountId', 'deviceId', 'limit']) {
    const value = url.searchParams.get(key)
    if (value !== null && value !== '') raw[key] = value
  }
  return validate(querySchema, raw, 'query')
}

export const analyticsRoutes: Route[] = [
  ...receiverRoutes('sync'),
  ...receiverRoutes('debug'),
  {
    method: 'GET',
    path: `${ANALYTICS_BASE_PATH}/events`,
    handle({ app, url }) {
      const events = listEvents(app.db, readQuery(url))
      return { body: ok({ count: events.length, events }) }
    },
  },
  {
    method: 'POST',
    path: `${ANALYTICS_BASE_PATH}/clear`,
    handle({ app }) {
      return { body: ok({ cleared: clearEvents(app.db) }) }
    },
  },
  {
    method: 'GET',
    path: ANALYTICS_BASE_PATH,
    handle({ app, url }) {
      const query = readQuery(url)
      const body: RawResult = {
        status: 200,
        headers: {
          'Content-Type': 'text/html; charset=utf-8',
          'Cache-Control': 'no-store',
          'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
          'X-Content-Type-Options': 'nosniff',
        },
        bytes: Buffer.from(renderEventsPage(listEvents(app.db, query), query), 'utf8'),
      }
      return { body }
    },
  },
]
