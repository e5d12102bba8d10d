import { describe, expect, it } from 'vitest'
import { FILTER_WORDS, LISTED_WORD, filterText, foldAscii, wordCharRanges } from './filter.ts'

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

  it('listed words are lower-case ASCII words, as the Lua module expects', () => {
    for (const list of Object.values(FILTER_WORDS)) for (const word of list) expect(word).toMatch(LISTED_WORD)
  })

  it('folds ASCII letters only: a look-alike letter never matches', () => {
    expect(foldAscii('SpamLink ÀÉ \u212A')).toBe('spamlink ÀÉ \u212A')
    // U+212A KELVIN SIGN lower-cases to "k" in JavaScript, but is not ASCII.
    expect(filterText('SPAMLIN\u212A').sensitiveInfo).toBe(0)
    expect(filterText('SPAMLINK').sensitiveInfo).toBe(1)
  })

  it('splits words at every character that is not a letter or a number, hyphens inside a word excepted', () => {
    expect(filterText('porn… «nude» porn😀').sensitiveInfo).toBe(8)
    expect(filterText('pornó 2porn porn_').replacement).toBe('pornó 2porn ****_')
    expect(filterText('-porn- buy--followers').sensitiveInfo).toBe(8)
    expect(filterText('nude-porn').sensitiveInfo).toBe(0)
  })

  it('publishes the word characters as sorted, disjoint code point ranges', () => {
    const ranges = wordCharRanges()
    const isWord = (code: number) => ranges.some(([first, last]) => first <= code && code <= last)
    for (let i = 1; i < ranges.length; i++) expect((ranges[i]?.[0] ?? 0) > (ranges[i - 1]?.[1] ?? 0) + 1).toBe(true)
    expect(['a', 'Z', '0', 'é', 'ж', 'ب', '٣', '中'].every((c) => isWord(c.codePointAt(0) ?? 0))).toBe(true)
    expect(['-', '_', ' ', '…', '«', '\u0301', '\u00ad'].some((c) => isWord(c.codePointAt(0) ?? 0))).toBe(false)
    expect(isWord(0x1d429)).toBe(true)
    expect(isWord(0x1f600)).toBe(false)
  })
})
