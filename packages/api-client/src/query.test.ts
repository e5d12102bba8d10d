import type qs from 'qs'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { parseQuery, stringifyQuery } from './query'
import type { ParsedQuery } from './query'

describe('query strings', () => {
  it("types a parsed query as qs does, without qs's types in the published ones", () => {
    expectTypeOf<ParsedQuery>().toEqualTypeOf<qs.ParsedQs>()
  })

  it('round-trips nested brackets', () => {
    const value = { a: { b: { c: '1' } }, list: ['x', 'y'] }
    expect(stringifyQuery(value)).toBe('a[b][c]=1&list[]=x&list[]=y')
    expect(parseQuery(`?${stringifyQuery(value)}`)).toEqual(value)
  })

  it('reads at most 1000 parameters', () => {
    const query = Array.from({ length: 1005 }, (_, i) => `p${i}=${i}`).join('&')
    const parsed = parseQuery(query)
    expect(Object.keys(parsed)).toHaveLength(1000)
    expect(parsed.p999).toBe('999')
    expect(parsed.p1000).toBeUndefined()
  })

  it('keeps arrays of up to 20 items and turns longer ones into objects', () => {
    const items = (n: number) => Array.from({ length: n }, (_, i) => `a[]=${i}`).join('&')
    expect(parseQuery(items(20)).a).toHaveLength(20)
    expect(Array.isArray(parseQuery(items(21)).a)).toBe(false)
    expect(parseQuery('a[19]=x')).toEqual({ a: ['x'] })
    expect(parseQuery('a[20]=x')).toEqual({ a: { 20: 'x' } })
  })

  it('nests at most 5 levels deep', () => {
    expect(parseQuery('a[b][c][d][e][f]=1')).toEqual({ a: { b: { c: { d: { e: { f: '1' } } } } } })
    expect(parseQuery('a[b][c][d][e][f][g]=1')).toEqual({ a: { b: { c: { d: { e: { f: { '[g]': '1' } } } } } } })
  })
})
