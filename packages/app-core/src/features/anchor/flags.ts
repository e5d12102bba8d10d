import { FLAGS_DIR, FLAG_COUNTRIES } from '../../constants'

export type FlagCode = (typeof FLAG_COUNTRIES)[number] | 'GLOBAL'

const KNOWN = new Set<string>(FLAG_COUNTRIES)

/** SPEC §9: the flag shown for a country code; anything outside the list shows the global flag. */
export function flagFor(country: string | null | undefined): FlagCode {
  const code = (country ?? '').trim().toUpperCase()
  return KNOWN.has(code) ? (code as FlagCode) : 'GLOBAL'
}

/**
 * The picture of a country's flag as the app serves it (`<base>/flags/<CODE>.svg`, written by
 * vite/flagsPlugin.ts); none for the global flag, which is drawn as a globe.
 */
export function flagSrc(code: FlagCode): string | undefined {
  if (code === 'GLOBAL') return undefined
  // Outside a Vite build (the published library in another bundler) the base is the site root.
  const base = import.meta.env?.BASE_URL ?? '/'
  return `${base}${FLAGS_DIR}/${code}.svg`
}
