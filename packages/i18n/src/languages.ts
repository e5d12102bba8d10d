import { INTL_LOCALES, RTL_LANGUAGES, SUPPORTED_LANGUAGES } from './constants'
import type { SupportedLanguage } from './constants'

export type TextDirection = 'ltr' | 'rtl'

export function isSupportedLanguage(value: unknown): value is SupportedLanguage {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value)
}

/** True for Arabic and Hebrew (also when given with a region, e.g. `ar-EG`). */
export function isRtl(lng: string): boolean {
  return (RTL_LANGUAGES as readonly string[]).includes(primarySubtag(lng))
}

export function directionOf(lng: string): TextDirection {
  return isRtl(lng) ? 'rtl' : 'ltr'
}

/** Tag to pass to `Intl.*` and to `<html lang>`: `zh` → `zh-Hant`, others unchanged. */
export function intlLocaleOf(lng: SupportedLanguage): string {
  return lng in INTL_LOCALES ? INTL_LOCALES[lng as keyof typeof INTL_LOCALES] : lng
}

/** Obsolete ISO 639 codes some browsers still report. */
const LEGACY_CODES: Readonly<Record<string, string>> = { iw: 'he', in: 'id', ji: 'yi' }

/** `pt-BR` → `pt`, `zh_TW` → `zh`, `iw` → `he`. */
export function primarySubtag(tag: string): string {
  const primary = tag.trim().split(/[-_]/)[0]?.toLowerCase() ?? ''
  return LEGACY_CODES[primary] ?? primary
}
