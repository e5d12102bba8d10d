import { describe, expect, it } from 'vitest'
import { LANGUAGE_NATIVE_NAMES, RTL_LANGUAGES, SUPPORTED_LANGUAGES } from './constants'
import { directionOf, intlLocaleOf, isRtl, isSupportedLanguage, primarySubtag } from './languages'

describe('languages', () => {
  it('lists the 15 interface languages in product order', () => {
    expect(SUPPORTED_LANGUAGES).toEqual(['en', 'hi', 'pt', 'ar', 'tr', 'it', 'es', 'id', 'de', 'fr', 'ja', 'zh', 'ko', 'bn', 'he'])
  })

  it('names every language in its own script', () => {
    expect(Object.keys(LANGUAGE_NATIVE_NAMES).sort()).toEqual([...SUPPORTED_LANGUAGES].sort())
    expect(LANGUAGE_NATIVE_NAMES.ar).toBe('العربية')
    expect(LANGUAGE_NATIVE_NAMES.zh).toBe('繁體中文')
    expect(LANGUAGE_NATIVE_NAMES.hi).toBe('हिन्दी')
    expect(LANGUAGE_NATIVE_NAMES.he).toBe('עברית')
  })

  it('only Arabic and Hebrew are right to left', () => {
    expect(RTL_LANGUAGES).toEqual(['ar', 'he'])
    const rtl = SUPPORTED_LANGUAGES.filter((l) => isRtl(l))
    expect(rtl).toEqual(['ar', 'he'])
    expect(directionOf('ar')).toBe('rtl')
    expect(directionOf('he')).toBe('rtl')
    expect(directionOf('ar-EG')).toBe('rtl')
    for (const l of SUPPORTED_LANGUAGES.filter((x) => x !== 'ar' && x !== 'he')) {
      expect(directionOf(l)).toBe('ltr')
    }
    expect(isRtl('fa')).toBe(false) // not a supported language
  })

  it('uses zh-Hant for Intl and keeps the other codes', () => {
    expect(intlLocaleOf('zh')).toBe('zh-Hant')
    expect(intlLocaleOf('pt')).toBe('pt')
    expect(new Intl.DisplayNames([intlLocaleOf('zh')], { type: 'language' }).of('zh-Hant')).toMatch(/中文/)
  })

  it('reads primary subtags, including legacy codes', () => {
    expect(primarySubtag('pt-BR')).toBe('pt')
    expect(primarySubtag('zh_TW')).toBe('zh')
    expect(primarySubtag('EN-us')).toBe('en')
    expect(primarySubtag('iw-IL')).toBe('he')
    expect(primarySubtag('in')).toBe('id')
  })

  it('recognises supported codes only', () => {
    expect(isSupportedLanguage('ko')).toBe(true)
    expect(isSupportedLanguage('ko-KR')).toBe(false)
    expect(isSupportedLanguage('xx')).toBe(false)
    expect(isSupportedLanguage(null)).toBe(false)
  })
})
