import { CURRENT_LANGUAGE_KEY, DEFAULT_LANGUAGE } from './constants'
import type { SupportedLanguage } from './constants'
import { isSupportedLanguage, primarySubtag } from './languages'

/** The part of `Storage` the language code needs (localStorage in the browser). */
export type LanguageStorage = Pick<Storage, 'getItem' | 'setItem'>

export type DetectLanguageInput = {
  /** Where the user's choice is saved; `null`/absent when storage is unavailable. */
  storage?: Pick<Storage, 'getItem'> | null
  /**
   * Browser languages, most preferred first (`[navigator.language]`). Only the first one counts,
   * as the product reads the browser language, not the whole preference list.
   */
  navigatorLanguages?: readonly string[]
}

function readStored(storage: Pick<Storage, 'getItem'> | null | undefined): string | null {
  if (!storage) return null
  try {
    return storage.getItem(CURRENT_LANGUAGE_KEY)
  } catch {
    // Storage can throw (privacy modes, blocked cookies): treat as nothing saved.
    return null
  }
}

/**
 * Language to start with: the saved choice if it is supported; otherwise the primary subtag of
 * the browser language if supported; otherwise English. Pure: all inputs are passed in.
 */
export function detectLanguage({ storage, navigatorLanguages = [] }: DetectLanguageInput = {}): SupportedLanguage {
  const stored = readStored(storage)
  if (isSupportedLanguage(stored)) return stored
  const browser = navigatorLanguages[0]
  if (browser !== undefined) {
    const primary = primarySubtag(browser)
    if (isSupportedLanguage(primary)) return primary
  }
  return DEFAULT_LANGUAGE
}

/** Saves the user's choice; storage failures are ignored (the choice then lasts one visit). */
export function saveLanguage(storage: Pick<Storage, 'setItem'> | null | undefined, lng: SupportedLanguage): void {
  if (!storage) return
  try {
    storage.setItem(CURRENT_LANGUAGE_KEY, lng)
  } catch {
    // Quota or privacy mode: the language still changes for this visit.
  }
}

/** `window.localStorage` when it can be used, else null. */
export function browserStorage(): LanguageStorage | null {
  try {
    return typeof globalThis.localStorage === 'undefined' ? null : globalThis.localStorage
  } catch {
    return null
  }
}

/** `[navigator.language]` in a browser, `[]` elsewhere. */
export function browserLanguages(): readonly string[] {
  const nav = globalThis.navigator as Navigator | undefined
  return nav?.language ? [nav.language] : []
}
