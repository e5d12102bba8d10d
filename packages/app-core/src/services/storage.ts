import type { KeyedStorage } from './types'

export type StorageKind = 'local' | 'session'

/** Where the browser's Web Storage is looked up; tests pass a broken one. */
export type WebStorageResolver = (kind: StorageKind) => Storage | undefined

const browserStorage: WebStorageResolver = (kind) => {
  try {
    if (typeof window === 'undefined') return undefined
    return kind === 'local' ? window.localStorage : window.sessionStorage
  } catch {
    // Access itself can throw (storage disabled by privacy settings).
    return undefined
  }
}

/**
 * The product storage wrapper (SPEC §9): one JSON value under one key in localStorage or
 * sessionStorage. A read failure (no storage, access denied, malformed JSON) returns null (SPEC §8);
 * a write failure is ignored so the app keeps working without persistence.
 */
export function createStorage<T>(kind: StorageKind, key: string, resolve: WebStorageResolver = browserStorage): KeyedStorage<T> {
  return {
    get() {
      try {
        const raw = resolve(kind)?.getItem(key)
        if (raw === null || raw === undefined) return null
        return JSON.parse(raw) as T
      } catch {
        return null
      }
    },
    set(value) {
      try {
        resolve(kind)?.setItem(key, JSON.stringify(value))
      } catch {
        // Quota exceeded or storage disabled: the value simply is not kept.
      }
    },
    remove() {
      try {
        resolve(kind)?.removeItem(key)
      } catch {
        // Nothing to do: the value is unreachable anyway.
      }
    },
  }
}
