import qs from 'qs'
import { QUERY_ARRAY_LIMIT, QUERY_DEPTH, QUERY_PARAMETER_LIMIT } from './constants'

/** Serialise query parameters in nested bracket style: `a[b]=1&list[]=x&list[]=y`. */
export function stringifyQuery(params: unknown): string {
  return qs.stringify(params, { arrayFormat: 'brackets', encodeValuesOnly: true })
}

/**
 * A parsed query string: each key holds a string, a nested object or an array of either (what `qs`
 * gives, written out here so the published types need no `@types/qs`).
 */
export interface ParsedQuery {
  [key: string]: undefined | string | ParsedQuery | (string | ParsedQuery)[]
}

/**
 * Parse a query string with the SPEC §9 limits: at most 1000 parameters (the rest are ignored),
 * arrays of up to 20 items (indices 0–19; longer arrays or larger indices become objects), nesting
 * depth 5 (deeper brackets stay part of the key). A leading `?` is ignored.
 */
export function parseQuery(query: string): ParsedQuery {
  return qs.parse(query, {
    parameterLimit: QUERY_PARAMETER_LIMIT,
    arrayLimit: QUERY_ARRAY_LIMIT,
    depth: QUERY_DEPTH,
    ignoreQueryPrefix: true,
  })
}
