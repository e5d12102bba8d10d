import { describe, expect, it } from 'vitest'
import { FILTER_WORDS, filterText } from './filter.ts'

describe('filterText (development word filter)', () => {
  it('clean text has no flags', () => {
    expect(filterText('Hello, how are you?')).toEqual({ sensitiveInfo: 0 })
  })

  it.each([
    ['vchat-discard', 1],
    ['vchat-sensitive', 2],
    ['vchat-offline', 4],
    ['vchat-porn', 8],
  ])('the test token %s sets bit %i', (token, bit) => {
    expect(filterText(`text with ${token} inside`).sensitiveInfo).toBe(bit)
  })

  it('matches whole words, case-insensitively, and combines bits', () => {
    expect(filterText('My WhatsApp and some PORN').sensitiveInfo).toBe(2 | 8)
    expect(filterText('pornography and telegrams').sensitiveInfo).toBe(0)
  })

  it('bit 8 comes with the text masked word by word', () => {
    expect(filterText('Nude pics, porn!')).toEqual({ sensitiveInfo: 8, replacement: '**** pics, ****!' })
  })

  it('every list is small and lower case', () => {
    for (const list of Object.values(FILTER_WORDS)) {
      expect(list.length).toBeLessThanOrEqual(5)
      for (const word of list) expect(word).toBe(word.toLowerCase())
    }
  })
})
