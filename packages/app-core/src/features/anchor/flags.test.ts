import { describe, expect, it } from 'vitest'
import { FLAG_COUNTRIES } from '../../constants'
import { flagFor, flagSrc } from './flags'

describe('flagFor (SPEC §9)', () => {
  it('has exactly the 29 listed flags', () => {
    expect(FLAG_COUNTRIES).toEqual([
      'BH', 'OM', 'GB', 'SA', 'DE', 'AE', 'QA', 'KW', 'IN', 'FR', 'EG', 'US', 'AU', 'CA', 'DK',
      'IE', 'IT', 'NZ', 'CH', 'TR', 'BR', 'MX', 'PE', 'AT', 'SE', 'NO', 'ES', 'NL', 'NG',
    ])
    for (const code of FLAG_COUNTRIES) expect(flagFor(code)).toBe(code)
  })

  it('normalises case and spaces', () => {
    expect(flagFor(' sa ')).toBe('SA')
  })

  it('falls back to the global flag', () => {
    expect(flagFor('JP')).toBe('GLOBAL')
    expect(flagFor('')).toBe('GLOBAL')
    expect(flagFor(null)).toBe('GLOBAL')
    expect(flagFor('XX')).toBe('GLOBAL')
  })
})

describe('flagSrc', () => {
  it('is the served picture of a listed country, none for the global flag', () => {
    expect(flagSrc('SA')).toBe('/flags/SA.svg')
    expect(flagSrc(flagFor('xx'))).toBeUndefined()
  })
})
