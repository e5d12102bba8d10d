import { describe, expect, it } from 'vitest'
import { coinTier, formatPrice } from './format'

// U+200F right-to-left marks are part of the Arabic locale conventions; the spaces Intl puts between
// code and amount are no-break spaces (U+00A0), written here as plain spaces.
const RLM = '\u200f'
const shown = (amount: number, currency: string) => formatPrice(amount, currency).replaceAll('\u00a0', ' ')

describe('formatPrice (SPEC §9)', () => {
  it.each([
    ['BHD', 1234.5, `${RLM}١٬٢٣٤٫٥٠ د.ب.${RLM}`],
    ['EGP', 1234.5, `${RLM}١٬٢٣٤٫٥٠ ج.م.${RLM}`],
    ['KWD', 1234.5, `${RLM}١٬٢٣٤٫٥٠ د.ك.${RLM}`],
    ['OMR', 1234.5, `${RLM}١٬٢٣٤٫٥٠ ر.ع.${RLM}`],
    ['QAR', 1234.5, `${RLM}١٬٢٣٤٫٥٠ ر.ق.${RLM}`],
    ['SAR', 3.75, `${RLM}٣٫٧٥ ر.س.${RLM}`],
    ['AED', 1234.5, `${RLM}1,234.50 د.إ.${RLM}`],
    ['EUR', 1234.5, '€1,234.50'],
    ['INR', 414.17, '₹414.17'],
    ['GBP', 3.9, '£3.90'],
    ['USD', 0.99, '$0.99'],
    ['TRY', 31.68, 'TRY 31.68'],
    ['CAD', 1.35, 'CA$1.35'],
    ['AUD', 1.5, 'A$1.50'],
    ['CHF', 0.89, 'CHF 0.89'],
    ['NZD', 1.63, 'NZ$1.63'],
    ['DKK', 6.83, 'DKK 6.83'],
    ['BRL', 5.05, 'R$5.05'],
    ['MXN', 16.83, 'MX$16.83'],
    ['PEN', 3.66, 'PEN 3.66'],
    ['SEK', 10.4, 'SEK 10.40'],
    ['NOK', 10.59, 'NOK 10.59'],
    ['NGN', 1485, 'NGN 1,485.00'],
    // any other currency: dollar format
    ['JPY', 150, '$150.00'],
    ['XYZ', 2.5, '$2.50'],
    // lower-case codes are the same currencies
    ['usd', 4.99, '$4.99'],
  ])('%s %d → %s', (currency, amount, expected) => {
    expect(shown(amount, currency)).toBe(expected)
  })

  it('always shows 2 decimals (rounding half away from zero)', () => {
    expect(formatPrice(1, 'USD')).toBe('$1.00')
    expect(formatPrice(1.005, 'EUR')).toBe('€1.01')
    expect(shown(0.304, 'KWD')).toBe(`${RLM}٠٫٣٠ د.ك.${RLM}`)
  })
})

describe('coinTier (SPEC §9)', () => {
  it.each([
    [0, 'base'],
    [60, 'base'],
    [299, 'base'],
    [300, 'small'],
    [699, 'small'],
    [700, 'medium'],
    [2999, 'medium'],
    [3000, 'large'],
    [8500, 'large'],
  ])('%d gems → %s', (gems, tier) => {
    expect(coinTier(gems)).toBe(tier)
  })
})
