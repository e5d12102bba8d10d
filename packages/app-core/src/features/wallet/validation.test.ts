import { describe, expect, it } from 'vitest'
import { luhnValid } from '@vchat/contract'
import { checkCardNumber, checkCvv, checkExpiry, checkVpa, groupCardNumber } from './validation'

const NOW = Date.UTC(2025, 5, 10)

describe('card checks', () => {
  it.each([
    ['4242 4242 4242 4242', null],
    ['5555-5555-5555-4444', null],
    ['378282246310005', null],
    ['4242424242424241', 'luhn'],
    ['4242', 'length'],
    ['42424242424242424242', 'length'],
    ['4242abcd42424242', 'length'],
    ['  ', 'required'],
  ])('number %s → %s', (input, problem) => {
    expect(checkCardNumber(input)).toBe(problem)
  })

  it('luhn rejects non-digits', () => {
    expect(luhnValid('')).toBe(false)
    expect(luhnValid('79927398713')).toBe(true)
  })

  it.each([
    ['06/25', { expiry: { month: 6, year: 2025 } }],
    ['12 / 30', { expiry: { month: 12, year: 2030 } }],
    ['05/25', { problem: 'expired' }],
    ['13/30', { problem: 'month' }],
    ['00/30', { problem: 'month' }],
    ['1230', { problem: 'format' }],
    ['', { problem: 'required' }],
  ])('expiry %s', (input, expected) => {
    expect(checkExpiry(input, NOW)).toEqual(expected)
  })

  it('checks the security code and groups the number', () => {
    expect(checkCvv('123')).toBeNull()
    expect(checkCvv('1234')).toBeNull()
    expect(checkCvv('12')).toBe('format')
    expect(checkCvv('')).toBe('required')
    expect(groupCardNumber('4242424242424242')).toBe('4242 4242 4242 4242')
    expect(groupCardNumber('4242-42x')).toBe('4242 42')
  })
})

describe('UPI id', () => {
  it.each([
    ['alice@okaxis', null],
    ['a.b-c_9@ybl', null],
    [' alice@paytm ', null],
    ['alice', 'format'],
    ['a@b', 'format'],
    ['alice@9bank', 'format'],
    ['al ice@okaxis', 'format'],
    ['', 'required'],
  ])('%s → %s', (input, problem) => {
    expect(checkVpa(input)).toBe(problem)
  })
})
