import { isCancel, type AxiosError } from 'axios'
import { RETRY_BASE_DELAY_MS, RETRY_JITTER } from './constants'

export type RetryDelayMode = 'none' | 'exponential'

const IDEMPOTENT_METHODS = new Set(['get', 'head', 'options', 'put', 'delete'])
const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT'])
/** Errors that retrying cannot fix (SPEC §8: certificate and host-name errors never). */
const NEVER_RETRY_CODES = new Set([
  'ENOTFOUND',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_CRL',
  'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
  'UNABLE_TO_DECRYPT_CRL_SIGNATURE',
  'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'INVALID_CA',
  'INVALID_PURPOSE',
  'PATH_LENGTH_EXCEEDED',
])

export function isTimeoutError(error: AxiosError): boolean {
  return TIMEOUT_CODES.has(error.code ?? '')
}

function isCertificateOrHostError(error: AxiosError): boolean {
  const code = error.code ?? ''
  return NEVER_RETRY_CODES.has(code) || code.startsWith('CERT_') || code.startsWith('UNABLE_TO_VERIFY')
}

export interface RetryRules {
  /**
   * Also retry 500–599 on a signed-in POST (one that carries `Authorization`). SPEC §8 retries a
   * server error on idempotent methods only; a product call is a POST, so it never would be. The
   * product server answers a repeat of a signed-in request's X-Request-Id with the first answer,
   * without acting again (the contract's replay rule), and a retry here keeps the id — which makes
   * such a POST as safe to repeat as a PUT. Visitor calls (the logins) are not replayed by the
   * server and keep SPEC §8's rule.
   */
  replaySafeSignedInPosts?: boolean
}

function isSignedInPost(error: AxiosError): boolean {
  const method = (error.config?.method ?? 'get').toLowerCase()
  const authorization = error.config?.headers?.Authorization
  return method === 'post' && typeof authorization === 'string' && authorization !== ''
}

/**
 * SPEC §8: retry only network errors (any method), or 500–599 on idempotent methods (get, head,
 * options, put, delete) — and, with `replaySafeSignedInPosts`, on signed-in POSTs (see RetryRules).
 * Never time-outs, cancellations, certificate or host-name errors.
 */
export function shouldRetry(error: AxiosError, rules: RetryRules = {}): boolean {
  if (isCancel(error)) return false
  if (isTimeoutError(error)) return false
  if (isCertificateOrHostError(error)) return false
  const response = error.response
  if (!response) {
    // No answer at all: a network error (connection refused/reset, browser "Network Error").
    return error.code !== undefined || error.message === 'Network Error'
  }
  const method = (error.config?.method ?? 'get').toLowerCase()
  const replaySafe = IDEMPOTENT_METHODS.has(method) || (rules.replaySafeSignedInPosts === true && isSignedInPost(error))
  return response.status >= 500 && response.status <= 599 && replaySafe
}

/**
 * Delay before retry number `attempt` (1-based). 'none' → 0. 'exponential' → 100 ms doubled per
 * attempt (100, 200, 400…) plus up to 20% random jitter; `random` returns a value in [0, 1).
 */
export function retryDelayMs(
  attempt: number,
  mode: RetryDelayMode,
  random: () => number = Math.random,
): number {
  if (mode === 'none') return 0
  const base = RETRY_BASE_DELAY_MS * 2 ** Math.max(0, attempt - 1)
  return base + base * RETRY_JITTER * random()
}
