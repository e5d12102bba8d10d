import { SENSITIVE_DISCARD, SENSITIVE_OFFLINE, SENSITIVE_PORN, SENSITIVE_SENSITIVE } from '@vchat/contract'

/**
 * Development word filter. The dev-server is its authority: it publishes these rules to Prosody
 * (`filterRules.ts`), whose mod_vchat_filter applies them to every chat message between local users
 * and stamps the verdict on the stanza (SPEC §5 sensitive-info bits). The module's Lua matching gives
 * exactly the verdicts of `filterText` below for the same rules (an integration test compares both).
 *
 * Matching rules:
 * - A word is a run of word characters (a Unicode letter or number, `\p{L}` / `\p{N}`), runs joined
 *   by single hyphens counting as one word (`buy-followers`); everything else separates words.
 * - A word matches a listed word when they are equal after turning ASCII `A`–`Z` into `a`–`z` (only
 *   ASCII is folded: listed words are lower-case ASCII, so a word with any other character never
 *   matches).
 * - A message gets the sum of the bits of every list with a matching word.
 * - With a `masked` list matched (bit 8), `replacement` is the text with every word matching a masked
 *   list replaced by as many asterisks as it has characters; the rest of the text is kept as it is.
 *
 * Lists:
 * - bit 1 discard: spam the recipient never sees.
 * - bit 2 sensitive: moving the conversation or money off the platform; shown, flagged.
 * - bit 4 offline: asking to meet in person; never delivered.
 * - bit 8 porn: shown with the words masked (`replacement`).
 * Each list also holds a `vchat-<bit name>` token so that tests and testers can trigger a bit.
 */
export const FILTER_WORDS: Readonly<Record<number, readonly string[]>> = {
  [SENSITIVE_DISCARD]: ['vchat-discard', 'spamlink', 'buy-followers'],
  [SENSITIVE_SENSITIVE]: ['vchat-sensitive', 'whatsapp', 'telegram', 'paypal'],
  [SENSITIVE_OFFLINE]: ['vchat-offline', 'meet-in-person', 'hotel-room'],
  [SENSITIVE_PORN]: ['vchat-porn', 'porn', 'nude', 'nudes'],
}

/** The lists whose words are masked in `replacement`. */
export const MASKED_BITS = SENSITIVE_PORN

/** What a listed word must look like: lower-case ASCII letters and digits, single hyphens between. */
export const LISTED_WORD = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

export interface FilterVerdict {
  /** Sum of the bits whose words occur; 0 when the text is clean. */
  sensitiveInfo: number
  /** With bit 8: the text with every listed word masked by asterisks. */
  replacement?: string
}

const WORD_CHAR = /[\p{L}\p{N}]/u
const WORD = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu

/** `A`–`Z` → `a`–`z`, nothing else (the same folding as the Lua module). */
export function foldAscii(word: string): string {
  return word.replace(/[A-Z]/g, (letter) => letter.toLowerCase())
}

export function filterText(text: string): FilterVerdict {
  const words = new Set((text.match(WORD) ?? []).map(foldAscii))
  let sensitiveInfo = 0
  for (const [bit, list] of Object.entries(FILTER_WORDS)) {
    if (list.some((word) => words.has(word))) sensitiveInfo |= Number(bit)
  }
  if (!(sensitiveInfo & MASKED_BITS)) return { sensitiveInfo }
  const masked = new Set(Object.entries(FILTER_WORDS).flatMap(([bit, list]) => (Number(bit) & MASKED_BITS ? list : [])))
  const replacement = text.replace(WORD, (word) => (masked.has(foldAscii(word)) ? '*'.repeat(word.length) : word))
  return { sensitiveInfo, replacement }
}

let wordRanges: Array<[number, number]> | null = null

/**
 * The code points that are word characters, as inclusive `[first, last]` ranges in ascending order,
 * read from this runtime's Unicode tables (so the module splits words exactly where `filterText`
 * does). Computed once (about half a second), then cached.
 */
export function wordCharRanges(): ReadonlyArray<readonly [number, number]> {
  if (wordRanges) return wordRanges
  const ranges: Array<[number, number]> = []
  let first = -1
  for (let code = 0; code <= 0x10ffff; code++) {
    // Surrogates never occur in XML text.
    const word = (code < 0xd800 || code > 0xdfff) && WORD_CHAR.test(String.fromCodePoint(code))
    if (word && first < 0) first = code
    if (!word && first >= 0) {
      ranges.push([first, code - 1])
      first = -1
    }
  }
  if (first >= 0) ranges.push([first, 0x10ffff])
  wordRanges = ranges
  return ranges
}
