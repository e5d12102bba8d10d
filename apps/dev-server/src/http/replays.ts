/**
 * Replays by X-Request-Id. The client sends every request with an X-Request-Id and a retry of the
 * same logical request with the same id (SPEC §7, §8; `@vchat/api-client`); a retry happens when an
 * answer was lost (connection reset after the server acted), so running the handler again would act
 * twice: a check-in credited twice, an order opened twice. Here the first answer for a key is kept and
 * every repeat gets that answer (status and body) without the handler running again.
 *
 * - The key is the caller's: `productRoute` uses (signed-in uid, X-Request-Id), so another account
 *   sending the same id runs its own request and never sees this one's answer.
 * - A repeat that arrives while the first is still running waits for the first's answer.
 * - The same key with another request (a different fingerprint: path and data) is refused with 422
 *   rather than answered with an answer to something else.
 * - Kept: answers and HttpErrors (what the handler decided). Not kept: a crash (any other error):
 *   waiting repeats get the same failure, a later repeat runs again (the dev-server's changes are
 *   transactions, rolled back when a handler throws).
 * - In memory, bounded: an answer lives `ttlMs` after it was given; at most `maxEntries` answers and
 *   `maxBytes` of them (their JSON), the oldest going first. Requests still running are never dropped.
 */
import { createHash } from 'node:crypto'
import { HttpError } from './http.ts'

export interface ReplayLimits {
  ttlMs: number
  maxEntries: number
  maxBytes: number
}

interface Replayed<T> {
  value: T
  /** True when this is a repeat answered from the first request's answer. */
  replayed: boolean
}

export interface ReplayStore {
  /**
   * Runs `execute` for the first request with `key`; a repeat (same key and fingerprint) gets the
   * first's value, or its HttpError, without running it. Values must be JSON (they are kept as JSON).
   */
  run<T>(request: { key: string; fingerprint: string }, execute: () => T | Promise<T>): Promise<Replayed<T>>
}

type Outcome = { kind: 'answer'; json: string } | { kind: 'refused'; error: HttpError }

interface Entry {
  fingerprint: string
  outcome: Promise<Outcome>
  /** Infinity while the first request runs. */
  expiresAt: number
  bytes: number
}

/** What identifies a request besides its id: the path and a digest of its data. */
export function requestFingerprint(path: string, data: unknown): string {
  return `${path} ${createHash('sha256').update(JSON.stringify(data) ?? '').digest('base64url')}`
}

export function createReplayStore(now: () => number, limits: ReplayLimits): ReplayStore {
  const entries = new Map<string, Entry>()
  let bytes = 0

  function drop(key: string, entry: Entry): void {
    if (entries.get(key) !== entry) return
    entries.delete(key)
    bytes -= entry.bytes
  }

  function prune(): void {
    const at = now()
    // Insertion order is roughly age order: stop at the first answer still fresh.
    for (const [key, entry] of entries) {
      if (entry.expiresAt === Infinity) continue
      if (entry.expiresAt > at) break
      drop(key, entry)
    }
    for (const [key, entry] of entries) {
      if (entries.size <= limits.maxEntries && bytes <= limits.maxBytes) break
      if (entry.expiresAt !== Infinity) drop(key, entry)
    }
  }

  async function repeat<T>(entry: Entry): Promise<Replayed<T>> {
    const outcome = await entry.outcome
    if (outcome.kind === 'refused') throw outcome.error
    return { value: JSON.parse(outcome.json) as T, replayed: true }
  }

  return {
    run<T>({ key, fingerprint }: { key: string; fingerprint: string }, execute: () => T | Promise<T>): Promise<Replayed<T>> {
      prune()
      const existing = entries.get(key)
      if (existing) {
        if (existing.fingerprint !== fingerprint) {
          return Promise.reject(new HttpError(422, 'X-Request-Id: already used for another request'))
        }
        return repeat<T>(existing)
      }
      // Registered before anything is awaited, so a repeat arriving while this runs finds it.
      const first = Promise.resolve().then(execute)
      const entry: Entry = { fingerprint, expiresAt: Infinity, bytes: 0, outcome: Promise.resolve({ kind: 'answer', json: 'null' }) }
      const settle = (outcome: Outcome, size: number): Outcome => {
        entry.expiresAt = now() + limits.ttlMs
        entry.bytes = key.length + size
        if (entries.get(key) === entry) bytes += entry.bytes
        prune()
        return outcome
      }
      entry.outcome = first.then(
        (value) => {
          const json = JSON.stringify(value) ?? 'null'
          return settle({ kind: 'answer', json }, json.length)
        },
        (error: unknown) => {
          if (error instanceof HttpError) return settle({ kind: 'refused', error }, error.message.length)
          drop(key, entry)
          throw error
        },
      )
      // A crash is the first request's to report; waiting repeats get it too, nobody else.
      entry.outcome.catch(() => {})
      entries.set(key, entry)
      return first.then((value) => ({ value, replayed: false }))
    },
  }
}
