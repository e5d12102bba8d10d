import { TOKEN_EXPIRY_BUFFER_MS } from './constants'

/**
 * True when the token expires within the buffer (SPEC §9: 1 hour) or has expired already.
 * `expiresAt` and `now` are milliseconds since the epoch.
 */
export function isTokenExpiring(
  expiresAt: number,
  now: number,
  bufferMs: number = TOKEN_EXPIRY_BUFFER_MS,
): boolean {
  return expiresAt - now < bufferMs
}
