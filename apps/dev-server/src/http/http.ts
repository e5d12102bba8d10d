import type { IncomingMessage, ServerResponse } from 'node:http'
import type { z } from 'zod'
import { MAX_BODY_BYTES } from '../constants.ts'

/** What an HttpError adds to its answer besides status and msg. */
export interface HttpErrorExtras {
  /** Headers of the answer (e.g. `Retry-After`). */
  headers?: Readonly<Record<string, string>>
  /** Fields of the body beside result, data and msg (e.g. the contract's error `code`). */
  fields?: Readonly<Record<string, unknown>>
}

/**
 * An answer other than 200: status plus the product envelope `{ result: 0, data: null, msg }`, with
 * the fields and headers an error the client must recognise carries (a contract ErrorCode).
 */
export class HttpError extends Error {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly fields: Readonly<Record<string, unknown>>
  constructor(status: number, message: string, extras: HttpErrorExtras = {}) {
    super(message)
    this.name = 'HttpError'
    this.status = status
    this.headers = extras.headers ?? {}
    this.fields = extras.fields ?? {}
  }
}

export function errorBody(msg: string): { result: 0; data: null; msg: string } {
  return { result: 0, data: null, msg }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Readonly<Record<string, string>> = {}): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
  })
  res.end(text)
}

export function readBody(req: IncomingMessage): Promise<string> {
  return readBytes(req, MAX_BODY_BYTES).then((bytes) => bytes.toString('utf8'))
}

/** The body as bytes; more than `maxBytes` → 413 (the rest is drained). */
export function readBytes(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let tooLarge = false
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return
      size += chunk.length
      if (size > maxBytes) {
        tooLarge = true
        reject(new HttpError(413, `body: larger than ${Math.round(maxBytes / 1024)} KB`))
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

/** The parsed JSON body; an empty body is `undefined`; anything else that is not JSON → 400. */
export function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new HttpError(400, 'body: not valid JSON')
  }
}

/** "<field path>: <what is wrong>" for the first problem zod found. */
export function describeIssue(error: z.ZodError, prefix = ''): string {
  const issue = error.issues[0]
  if (!issue) return `${prefix || 'body'}: invalid`
  // An unknown key is named by the key itself (strict objects).
  const keys = issue.code === 'unrecognized_keys' ? [issue.keys[0] ?? ''] : []
  const path = [prefix, ...issue.path.map(String), ...keys].filter((part) => part !== '').join('.')
  return `${path || 'body'}: ${issue.message}`
}

/** Validates `value` or throws a 400 naming the field. */
export function validate<T>(schema: z.ZodType<T>, value: unknown, prefix = ''): T {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new HttpError(400, describeIssue(parsed.error, prefix))
  return parsed.data
}

const LOCALHOST_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\]|[a-z0-9-]+\.localhost)(:\d+)?$/i

/**
 * The development and internal endpoints (`/dev/*`: make users, settle orders, block accounts, move
 * the clock…; `/internal/*`: Prosody's token check) answer only this machine, and never a page of
 * another site: a browser sends a cross-site form or `text/plain` POST without asking first, with
 * its Origin, so any web page a developer opened could otherwise settle orders or block users on
 * localhost. Calls without an Origin (tests, scripts, Prosody) and this stack's own pages pass.
 */
export function guardDevelopmentEndpoint(req: IncomingMessage, pathname: string): void {
  if (!pathname.startsWith('/dev/') && !pathname.startsWith('/internal/')) return
  if (!isLoopback(req)) throw new HttpError(403, `${pathname}: loopback only`)
  const origin = req.headers.origin
  if (typeof origin === 'string' && !LOCALHOST_ORIGIN.test(origin)) throw new HttpError(403, `${pathname}: refused for a page of another site`)
}

/** CORS for any localhost origin (development convenience). */
export function applyCors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin
  if (typeof origin !== 'string' || !LOCALHOST_ORIGIN.test(origin)) return
  res.setHeader('Access-Control-Allow-Origin', origin)
  res.setHeader('Vary', 'Origin')
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
  res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, X-Request-Id')
  // Retry-After is not a CORS-safelisted answer header: without this a page could not read it.
  res.setHeader('Access-Control-Expose-Headers', `X-Request-Id, Retry-After, ${REPLAYED_HEADER}`)
  res.setHeader('Access-Control-Max-Age', '600')
}

/**
 * Header set on an answer that repeats the stored answer of an earlier request with the same
 * X-Request-Id (`src/http/replays.ts`); informative only, the status and body are the first ones.
 */
export const REPLAYED_HEADER = 'Idempotent-Replayed'

/**
 * The address the request came from: the socket's peer. The dev-server is behind no proxy, so
 * X-Forwarded-For and the like are never read (any client could write them).
 */
export function clientAddress(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown'
}

export function isLoopback(req: IncomingMessage): boolean {
  const address = req.socket.remoteAddress ?? ''
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.')
}

/** The token of `Authorization: Bearer <token>`, or '' when absent. */
export function bearerToken(req: IncomingMessage): string {
  const header = req.headers.authorization
  if (typeof header !== 'string') return ''
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim())
  return match?.[1] ?? ''
}
