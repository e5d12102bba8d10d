/** Checks made before anything is sent (the payment provider checks again). */
import { luhnValid } from '@vchat/contract'

export function digitsOnly(text: string): string {
  return text.replace(/[\s-]/g, '')
}

export type CardNumberProblem = 'required' | 'length' | 'luhn'
export type ExpiryProblem = 'required' | 'format' | 'month' | 'expired'

export function checkCardNumber(input: string): CardNumberProblem | null {
  const digits = digitsOnly(input)
  if (digits === '') return 'required'
  if (!/^\d{12,19}$/.test(digits)) return 'length'
  return luhnValid(digits) ? null : 'luhn'
}

export interface Expiry {
  month: number
  year: number
}

/** `MM/YY` → month and four-digit year, or the problem. A card is valid through its expiry month. */
export function checkExpiry(input: string, now: number): { expiry: Expiry } | { problem: ExpiryProblem } {
  const trimmed = input.trim()
  if (trimmed === '') return { problem: 'required' }
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(trimmed)
  if (!match) return { problem: 'format' }
  const month = Number(match[1])
  const year = 2000 + Number(match[2])
  if (month < 1 || month > 12) return { problem: 'month' }
  const today = new Date(now)
  if (year * 12 + month < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1) return { problem: 'expired' }
  return { expiry: { month, year } }
}

export function checkCvv(input: string): 'required' | 'format' | null {
  const trimmed = input.trim()
  if (trimmed === '') return 'required'
  return /^\d{3,4}$/.test(trimmed) ? null : 'format'
}

/** UPI virtual payment address `name@bank` (NPCI: 2–256 of letters, digits, . - _ then the handle). */
const VPA_PATTERN = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/

export function checkVpa(input: string): 'required' | 'format' | null {
  const trimmed = input.trim()
  if (trimmed === '') return 'required'
  return VPA_PATTERN.test(trimmed) ? null : 'format'
}

/** Groups of four for display while typing. */
export function groupCardNumber(input: string): string {
  return digitsOnly(input).replace(/\D/g, '').slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ')
}
