import { describe, expect, it } from 'vitest'
import { virtualStatusAt } from './virtualStatus'

/** A local-time moment today at h:m (the viewer's time zone, as the product shows it). */
const at = (h: number, m: number, s = 0) => new Date(2025, 4, 14, h, m, s)

describe('virtualStatusAt (SPEC §1, viewer local time)', () => {
  it.each([
    // boundary minute → status on the minute before and on the minute itself
    [0, 0, 'offline', 'sleeping'],
    [8, 0, 'sleeping', 'dining'],
    [9, 0, 'dining', 'outdoor'],
    [12, 0, 'outdoor', 'dining'],
    [13, 0, 'dining', 'private'],
    [15, 0, 'private', 'offline'],
    [17, 0, 'offline', 'dining'],
    [18, 0, 'dining', 'offline'],
  ] as const)('%i:%i switches from %s to %s', (h, m, before, after) => {
    const justBefore = h === 0 ? new Date(2025, 4, 13, 23, 59, 59) : at(h - 1, 59, 59)
    expect(virtualStatusAt(justBefore)).toBe(before)
    expect(virtualStatusAt(at(h, m))).toBe(after)
  })

  it('covers every minute of the day with the SPEC table', () => {
    const expected = (minute: number) => {
      const hour = minute / 60
      if (hour < 8) return 'sleeping'
      if (hour < 9) return 'dining'
      if (hour < 12) return 'outdoor'
      if (hour < 13) return 'dining'
      if (hour < 15) return 'private'
      if (hour < 17) return 'offline'
      if (hour < 18) return 'dining'
      return 'offline'
    }
    for (let minute = 0; minute < 24 * 60; minute += 1) {
      expect(virtualStatusAt(at(Math.floor(minute / 60), minute % 60))).toBe(expected(minute))
    }
  })

  it('reads the local clock, not UTC', () => {
    const local = at(10, 30)
    expect(virtualStatusAt(local)).toBe('outdoor')
    expect(local.getHours()).toBe(10)
  })
})
