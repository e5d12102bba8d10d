/** Interface languages, in the order the product lists them. `zh` is traditional Chinese. */
export const SUPPORTED_LANGUAGES = [
  'en',
  'hi',
  'pt',
  'ar',
  'tr',
  'it',
  'es',
  'id',
  'de',
  'fr',
  'ja',
  'zh',
  'ko',
  'bn',
  'he',
] as const

export type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number]

/** Each language's name in its own script (never translated). */
export const LANGUAGE_NATIVE_NAMES = {
  en: 'English',
  hi: 'हिन्दी',
  pt: 'Português',
  ar: 'العربية',
  tr: 'Türkçe',
  it: 'Italiano',
  es: 'Español',
  id: 'Bahasa Indonesia',
  de: 'Deutsch',
  fr: 'Français',
  ja: '日本語',
  zh: '繁體中文',
  ko: '한국어',
  bn: 'বাংলা',
  he: 'עברית',
} as const satisfies Record<SupportedLanguage, string>

/** Languages written right to left; every other supported language is left to right. */
export const RTL_LANGUAGES = ['ar', 'he'] as const satisfies readonly SupportedLanguage[]

/** BCP-47 tags for `Intl` where the interface code is not precise enough. */
export const INTL_LOCALES = {
  zh: 'zh-Hant',
} as const satisfies Partial<Record<SupportedLanguage, string>>

/** Used when neither a saved choice nor the browser language is supported. */
export const DEFAULT_LANGUAGE = 'en' satisfies SupportedLanguage

/** Local-storage key holding the language the user chose. */
export const CURRENT_LANGUAGE_KEY = 'vchat.currentLanguage'

/** Resource namespaces: `common` (generic words) and `app` (screen texts). */
/**
 * One namespace per product area, so each area's texts load with its screens (and translators can
 * work area by area): app = shell, login and small pages; discover = host lists, match, profiles and
 * social; chat = messages; call = video calls; wallet = coin store and payments; account = tasks,
 * settings and profile.
 */
export const NAMESPACES = ['common', 'app', 'discover', 'chat', 'call', 'wallet', 'account'] as const

export type Namespace = (typeof NAMESPACES)[number]

/** Loaded at start; every other namespace loads the first time a screen asks for it. */
export const START_NAMESPACES = ['common', 'app'] as const satisfies readonly Namespace[]

/** Namespace `t()` reads when none is given; keys missing there are looked up in `common`. */
export const DEFAULT_NAMESPACE = 'app' satisfies Namespace
