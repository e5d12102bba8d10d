import { describe, expect, it } from 'vitest'
import { CURRENT_LANGUAGE_KEY } from './constants'
import { detectLanguage, saveLanguage } from './detect'

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial))
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => {
      data.set(key, value)
    },
  }
}

const throwingStorage = {
  getItem: (): string | null => {
    throw new Error('SecurityError')
  },
  setItem: (): void => {
    throw new Error('QuotaExceededError')
  },
}

describe('detectLanguage', () => {
  it('the saved choice wins over the browser language', () => {
    const storage = memoryStorage({ [CURRENT_LANGUAGE_KEY]: 'ar' })
    expect(detectLanguage({ storage, navigatorLanguages: ['fr-FR'] })).toBe('ar')
  })

  it('uses the primary subtag of the browser language when nothing is saved', () => {
    expect(detectLanguage({ storage: memoryStorage(), navigatorLanguages: ['pt-BR'] })).toBe('pt')
    expect(detectLanguage({ storage: null, navigatorLanguages: ['zh-TW'] })).toBe('zh')
    expect(detectLanguage({ navigatorLanguages: ['he'] })).toBe('he')
  })

  it('ignores a saved value that is not supported', () => {
    const storage = memoryStorage({ [CURRENT_LANGUAGE_KEY]: 'xx' })
    expect(detectLanguage({ storage, navigatorLanguages: ['de-AT'] })).toBe('de')
    const regional = memoryStorage({ [CURRENT_LANGUAGE_KEY]: 'ar-EG' })
    expect(detectLanguage({ storage: regional, navigatorLanguages: [] })).toBe('en')
  })

  it('falls back to English when the browser language is unsupported or unknown', () => {
    expect(detectLanguage({ storage: memoryStorage(), navigatorLanguages: ['ru-RU'] })).toBe('en')
    expect(detectLanguage({ storage: memoryStorage(), navigatorLanguages: [] })).toBe('en')
    expect(detectLanguage()).toBe('en')
  })

  it('reads only the browser language, not the rest of the preference list', () => {
    expect(detectLanguage({ navigatorLanguages: ['ru-RU', 'fr-FR'] })).toBe('en')
  })

  it('treats storage that throws as empty', () => {
    expect(detectLanguage({ storage: throwingStorage, navigatorLanguages: ['ja-JP'] })).toBe('ja')
  })
})

describe('saveLanguage', () => {
  it('writes the choice under CURRENT_LANGUAGE_KEY', () => {
    const storage = memoryStorage()
    saveLanguage(storage, 'ko')
    expect(storage.data.get(CURRENT_LANGUAGE_KEY)).toBe('ko')
    expect(detectLanguage({ storage, navigatorLanguages: ['en-US'] })).toBe('ko')
  })

  it('survives storage that throws or is missing', () => {
    expect(() => saveLanguage(throwingStorage, 'ko')).not.toThrow()
    expect(() => saveLanguage(null, 'ko')).not.toThrow()
  })
})
