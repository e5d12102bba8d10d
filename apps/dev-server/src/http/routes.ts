import type { IncomingMessage } from 'node:http'
import type { DatabaseSync } from 'node:sqlite'
import type { ResponseEnvelope } from '@vchat/api-client'
import type { z } from 'zod'
import { findSessionUid } from '../auth/sessions.ts'
import { findUser, type UserRow } from '../db/users.ts'
import { envelopeSchema, type ParsedEnvelope } from './envelope.ts'
import { HttpError, bearerToken, validate } from './http.ts'

/** What every handler can reach. */
export interface AppContext {
  db: DatabaseSync
  /** XMPP domain of the jids (default localhost). */
  domain: string
  now: () => number
  log: (line: string) => void
}

export interface RouteRequest {
  app: AppContext
  req: IncomingMessage
  url: URL
  /** The parsed JSON body (undefined when empty). */
  body: unknown
}

export interface RouteResult {
  status?: number
  body: unknown
}

export interface Route {
  method: 'GET' | 'POST'
  path: string
  handle(request: RouteRequest): RouteResult | Promise<RouteResult>
}

export function ok<T>(data: T): ResponseEnvelope<T> {
  return { result: 1, data, msg: 'ok' }
}

/** A product-level refusal: HTTP 200, result 0, the reason in msg. */
export function refuse(msg: string): ResponseEnvelope<null> {
  return { result: 0, data: null, msg }
}

export interface ProductRequest<T> extends RouteRequest {
  envelope: ParsedEnvelope
  data: T
  /** The signed-in user (auth endpoints only; null elsewhere). */
  user: UserRow | null
  /** The vcToken the request carried ('' when none). */
  token: string
}

/**
 * A product endpoint: POST; the envelope validated (400 naming the field); for `auth` endpoints a
 * known, unexpired vcToken (401 otherwise); then `data` validated (400 naming the field). The token is read from the Authorization
 * header, or from userInfo.vcToken when the header is absent.
 */
export function productRoute<T>(
  path: string,
  options: {
    data: z.ZodType<T>
    auth: boolean
    handle(request: ProductRequest<T>): ResponseEnvelope<unknown> | Promise<ResponseEnvelope<unknown>>
  },
): Route {
  return {
    method: 'POST',
    path,
    async handle(request) {
      if (request.body === undefined) throw new HttpError(400, 'body: a JSON envelope is required')
      const envelope = validate(envelopeSchema, request.body)
      const token = bearerToken(request.req) || envelope.userInfo.vcToken
      let user: UserRow | null = null
      if (options.auth) {
        const uid = findSessionUid(request.app.db, token, request.app.now())
        user = uid === null ? null : findUser(request.app.db, uid)
        if (!user) throw new HttpError(401, 'userInfo.vcToken: unknown or expired token')
      }
      const data = validate(options.data, envelope.data, 'data')
      return { body: await options.handle({ ...request, envelope, data, user, token }) }
    },
  }
}
