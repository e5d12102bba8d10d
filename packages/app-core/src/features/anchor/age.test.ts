import { describe, expect, it } from 'vitest'
import { ageFromBirthday } from './age'

const now = new Date(2025, 4, 14) // 14 May 2025, local

describe('ageFromBirthday (SPEC §5)', () => {
  it('counts whole years with month/day adjustment', () => {
    expect(ageFromBirthday('2000-05-14', now)).toBe(25) // birthday today
    expect(ageFromBirthday('2000-05-15', now)).toBe(24) // tomorrow
    expect(ageFromBirthday('2000-05-13', now)).toBe(25) // yesterday
    expect(ageFromBirthday('2000-06-01', now)).toBe(24) // later month
    expect(ageFromBirthday('2000-04-30', now)).toBe(25) // earlier month
  })

  it('handles 29 February', () => {
    expect(ageFromBirthday('2004-02-29', new Date(2025, 1, 28))).toBe(20)
    expect(ageFromBirthday('2004-02-29', new Date(2025, 2, 1))).toBe(21)
  })

  it('gives -1 for empty, invalid or future dates', () => {
    expect(ageFromBirthday('', now)).toBe(-1)
    expect(ageFromBirthday(null, now)).toBe(-1)
    expect(ageFromBirthday(undefined, now)).toBe(-1)
    expect(ageFromBirthday('not a date', now)).toBe(-1)
    expect(ageFromBirthday('2001-02-30', now)).toBe(-1)
    expect(ageFromBirthday('2001-13-01', now)).toBe(-1)
    expect(ageFromBirthday('2030-01-01', now)).toBe(-1)
  })
})
