/**
 * Password login throttling: wrong passwords are counted per uid and per client address, and past a
 * limit the uid (or the address) is locked for a time that doubles with every further failure. Without
 * it a script could try passwords as fast as scrypt answers (200 in 15 s, measured).
 *
 * - A uid is locked after 5 wrong passwords within 15 minutes, an address after 20 (larger: several
 *   people may sit behind one address; values in constants.ts, LOGIN_*). The first lock lasts 30 s;
 *   once locked, every further wrong password (after the lock ends) locks again for twice as long (60 s,
 *   120 s, …) up to 15 minutes: an attacker gets one guess per lock instead of a fresh allowance.
 * - A record is forgotten after a whole window without a failure since its last failure and the end of
 *   its last lock. A right password forgets its uid's record (the person is back); it does not forget
 *   the address's, or one valid account would let an address clear its count between guesses.
 * - While the uid or the address is locked, every attempt is refused without checking the password
 *   (even the right one): the answer says how many seconds remain.
 * - Unknown uids are counted and locked the same as existing ones, so a lock does not reveal whether
 *   a uid exists either.
 * - Attempts for the same uid or the same address run one after the other: counted in parallel, a
 *   burst of simultaneous guesses would all be checked before the first failure was recorded.
 * - Counts live in memory (a restart forgets them), on the server's clock (`AppContext.now`, which
 *   tests and `/dev/clock/advance` move). At most 10 000 uids and as many addresses are
 *   remembered; past that the least recently failed is forgotten first (the address allowance still
 *   holds a flood of made-up uids back).
 */
import {
  LOGIN_ADDRESS_FAILURE_LIMIT,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_FIRST_LOCK_MS,
  LOGIN_MAX_LOCK_MS,
  LOGIN_THROTTLE_MAX_ENTRIES,
  LOGIN_UID_FAILURE_LIMIT,
} from '../constants.ts'

const limits = {
  windowMs: LOGIN_FAILURE_WINDOW_MS,
  uidFailures: LOGIN_UID_FAILURE_LIMIT,
  addressFailures: LOGIN_ADDRESS_FAILURE_LIMIT,
  firstLockMs: LOGIN_FIRST_LOCK_MS,
  maxLockMs: LOGIN_MAX_LOCK_MS,
  maxEntries: LOGIN_THROTTLE_MAX_ENTRIES,
} as const

/** How one attempt ended: signed in, a wrong password (or unknown uid), or refused unchecked while locked. */
export type LoginAttempt = { outcome: 'signed-in' } | { outcome: 'wrong' } | { outcome: 'throttled'; retryAfterSeconds: number }

export interface LoginThrottle {
  /**
   * One login attempt for `uid` from `address`: refused as throttled while either is locked (then
   * `verify` is not called), else `verify()` decides and the failure or success is recorded.
   */
  attempt(who: { uid: string; address: string }, verify: () => Promise<boolean>): Promise<LoginAttempt>
}

interface FailureRecord {
  /** Times of the failures within the window (the last `limit` at most: all the rule needs). */
  failures: number[]
  /** Locks so far in this run of failures: the next lock lasts firstLockMs × 2^strikes. */
  strikes: number
  lockedUntil: number
}

/**
 * The key an address is counted under: an IPv4 address as such (also when written IPv4-mapped,
 * `::ffff:1.2.3.4`), an IPv6 address by its /64, since one host is usually handed a whole /64 and
 * could otherwise change address for every guess.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
  if (mapped?.[1]) return mapped[1]
  if (!address.includes(':')) return address
  const [head = '', tail] = (address.split('%')[0] ?? '').toLowerCase().split('::')
  const left = head === '' ? [] : head.split(':')
  const right = tail === undefined || tail === '' ? [] : tail.split(':')
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
  return `${groups
    .slice(0, 4)
    .map((group) => (/^[0-9a-f]{1,4}$/.test(group) ? Number.parseInt(group, 16).toString(16) : group))
    .join(':')}::/64`
}

/** Runs `task` once no earlier task holds any of `keys` (a per-key queue; keys taken in one order, so no deadlock). */
function createKeyedQueue() {
  const tails = new Map<string, Promise<void>>()
  async function acquire(key: string): Promise<() => void> {
    const before = tails.get(key) ?? Promise.resolve()
    let release = () => {}
    const mine = new Promise<void>((resolve) => {
      release = resolve
    })
    const tail = before.then(() => mine)
    tails.set(key, tail)
    await before
    return () => {
      release()
      if (tails.get(key) === tail) tails.delete(key)
    }
  }
  return async function exclusive<T>(keys: readonly string[], task: () => Promise<T>): Promise<T> {
    const releases: (() => void)[] = []
    try {
      for (const key of [...new Set(keys)].sort()) releases.push(await acquire(key))
      return await task()
    } finally {
      for (const release of releases) release()
    }
  }
}

export function createLoginThrottle(now: () => number): LoginThrottle {
  const uids = new Map<string, FailureRecord>()
  const addresses = new Map<string, FailureRecord>()
  const exclusive = createKeyedQueue()

  /** Quiet for a whole window since its last failure and the end of its last lock: forgotten. */
  const isStale = (record: FailureRecord, at: number) =>
    at >= Math.max(record.failures.at(-1) ?? 0, record.lockedUntil) + limits.windowMs

  function current(records: Map<string, FailureRecord>, key: string, at: number): FailureRecord | undefined {
    const record = records.get(key)
    if (record && isStale(record, at)) {
      records.delete(key)
      return undefined
    }
    return record
  }

  function lockLeftMs(records: Map<string, FailureRecord>, key: string, at: number): number {
    return Math.max(0, (current(records, key, at)?.lockedUntil ?? 0) - at)
  }

  function recordFailure(records: Map<string, FailureRecord>, key: string, limit: number, at: number): void {
    const record = current(records, key, at) ?? { failures: [], strikes: 0, lockedUntil: 0 }
    record.failures = [...record.failures.filter((time) => time > at - limits.windowMs), at].slice(-limit)
    if (record.failures.length >= limit || record.strikes > 0) {
      record.lockedUntil = at + Math.min(limits.firstLockMs * 2 ** record.strikes, limits.maxLockMs)
      record.strikes += 1
    }
    // Re-inserted so the map's order is least recently failed first, which is what goes when full.
    records.delete(key)
    records.set(key, record)
    if (records.size > limits.maxEntries) {
      for (const [staleKey, stale] of records) if (isStale(stale, at)) records.delete(staleKey)
      while (records.size > limits.maxEntries) {
        const oldest = records.keys().next()
        if (oldest.done) break
        records.delete(oldest.value)
      }
    }
  }

  return {
    attempt({ uid, address }, verify) {
      const addressId = addressKey(address)
      return exclusive([`uid ${uid}`, `address ${addressId}`], async (): Promise<LoginAttempt> => {
        const before = now()
        const waitMs = Math.max(lockLeftMs(uids, uid, before), lockLeftMs(addresses, addressId, before))
        if (waitMs > 0) return { outcome: 'throttled', retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) }
        const valid = await verify()
        const at = now()
        if (valid) {
          uids.delete(uid)
          return { outcome: 'signed-in' }
        }
        recordFailure(uids, uid, limits.uidFailures, at)
        recordFailure(addresses, addressId, limits.addressFailures, at)
        return { outcome: 'wrong' }
      })
    },
  }
}
