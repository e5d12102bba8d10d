import { describe, expect, it } from 'vitest'
import {
  isValidPropertyValue,
  validateAppendValues,
  validateCounterValues,
  validateEventName,
  validateProperties,
  validatePropertyName,
  validateUserId,
} from './validation'

describe('event and property names', () => {
  it.each([
    ['a', true],
    ['page_show', true],
    ['Purchase2', true],
    ['a'.repeat(50), true],
    ['a'.repeat(51), false],
    ['', false],
    ['1st_event', false],
    ['_private', false],
    ['#duration', false],
    ['with space', false],
    ['dash-name', false],
    ['ünïcode', false],
  ])('%s → valid %s', (name, valid) => {
    expect(validateEventName(name) === null).toBe(valid)
    expect(validatePropertyName(name) === null).toBe(valid)
  })

  it('refuses non-strings and says which rule failed', () => {
    expect(validateEventName(42)).toMatchObject({ code: 'invalid-event-name', subject: '42' })
    expect(validatePropertyName(undefined)).toMatchObject({ code: 'invalid-property-name' })
  })
})

describe('user id', () => {
  it.each([
    ['', false],
    ['1', true],
    ['x'.repeat(63), true],
    ['x'.repeat(64), false],
    ['😀'.repeat(63), true],
    ['😀'.repeat(64), false],
  ])('%s → valid %s', (id, valid) => {
    expect(validateUserId(id) === null).toBe(valid)
  })

  it('refuses numbers and null', () => {
    expect(validateUserId(100001)).toMatchObject({ code: 'invalid-user-id' })
    expect(validateUserId(null)).toMatchObject({ code: 'invalid-user-id' })
  })
})

describe('property values', () => {
  it.each([
    ['string', 'x', true],
    ['number', 3.5, true],
    ['Date', new Date(0), true],
    ['boolean', false, true],
    ['array', [1, 'a'], true],
    ['object', { a: 1 }, true],
    ['invalid Date', new Date(Number.NaN), false],
    ['NaN', Number.NaN, false],
    ['Infinity', Number.POSITIVE_INFINITY, false],
    ['null', null, false],
    ['undefined', undefined, false],
    ['function', () => 1, false],
    ['symbol', Symbol('s'), false],
    ['bigint', BigInt(1), false],
  ])('%s → valid %s', (_label, value, valid) => {
    expect(isValidPropertyValue(value)).toBe(valid)
  })

  it('collects every bad name and value of a property bag', () => {
    expect(validateProperties({ ok: 1, '9bad': 2, fine: null })).toEqual([
      expect.objectContaining({ code: 'invalid-property-name', subject: '9bad' }),
      expect.objectContaining({ code: 'invalid-property-value', subject: 'fine' }),
    ])
    expect(validateProperties(undefined)).toEqual([])
    expect(validateProperties([1])).toEqual([expect.objectContaining({ subject: 'properties' })])
  })

  it('counter values must be numbers and append values arrays', () => {
    expect(validateCounterValues({ gems: 5, views: '5' })).toEqual([
      expect.objectContaining({ code: 'counter-not-numeric', subject: 'views' }),
    ])
    expect(validateAppendValues({ tags: ['a'], bad: 'a' })).toEqual([
      expect.objectContaining({ code: 'append-not-array', subject: 'bad' }),
    ])
  })
})
