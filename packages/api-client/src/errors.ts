import type { LOGIN_THROTTLED } from '@vchat/contract'

/** What went wrong with a call. SPEC §8 names BACKEND_ERROR; the others are ours. */
export type ApiErrorCode =
  /** HTTP passed but the product result was not 1 (message "the backend request error"). */
  | 'BACKEND_ERROR'
  /** The server answered with an HTTP status outside 200–299/304 (except 401 and a LOGIN_THROTTLED 429). */
  | 'HTTP_ERROR'
  /** HTTP 401: the vcToken is unknown or expired. */
  | 'UNAUTHORIZED'
  /**
   * HTTP 429 with the contract's `LOGIN_THROTTLED` code: too many wrong passwords for this uid or from
   * this address, so user_pwd_login refuses even the right one for `retryAfterSeconds`.
   */
  | typeof LOGIN_THROTTLED
  /** No answer: connection refused or reset, DNS failure, certificate error… */
  | 'NETWORK_ERROR'
  /** The request took longer than the time-out. */
  | 'TIMEOUT'
  /** Cancelled by id, by cancelAll() or by the caller's AbortSignal. */
  | 'CANCELLED'

export interface ApiErrorDetails {
  path: string
  requestId: string
  /** HTTP status, when the server answered. */
  status?: number
  /** Product result, for BACKEND_ERROR. */
  result?: number
  /**
   * The server's msg for HTTP errors (a 400 names the offending field). For BACKEND_ERROR the msg is
   * only logged, never carried (SPEC §7).
   */
  serverMessage?: string
  /** Whole seconds the server asked to wait before trying again (LOGIN_THROTTLED, or a Retry-After header). */
  retryAfterSeconds?: number
  cause?: unknown
}

export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly code: ApiErrorCode
  readonly path: string
  readonly requestId: string
  readonly status: number | undefined
  readonly result: number | undefined
  readonly serverMessage: string | undefined
  readonly retryAfterSeconds: number | undefined

  constructor(code: ApiErrorCode, message: string, details: ApiErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause })
    this.code = code
    this.path = details.path
    this.requestId = details.requestId
    this.status = details.status
    this.result = details.result
    this.serverMessage = details.serverMessage
    this.retryAfterSeconds = details.retryAfterSeconds
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError
}

/** The `code` of an HTTP error's body (the contract's ErrorCode), or undefined. */
export function errorCodeOf(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string') return body.code
  return undefined
}

/**
 * How long the server asked to wait, in whole seconds: the body's `retryAfterSeconds` first (what the
 * contract puts in a LOGIN_THROTTLED body, readable even where CORS hides the header), else the
 * `Retry-After` header as seconds or as an HTTP date (against `now`). Undefined when neither says.
 */
export function retryAfterSecondsOf(body: unknown, header: unknown, now: number): number | undefined {
  if (typeof body === 'object' && body !== null && 'retryAfterSeconds' in body) {
    const seconds = body.retryAfterSeconds
    if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds)
  }
  if (typeof header !== 'string' || header.trim() === '') return undefined
  const text = header.trim()
  if (/^\d+$/.test(text)) return Number(text)
  const at = Date.parse(text)
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000))
}
