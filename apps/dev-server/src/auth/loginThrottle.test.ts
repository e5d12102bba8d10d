import { describe, expect, it } from 'vitest'
import { addressKey, createLoginThrottle, type LoginAttempt } from './loginThrottle.ts'

const SECOND = 1000
const MINUTE = 60 * SECOND

function throttleAt(start = Date.UTC(2025, 5, 10, 12, 0, 0)) {
  const clock = { now: start }
  const throttle = createLoginThrottle(() => clock.now)
  const attempt = (uid: string, valid: boolean, address = '127.0.0.1'): Promise<LoginAttempt> =>
    throttle.attempt({ uid, address }, () => Promise.resolve(valid))
  return { clock, attempt }
}

describe('createLoginThrottle', () => {
  it('locks a uid after 5 wrong passwords for 30 s, then twice as long for every further one, up to 15 minutes', async () => {
    const { clock, attempt } = throttleAt()
    for (let i = 0; i < 5; i++) expect(await attempt('100001', false)).toEqual({ outcome: 'wrong' })
    expect(await attempt('100001', true)).toEqual({ outcome: 'throttled', retryAfterSeconds: 30 })
    const locks: number[] = []
    for (let i = 0; i < 7; i++) {
      const refused = await attempt('100001', false)
      if (refused.outcome !== 'throttled') throw new Error('expected a lock')
      locks.push(refused.retryAfterSeconds)
      clock.now += refused.retryAfterSeconds * SECOND
      // Each wrong password once the lock is over locks again at once.
      expect(await attempt('100001', false)).toEqual({ outcome: 'wrong' })
    }
    expect(locks).toEqual([30, 60, 120, 240, 480, 900, 900])
  })

  it('counts only the failures of the last 15 minutes', async () => {
    const { clock, attempt } = throttleAt()
    for (let i = 0; i < 4; i++) await attempt('100001', false)
    clock.now += 15 * MINUTE
    for (let i = 0; i < 4; i++) expect(await attempt('100001', false)).toEqual({ outcome: 'wrong' })
    expect(await attempt('100001', true)).toEqual({ outcome: 'signed-in' })
  })

  it('forgets a lock run after a whole quiet window past its last lock', async () => {
    const { clock, attempt } = throttleAt()
    for (let i = 0; i < 5; i++) await attempt('100001', false)
    clock.now += 30 * SECOND + 15 * MINUTE
    // A fresh allowance: four wrong passwords pass as wrong, not as locks.
    for (let i = 0; i < 4; i++) expect(await attempt('100001', false)).toEqual({ outcome: 'wrong' })
  })

  it('gives an address 20 failures across uids, then refuses every uid from it while other addresses still get in', async () => {
    const { attempt } = throttleAt()
    for (let i = 0; i < 20; i++) expect(await attempt(`30000${i % 5}`, false, '10.0.0.7')).toEqual({ outcome: 'wrong' })
    expect(await attempt('100002', true, '10.0.0.7')).toMatchObject({ outcome: 'throttled' })
    expect(await attempt('100002', true, '10.0.0.8')).toEqual({ outcome: 'signed-in' })
  })

  it('checks a burst of simultaneous attempts one after the other, so the burst cannot outrun the count', async () => {
    const { attempt } = throttleAt()
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => attempt('100001', false)))
    expect(outcomes.filter((outcome) => outcome.outcome === 'wrong')).toHaveLength(5)
    expect(outcomes.filter((outcome) => outcome.outcome === 'throttled')).toHaveLength(7)
  })
})

describe('addressKey', () => {
  it('keys IPv4 by address (also IPv4-mapped) and IPv6 by its /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9')
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9')
    expect(addressKey('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64')
    expect(addressKey('2001:0DB8:0000:0001:bbbb:cccc:dddd:eeee')).toBe('2001:db8:0:1::/64')
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
  })
})
