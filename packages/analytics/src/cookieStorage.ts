import { STORAGE_EXPIRY_DAYS } from './constants'
import type { KeyValueStorage } from './types'

/** The part of `Document` a cookie storage uses. */
export interface CookieDocument {
  cookie: string
}

export interface CookieStorageOptions {
  document: CookieDocument
  /** Lifetime of every write; default about 73 000 days (SPEC §9). */
  days?: number
  path?: string
  /** Share across sub-domains, e.g. `.vidora.chat`. */
  domain?: string
  /** Add `Secure` (pages served over https). */
  secure?: boolean
}

/** Browsers drop cookies above ~4096 bytes (name + value); we refuse to write such a value. */
export const MAX_COOKIE_BYTES = 4_000

export class CookieTooLargeError extends Error {
  constructor(key: string, bytes: number) {
    super(`cookie ${key} of ${bytes} bytes exceeds ${MAX_COOKIE_BYTES}`)
    this.name = 'CookieTooLargeError'
  }
}

/**
 * A `KeyValueStorage` over `document.cookie`, each write valid for about 73 000 days (as `max-age`;
 * some browsers cap cookie lifetimes, e.g. Chromium at 400 days, and every write renews it).
 * Values are URL-encoded. A read failure counts as nothing stored (SPEC §8).
 */
export function createCookieStorage(options: CookieStorageOptions): KeyValueStorage {
  const maxAgeSeconds = Math.round((options.days ?? STORAGE_EXPIRY_DAYS) * 24 * 60 * 60)
  const attributes = [
    `path=${options.path ?? '/'}`,
    ...(options.domain === undefined ? [] : [`domain=${options.domain}`]),
    `max-age=${maxAgeSeconds}`,
    'SameSite=Lax',
    ...(options.secure === true ? ['Secure'] : []),
  ].join('; ')

  return {
    getItem(key) {
      const name = `${encodeURIComponent(key)}=`
      for (const part of options.document.cookie.split(';')) {
        const trimmed = part.trim()
        if (!trimmed.startsWith(name)) continue
        try {
          return decodeURIComponent(trimmed.slice(name.length))
        } catch {
          return null
        }
      }
      return null
    },
    setItem(key, value) {
      const pair = `${encodeURIComponent(key)}=${encodeURIComponent(value)}`
      if (pair.length > MAX_COOKIE_BYTES) throw new CookieTooLargeError(key, pair.length)
      options.document.cookie = `${pair}; ${attributes}`
    },
  }
}
