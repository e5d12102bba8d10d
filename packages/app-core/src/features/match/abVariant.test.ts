import { describe, expect, it } from 'vitest'
import { abVariantFor } from './abVariant'

describe('abVariantFor', () => {
  it('gives swipe at and below 264457000', () => {
    expect(abVariantFor(264457000)).toBe('swipe')
    expect(abVariantFor(264456999)).toBe('swipe')
    expect(abVariantFor(100001)).toBe('swipe')
    expect(abVariantFor(0)).toBe('swipe')
  })

  it('splits by parity above 264457000', () => {
    expect(abVariantFor(264457001)).toBe('switch')
    expect(abVariantFor(264457002)).toBe('swipe')
    expect(abVariantFor('264457001')).toBe('switch')
    expect(abVariantFor('264457002')).toBe('swipe')
  })

  it('falls back to the default for a uid that is not a number', () => {
    expect(abVariantFor('abc')).toBe('swipe')
    expect(abVariantFor('')).toBe('swipe')
  })

  it('honours a brand default for users outside the split', () => {
    expect(abVariantFor(5, { splitAboveUid: 264457000, defaultVariant: 'switch' })).toBe('switch')
  })
})
