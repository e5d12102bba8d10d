import { describe, expect, it } from 'vitest'
import { TOKEN_EXPIRY_BUFFER_MS } from './constants'
import { isTokenExpiring } from './token'

describe('isTokenExpiring', () => {
  const now = 1_700_000_000_000
  it('is false with an hour or more left', () => {
    expect(TOKEN_EXPIRY_BUFFER_MS).toBe(3_600_000)
    expect(isTokenExpiring(now + 3_600_000, now)).toBe(false)
    expect(isTokenExpiring(now + 7 * 24 * 3_600_000, now)).toBe(false)
  })
  it('is true with less than an hour left or when expired', () => {
    expect(isTokenExpiring(now + 3_599_999, now)).toBe(true)
    expect(isTokenExpiring(now, now)).toBe(true)
    expect(isTokenExpiring(now - 1, now)).toBe(true)
  })
})
