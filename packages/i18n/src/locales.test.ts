import { describe, expect, it } from 'vitest'
import { NAMESPACES, SUPPORTED_LANGUAGES } from './constants'
import type { Namespace, SupportedLanguage } from './constants'
import { LOCALE_LOADERS, loadLocale } from './locales'

const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' })

/**
 * Languages whose every namespace must be complete. Screen texts are written in English and Arabic
 * first; widen this to SUPPORTED_LANGUAGES once the other languages' `app` files are finished.
 */
const COMPLETE_LANGUAGES: readonly SupportedLanguage[] = ['ar']

/** Namespaces that must be complete in all 15 languages already. */
const COMPLETE_EVERYWHERE: readonly Namespace[] = ['common']

function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>()
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v)
    }
  } else {
    out.set(prefix, value)
  }
  return out
}

function resource(lng: string, ns: string): Map<string, unknown> {
  const data = files[`../locales/${lng}/${ns}.json`]
  if (!data) throw new Error(`missing locales/${lng}/${ns}.json`)
  return flatten(data)
}

const PLURAL_SUFFIX = /^(.*)_(zero|one|two|few|many|other)$/

const placeholders = (text: unknown) => (typeof text === 'string' ? (text.match(/{{\s*\w+\s*}}/g) ?? []).sort() : [])

describe('locale files', () => {
  it('exist for every language and namespace, and nothing else', () => {
    const expected = SUPPORTED_LANGUAGES.flatMap((l) => NAMESPACES.map((ns) => `../locales/${l}/${ns}.json`)).sort()
    expect(Object.keys(files).sort()).toEqual(expected)
  })

  it('the loader map covers every language and namespace', () => {
    expect(Object.keys(LOCALE_LOADERS).sort()).toEqual([...SUPPORTED_LANGUAGES].sort())
    for (const lng of SUPPORTED_LANGUAGES) {
      expect(Object.keys(LOCALE_LOADERS[lng]).sort()).toEqual([...NAMESPACES].sort())
    }
  })

  it.each(SUPPORTED_LANGUAGES.flatMap((l) => NAMESPACES.map((ns) => [l, ns] as const)))(
    'loadLocale(%s, %s) returns that file',
    async (lng, ns) => {
      expect(await loadLocale(lng, ns)).toEqual(files[`../locales/${lng}/${ns}.json`])
    },
  )

  it('rejects an unknown language', async () => {
    await expect(loadLocale('xx' as SupportedLanguage, 'common')).rejects.toThrow(/No resources/)
  })

  it('English values are non-empty strings', () => {
    for (const ns of NAMESPACES) {
      for (const [key, value] of resource('en', ns)) {
        expect(typeof value === 'string' && value.trim() !== '', `en/${ns}:${key}`).toBe(true)
      }
    }
  })

  function missingKeys(lng: string, ns: string): string[] {
    const other = resource(lng, ns)
    return [...resource('en', ns).keys()].filter((k) => {
      const v = other.get(k)
      return typeof v !== 'string' || v.trim() === ''
    })
  }

  const required = [
    ...COMPLETE_LANGUAGES.flatMap((l) => NAMESPACES.map((ns) => [l, ns] as const)),
    ...SUPPORTED_LANGUAGES.filter((l) => l !== 'en' && !COMPLETE_LANGUAGES.includes(l)).flatMap((l) =>
      COMPLETE_EVERYWHERE.map((ns) => [l, ns] as const),
    ),
  ]

  it.each(required)('every English key exists non-empty in %s/%s', (lng, ns) => {
    expect(missingKeys(lng, ns)).toEqual([])
  })

  it.each(SUPPORTED_LANGUAGES.filter((l) => l !== 'en').flatMap((l) => NAMESPACES.map((ns) => [l, ns] as const)))(
    '%s/%s has no keys English lacks, no empty texts and the same placeholders',
    (lng, ns) => {
      const en = resource('en', ns)
      const other = resource(lng, ns)
      // i18next plurals: a language has the forms its plural rules need (Arabic zero…many, Hebrew two);
      // each must be a form of a key English has in its own forms (key_one / key_other).
      const englishOf = (key: string) => {
        if (en.has(key)) return key
        const plural = PLURAL_SUFFIX.exec(key)
        return plural && en.has(`${plural[1]}_other`) ? `${plural[1]}_other` : null
      }
      expect([...other.keys()].filter((k) => englishOf(k) === null)).toEqual([])
      for (const [key, text] of other) {
        expect(typeof text === 'string' && text.trim() !== '', `${lng}/${ns}:${key}`).toBe(true)
        const expected = placeholders(en.get(englishOf(key)!))
        // A plural form may spell its number out ('one gem', Arabic dual): {{count}} is optional there.
        const actual = placeholders(text)
        if (PLURAL_SUFFIX.test(key)) expect(actual.filter((p) => !/count/.test(p)), `${lng}/${ns}:${key}`).toEqual(expected.filter((p) => !/count/.test(p)))
        else expect(actual, `${lng}/${ns}:${key}`).toEqual(expected)
      }
    },
  )

  it('maintenance texts are the product wording', () => {
    expect(resource('en', 'app').get('maintenance.title')).toBe("sorry we're under maintenance")
    expect(resource('en', 'app').get('maintenance.message')).toBe('we apologize for the inconvenience')
    expect(resource('ar', 'app').get('maintenance.message')).toBe('نعتذر عن الإزعاج')
  })
})
