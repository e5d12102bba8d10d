import i18next from 'i18next'
import type { BackendModule, i18n as I18n, ReadCallback } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { DEFAULT_LANGUAGE, DEFAULT_NAMESPACE, NAMESPACES, START_NAMESPACES, SUPPORTED_LANGUAGES } from './constants'
import type { Namespace, SupportedLanguage } from './constants'
import { browserLanguages, browserStorage, detectLanguage, saveLanguage } from './detect'
import type { LanguageStorage } from './detect'
import { directionOf, intlLocaleOf, isSupportedLanguage } from './languages'
import { loadLocale } from './locales'

export type { I18n }

/** Loads one namespace of one language; defaults to the bundled `loadLocale`. */
export type LoadNamespace = (lng: SupportedLanguage, ns: Namespace) => Promise<Record<string, unknown>>

/** The part of `Document` whose language and direction we set. */
export type DocumentLike = { documentElement: { lang: string; dir: string } }

export type CreateI18nOptions = {
  /** Start language; when absent it is detected (saved choice → browser → English). */
  language?: SupportedLanguage
  /** Where the choice is read from and saved; defaults to localStorage when available. */
  storage?: LanguageStorage | null
  /** Browser languages for detection; defaults to `[navigator.language]`. */
  navigatorLanguages?: readonly string[]
  loadNamespace?: LoadNamespace
  /**
   * Language whose texts fill keys missing in the active one (default 'en'). It is loaded at
   * start too unless it is the active language; `false` loads strictly the active language.
   */
  fallbackLanguage?: SupportedLanguage | false
  /** Document to set `lang`/`dir` on at start; defaults to the global document, `null` for none. */
  document?: DocumentLike | null
}

function createBackend(load: LoadNamespace): BackendModule {
  return {
    type: 'backend',
    callbackApi: true,
    init() {},
    read(language: string, namespace: string, callback: ReadCallback) {
      if (!isSupportedLanguage(language) || !(NAMESPACES as readonly string[]).includes(namespace)) {
        callback(new Error(`Unsupported language or namespace: ${language}/${namespace}`), false)
        return
      }
      load(language, namespace as Namespace).then(
        (data) => callback(null, data),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
      )
    },
  }
}

function defaultDocument(): DocumentLike | null {
  return typeof globalThis.document === 'undefined' ? null : globalThis.document
}

/** Sets `<html lang dir>` for a language (`zh` → `lang="zh-Hant"`; `ar`, `he` → `dir="rtl"`). */
export function applyDocumentLanguage(lng: SupportedLanguage, doc: DocumentLike | null = defaultDocument()): void {
  if (!doc) return
  doc.documentElement.lang = intlLocaleOf(lng)
  doc.documentElement.dir = directionOf(lng)
}

/**
 * Creates and initialises an i18next instance (with react-i18next bound, so `useTranslation`
 * works with or without an `I18nextProvider`). Only the start language's namespaces (plus the
 * fallback language's) are loaded; other languages load when `changeLanguage` asks for them.
 */
export async function createI18n(options: CreateI18nOptions = {}): Promise<I18n> {
  const storage = options.storage === undefined ? browserStorage() : options.storage
  const language =
    options.language ??
    detectLanguage({ storage, navigatorLanguages: options.navigatorLanguages ?? browserLanguages() })
  const fallback = options.fallbackLanguage ?? DEFAULT_LANGUAGE
  const instance = i18next.createInstance()
  instance.use(createBackend(options.loadNamespace ?? loadLocale)).use(initReactI18next)
  await instance.init({
    lng: language,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    fallbackLng: fallback,
    load: 'languageOnly',
    ns: [...START_NAMESPACES],
    defaultNS: DEFAULT_NAMESPACE,
    fallbackNS: 'common',
    interpolation: { escapeValue: false }, // React escapes rendered text itself
    returnNull: false,
    react: { useSuspense: false },
  })
  applyDocumentLanguage(language, options.document === undefined ? defaultDocument() : options.document)
  return instance
}

export type ChangeLanguageOptions = {
  /** Where the choice is saved; defaults to localStorage when available. */
  storage?: LanguageStorage | null
  /** Document to update; defaults to the global document, `null` for none. */
  document?: DocumentLike | null
}

/**
 * Switches language: saves the choice under CURRENT_LANGUAGE_KEY, loads the language's
 * resources if needed, then sets `<html lang dir>`.
 */
export async function changeLanguage(
  i18n: I18n,
  lng: SupportedLanguage,
  options: ChangeLanguageOptions = {},
): Promise<void> {
  if (!isSupportedLanguage(lng)) throw new Error(`Unsupported language: ${String(lng)}`)
  saveLanguage(options.storage === undefined ? browserStorage() : options.storage, lng)
  await i18n.changeLanguage(lng)
  applyDocumentLanguage(lng, options.document === undefined ? defaultDocument() : options.document)
}
