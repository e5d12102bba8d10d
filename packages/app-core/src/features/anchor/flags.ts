import { FLAG_COUNTRIES } from '../../constants'

export type FlagCode = (typeof FLAG_COUNTRIES)[number] | 'GLOBAL'

const KNOWN = new Set<string>(FLAG_COUNTRIES)

/** SPEC §9: the flag shown for a country code; anything outside the list shows the global flag. */
export function flagFor(country: string | null | undefined): FlagCode {
  const code = (country ?? '').trim().toUpperCase()
  return KNOWN.has(code) ? (code as FlagCode) : 'GLOBAL'
}
