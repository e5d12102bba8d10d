import { FLAG_COUNTRIES } from '../../constants'

/** The flag emoji of a SPEC §9 country; the globe for any other (the global fallback). */
export function flagOf(country: string): string {
  const code = country.toUpperCase()
  if (!(FLAG_COUNTRIES as readonly string[]).includes(code)) return '🌐'
  return String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65))
}

/** The country's name in the interface language (Intl), or the code when unknown. */
export function countryName(country: string, language: string): string {
  if (!country) return ''
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(country.toUpperCase()) ?? country
  } catch {
    return country
  }
}
