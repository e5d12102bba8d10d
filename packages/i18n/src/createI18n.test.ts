import { describe, expect, it, vi } from 'vitest'
import { CURRENT_LANGUAGE_KEY } from './constants'
import type { Namespace, SupportedLanguage } from './constants'
import { applyDocumentLanguage, changeLanguage, createI18n } from './createI18n'
import type { DocumentLike } from './createI18n'

function fakeDocument(): DocumentLike {
  return { documentElement: { lang: '', dir: '' } }
}

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

/** Loader spy serving small in-memory resources. */
function spyLoader() {
  const texts: Record<string, Partial<Record<Namespace, Record<string, unknown>>>> = {
    en: { common: { retry: 'Retry', close: 'Close' }, app: { logout: 'Log out', only: 'English only' } },
    ar: { common: { retry: 'إعادة المحاولة', close: 'إغلاق' }, app: { logout: 'تسجيل الخروج' } },
    fr: { common: { retry: 'Réessayer', close: 'Fermer' }, app: { logout: 'Se déconnecter' } },
  }
  return vi.fn(async (lng: SupportedLanguage, ns: Namespace) => texts[lng]?.[ns] ?? {})
}

const loadedLanguages = (loader: ReturnType<typeof spyLoader>) =>
  [...new Set(loader.mock.calls.map(([lng]) => lng))].sort()

describe('createI18n', () => {
  it('loads only the active language at start', async () => {
    const loader = spyLoader()
    const i18n = await createI18n({ language: 'en', loadNamespace: loader, storage: null, document: null })
    expect(i18n.language).toBe('en')
    expect(loader.mock.calls.map((c) => c.join('/')).sort()).toEqual(['en/app', 'en/common'])
  })

  it('starting in another language loads it plus the English fallback, nothing else', async () => {
    const loader = spyLoader()
    const i18n = await createI18n({ language: 'ar', loadNamespace: loader, storage: null, document: null })
    expect(loadedLanguages(loader)).toEqual(['ar', 'en'])
    expect(i18n.t('logout')).toBe('تسجيل الخروج')
    expect(i18n.t('only')).toBe('English only') // missing in ar → English
  })

  it('fallbackLanguage: false loads strictly the active language', async () => {
    const loader = spyLoader()
    await createI18n({ language: 'ar', fallbackLanguage: false, loadNamespace: loader, storage: null, document: null })
    expect(loadedLanguages(loader)).toEqual(['ar'])
  })

  it('detects the start language from storage, then the browser', async () => {
    const loader = spyLoader()
    const stored = await createI18n({
      storage: memoryStorage({ [CURRENT_LANGUAGE_KEY]: 'fr' }),
      navigatorLanguages: ['ar-EG'],
      loadNamespace: loader,
      document: null,
    })
    expect(stored.language).toBe('fr')
    const browser = await createI18n({
      storage: memoryStorage(),
      navigatorLanguages: ['ar-EG'],
      loadNamespace: loader,
      document: null,
    })
    expect(browser.language).toBe('ar')
  })

  it('reads the app namespace by default and common as its fallback', async () => {
    const i18n = await createI18n({ language: 'en', loadNamespace: spyLoader(), storage: null, document: null })
    expect(i18n.t('logout')).toBe('Log out')
    expect(i18n.t('retry')).toBe('Retry')
    expect(i18n.t('common:close')).toBe('Close')
  })

  it('sets <html lang dir> for the start language', async () => {
    const doc = fakeDocument()
    await createI18n({ language: 'he', loadNamespace: spyLoader(), storage: null, document: doc })
    expect(doc.documentElement).toEqual({ lang: 'he', dir: 'rtl' })
  })

  it('still starts when a resource fails to load (keys show instead of texts)', async () => {
    const failing = vi.fn(async () => {
      throw new Error('offline')
    })
    const i18n = await createI18n({ language: 'en', loadNamespace: failing, storage: null, document: null })
    expect(i18n.t('logout')).toBe('logout')
  })

  it('works with the bundled locale files', async () => {
    const i18n = await createI18n({ language: 'ar', storage: null, document: null })
    expect(i18n.t('maintenance.message')).toBe('نعتذر عن الإزعاج')
    expect(i18n.t('common:retry')).toBe('إعادة المحاولة')
  })
})

describe('changeLanguage', () => {
  it('loads the new language on demand, saves the choice and sets lang/dir', async () => {
    const loader = spyLoader()
    const storage = memoryStorage()
    const doc = fakeDocument()
    const i18n = await createI18n({ language: 'en', loadNamespace: loader, storage, document: doc })
    expect(loadedLanguages(loader)).toEqual(['en'])
    expect(doc.documentElement).toEqual({ lang: 'en', dir: 'ltr' })

    await changeLanguage(i18n, 'ar', { storage, document: doc })
    expect(loadedLanguages(loader)).toEqual(['ar', 'en'])
    expect(i18n.language).toBe('ar')
    expect(i18n.t('logout')).toBe('تسجيل الخروج')
    expect(storage.data.get(CURRENT_LANGUAGE_KEY)).toBe('ar')
    expect(doc.documentElement).toEqual({ lang: 'ar', dir: 'rtl' })

    await changeLanguage(i18n, 'fr', { storage, document: doc })
    expect(doc.documentElement).toEqual({ lang: 'fr', dir: 'ltr' })
    expect(loader.mock.calls.filter(([lng]) => lng === 'ar')).toHaveLength(2) // each namespace once
  })

  it('rejects an unsupported language without saving it', async () => {
    const storage = memoryStorage()
    const i18n = await createI18n({ language: 'en', loadNamespace: spyLoader(), storage, document: null })
    await expect(changeLanguage(i18n, 'xx' as SupportedLanguage, { storage, document: null })).rejects.toThrow(
      /Unsupported language/,
    )
    expect(storage.data.has(CURRENT_LANGUAGE_KEY)).toBe(false)
    expect(i18n.language).toBe('en')
  })
})

describe('applyDocumentLanguage', () => {
  it('uses zh-Hant as lang for traditional Chinese', () => {
    const doc = fakeDocument()
    applyDocumentLanguage('zh', doc)
    expect(doc.documentElement).toEqual({ lang: 'zh-Hant', dir: 'ltr' })
  })

  it('does nothing without a document', () => {
    expect(() => applyDocumentLanguage('ar', null)).not.toThrow()
  })
})

describe('area namespaces', () => {
  it('loads an area namespace only when it is first asked for', async () => {
    const loader = spyLoader()
    const i18n = await createI18n({ language: 'en', loadNamespace: loader, storage: null, document: null })
    expect(loader.mock.calls.some(([, ns]) => ns === 'chat')).toBe(false)
    await i18n.loadNamespaces('chat')
    expect(loader.mock.calls.map((c) => c.join('/'))).toContain('en/chat')
  })
})
