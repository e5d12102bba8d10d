import { describe, expect, it } from 'vitest'
import { NAMESPACES, SUPPORTED_LANGUAGES } from './constants'
import type { SupportedLanguage } from './constants'
import { LOCALE_LOADERS, loadLocale } from './locales'

const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' })

/** Every namespace must be complete in every language: each English key, non-empty, in each of the 15. */
const COMPLETE_LANGUAGES: readonly SupportedLanguage[] = SUPPORTED_LANGUAGES

/**
 * Texts that may legitimately read exactly as in English in another language; any other identical text
 * counts as left untranslated. Texts made only of placeholders, digits and punctuation are always allowed.
 */
const SAME_AS_ENGLISH: { readonly everywhere: readonly string[] } & Partial<Record<SupportedLanguage, readonly string[]>> = {
  // Universal UI token, payment-system brand (UPI, India) and the card-expiry format printed on cards.
  everywhere: ['OK', 'UPI', 'UPI ID', 'MM/YY'],
  // Loanwords these languages use as such in apps (the product keeps "Match" as a feature name;
  // "online" lower-case is the conversation header's presence line, as messengers write it there).
  pt: ['Chat', 'E-mail', 'Match', 'Matches', 'Online', 'online', 'Offline', 'Popular'],
  it: ['Account', 'Chat', 'E-mail', 'Match', 'Online', 'online', 'Offline', 'Password', 'Privacy', 'Video'],
  es: ['Chat', 'Match', 'Matches', 'Popular', 'Sticker'],
  id: ['Chat', 'Match', 'Online', 'online', 'Offline', 'Video'],
  de: ['Chat', 'Match', 'Matches', 'Name', 'Online', 'online', 'Offline', 'Sticker', 'Video'],
  // French words spelled like the English ones.
  fr: ['E-mail', 'Match', 'Message', 'Messages', 'Notifications', 'Photo', 'Questions'],
  tr: ['Video'],
}

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

  /** The plural forms i18next looks up in a language (CLDR categories, e.g. ja: other; he: one, two, other). */
  const pluralForms = (lng: SupportedLanguage) =>
    new Intl.PluralRules(lng === 'zh' ? 'zh-Hant' : lng).resolvedOptions().pluralCategories

  /** English keys as a language must have them: plural keys (key_one/key_other) in that language's own forms. */
  function requiredKeys(lng: SupportedLanguage, ns: string): string[] {
    const en = resource('en', ns)
    const keys = new Set<string>()
    for (const key of en.keys()) {
      const plural = PLURAL_SUFFIX.exec(key)
      if (plural && en.has(`${plural[1]}_other`)) for (const form of pluralForms(lng)) keys.add(`${plural[1]}_${form}`)
      else keys.add(key)
    }
    return [...keys]
  }

  function missingKeys(lng: SupportedLanguage, ns: string): string[] {
    const other = resource(lng, ns)
    return requiredKeys(lng, ns).filter((k) => {
      const v = other.get(k)
      return typeof v !== 'string' || v.trim() === ''
    })
  }

  const required = COMPLETE_LANGUAGES.flatMap((l) => NAMESPACES.map((ns) => [l, ns] as const))

  it.each(required)('every English key exists non-empty in %s/%s', (lng, ns) => {
    expect(missingKeys(lng, ns)).toEqual([])
  })

  /** English text of a key of another language (a plural form maps to English key_other, or key_one for _one). */
  function englishText(en: Map<string, unknown>, key: string): unknown {
    if (en.has(key)) return en.get(key)
    const plural = PLURAL_SUFFIX.exec(key)
    return plural ? en.get(`${plural[1]}_other`) : undefined
  }

  const onlyPlaceholders = (text: string) => !/\p{L}/u.test(text.replace(/{{\s*\w+\s*}}/g, ''))

  it.each(SUPPORTED_LANGUAGES.filter((l) => l !== 'en').flatMap((l) => NAMESPACES.map((ns) => [l, ns] as const)))(
    '%s/%s has no text left in English',
    (lng, ns) => {
      const en = resource('en', ns)
      const allowed = new Set([...SAME_AS_ENGLISH.everywhere, ...(SAME_AS_ENGLISH[lng] ?? [])])
      const untranslated = [...resource(lng, ns)].filter(
        ([key, text]) => typeof text === 'string' && text === englishText(en, key) && !onlyPlaceholders(text) && !allowed.has(text),
      )
      expect(untranslated).toEqual([])
    },
  )

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
