import { TRACKING_HEADER_MAX_BYTES } from '../constants'
import type { AttributionInfo } from './types'

/** Field order of the header: the most useful first, so truncation cuts the least useful. */
const HEADER_FIELDS = [
  'adid',
  'tracker_token',
  'tracker_name',
  'network',
  'campaign',
  'adgroup',
  'creative',
  'click_label',
  'state',
] as const satisfies ReadonlyArray<keyof AttributionInfo>

/**
 * The longest prefix of `value` whose percent-encoding fits in `budget` bytes, cut between code
 * points: a character's UTF-8 bytes (each `%XX`) are kept whole or dropped whole.
 */
export function truncateEncoded(value: string, budget: number): string {
  let used = 0
  let end = 0
  for (const char of value) {
    const encoded = encodeURIComponent(char).length
    if (used + encoded > budget) break
    used += encoded
    end += char.length
  }
  return value.slice(0, end)
}

/**
 * The tracking heartbeat header value: `web_uuid=…&adid=…&tracker_token=…` (form-encoded, so pure
 * ASCII and safe in an HTTP header), empty fields left out, at most 1024 bytes (SPEC §9). When the
 * fields do not fit, the first field that overflows is shortened on a UTF-8 character boundary and
 * the rest are left out; the result always parses with `URLSearchParams`.
 */
export function encodeTrackingHeader(
  info: AttributionInfo,
  webUuid: string,
  maxBytes: number = TRACKING_HEADER_MAX_BYTES,
): string {
  const pairs: Array<[string, string]> = [
    ['web_uuid', webUuid],
    ...HEADER_FIELDS.map((field): [string, string] => [field, info[field]]),
  ]
  let header = ''
  for (const [name, value] of pairs) {
    if (value === '') continue
    const prefix = `${header === '' ? '' : '&'}${name}=`
    const budget = maxBytes - header.length - prefix.length
    if (budget <= 0) break
    const fitted = truncateEncoded(value, budget)
    if (fitted === '') break
    header += prefix + encodeURIComponent(fitted)
    if (fitted.length < value.length) break
  }
  return header
}
