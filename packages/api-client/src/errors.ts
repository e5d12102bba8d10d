/** What went wrong with a call. SPEC §8 names BACKEND_ERROR; the others are ours. */
export type ApiErrorCode =
  /** HTTP passed but the product result was not 1 (message "the backend request error"). */
  | 'BACKEND_ERROR'
  /** The server answered with an HTTP status outside 200–299/304 (except 401). */
  | 'HTTP_ERROR'
  /** HTTP 401: the vcToken is unknown or expired. */
  | 'UNAUTHORIZED'
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

  constructor(code: ApiErrorCode, message: string, details: ApiErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause })
    this.code = code
    this.path = details.path
    this.requestId = details.requestId
    this.status = details.status
    this.result = details.result
    this.serverMessage = details.serverMessage
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError
}
