import type { IncomingMessage } from 'node:http'
import { endpoints, type EndpointName, type ResponseEnvelope } from '@vchat/contract'
import { endpointSchemas, requestEnvelope, type EndpointSchemas } from '@vchat/contract/schemas'
import type { z } from 'zod'
import type { AppContext } from '../app/context.ts'
import { findSessionUid } from '../auth/sessions.ts'
import { findUser, type UserRow } from '../db/users.ts'
import { REQUEST_ID_MAX_LENGTH } from '../constants.ts'
import { HttpError, REPLAYED_HEADER, bearerToken, describeIssue, validate } from './http.ts'
import { requestFingerprint } from './replays.ts'
import { userDayOffset } from '../world/userDay.ts'

export interface RouteRequest {
  app: AppContext
  req: IncomingMessage
  url: URL
  /** The parsed JSON body (undefined when empty); for `raw` routes, undefined. */
  body: unknown
  /** The unparsed body of `raw` routes. */
  rawBody?: Buffer
}

export interface RouteResult {
  status?: number
  body: unknown
  headers?: Readonly<Record<string, string>>
}

export interface Route {
  method: 'GET' | 'POST'
  /** Exact path, or a prefix ending in `/*` (e.g. `/files/*`). */
  path: string
  /** Take the body as bytes (multipart uploads) with this size limit, instead of parsing JSON. */
  raw?: { maxBytes: number }
  /** Set for product endpoints: what the contract test, the auth test and the fuzz test walk. */
  product?: ProductRouteInfo
  handle(request: RouteRequest): RouteResult | Promise<RouteResult>
}

interface ProductRouteInfo {
  /** Its name in the contract's endpoint table. */
  name: EndpointName
  auth: boolean
  data: z.ZodType
  response: z.ZodType
}

/** What is written to the client: headers and bytes instead of JSON. */
export interface RawResult {
  status: number
  headers: Record<string, string>
  bytes: Buffer
}

export function ok<T>(data: T): ResponseEnvelope<T> {
  return { result: 1, data, msg: 'ok' }
}

/** A product-level refusal: HTTP 200, result 0, the reason in msg. */
export function refuse(msg: string): ResponseEnvelope<null> {
  return { result: 0, data: null, msg }
}

export interface ProductRequest<T> extends RouteRequest {
  envelope: z.infer<typeof requestEnvelope>
  data: T
  /** The signed-in user (auth endpoints only; null elsewhere). */
  user: UserRow | null
  /** The vcToken the request carried ('' when none). */
  token: string
  /**
   * Minutes east of UTC the user's days turn over in (check-in, daily tasks, daily calls): the
   * server's record for a signed-in user (`world/userDay.ts`), the device's report for a visitor.
   */
  dayOffsetMinutes: number
}

/** The request's X-Request-Id, or null when it sent none; one longer than a key may be → 400. */
function requestIdOf(request: RouteRequest): string | null {
  const header = request.req.headers['x-request-id']
  if (typeof header !== 'string' || header === '') return null
  if (header.length > REQUEST_ID_MAX_LENGTH) throw new HttpError(400, `X-Request-Id: longer than ${REQUEST_ID_MAX_LENGTH} characters`)
  return header
}

/**
 * A product endpoint, served by its name in the contract's endpoint table: POST at the table's path;
 * the envelope validated (400 naming the field); for `auth` endpoints a known, unexpired vcToken (401
 * otherwise) — this is the one place tokens are checked; then `data` validated against the
 * endpoint's request schema (400 naming the field). The token is read from the Authorization header,
 * or from userInfo.vcToken when the header is absent. A successful answer is checked against the
 * endpoint's response schema when the app checks responses.
 *
 * Every `auth` endpoint that comes with an X-Request-Id answers a repeat of that id by the same
 * signed-in user with the first answer, without running the handler again (`replays.ts`): all of
 * them rather than a list of those that change something, because a list would go stale as
 * endpoints are added, several "reads" change state (the contact pop-up's rotation, an auto message,
 * an order expiring), and the repeat of a read is the same logical request too. The visitor endpoints
 * (logins, site configuration, maintenance) have no user to key on and are not replayed.
 */
export function productRoute<K extends EndpointName>(
  name: K,
  options: {
    handle(
      request: ProductRequest<z.output<EndpointSchemas[K]['request']>>,
    ):
      | ResponseEnvelope<z.output<EndpointSchemas[K]['response']>>
      | ResponseEnvelope<null>
      | Promise<ResponseEnvelope<z.output<EndpointSchemas[K]['response']>> | ResponseEnvelope<null>>
  },
): Route {
  const { path, auth } = endpoints[name]
  const { request: data, response }: { request: z.ZodType; response: z.ZodType } = endpointSchemas[name]
  return {
    method: 'POST',
    path,
    product: { name, auth, data, response },
    async handle(request) {
      if (request.body === undefined) throw new HttpError(400, 'body: a JSON envelope is required')
      const envelope = validate(requestEnvelope, request.body)
      const token = bearerToken(request.req) || envelope.userInfo.vcToken
      let user: UserRow | null = null
      if (auth) {
        const uid = findSessionUid(request.app.db, token, request.app.now())
        user = uid === null ? null : findUser(request.app.db, uid)
        if (!user) throw new HttpError(401, 'userInfo.vcToken: unknown or expired token')
      }
      const parsed = validate(data, envelope.data, 'data') as z.output<EndpointSchemas[K]['request']>
      const reported = envelope.deviceInfo.timezoneOffset
      const dayOffsetMinutes = user ? userDayOffset(request.app.db, user.uid, reported, request.app.now()) : reported
      const handle = () => options.handle({ ...request, envelope, data: parsed, user, token, dayOffsetMinutes })
      const requestId = user ? requestIdOf(request) : null
      const { value: answer, replayed } =
        user && requestId !== null
          ? await request.app.replays.run({ key: `${user.uid} ${requestId}`, fingerprint: requestFingerprint(path, parsed) }, handle)
          : { value: await handle(), replayed: false }
      if (replayed) request.app.log(`${path}: repeat of request ${requestId ?? ''} answered with the first answer`)
      // Checked on every answer, replays included, so a drifted answer is a 500 however often it is asked.
      if (request.app.checkResponses && answer.result === 1) {
        const checked = response.safeParse(answer.data)
        if (!checked.success) {
          throw new Error(`${path} answered outside its contract: ${describeIssue(checked.error, 'data')}`)
        }
      }
      return replayed ? { body: answer, headers: { [REPLAYED_HEADER]: 'true' } } : { body: answer }
    },
  }
}

/** The signed-in user of an auth endpoint (productRoute guarantees it). */
export function signedIn(request: { user: UserRow | null }): UserRow {
  if (!request.user) throw new HttpError(401, 'userInfo.vcToken: unknown or expired token')
  return request.user
}
