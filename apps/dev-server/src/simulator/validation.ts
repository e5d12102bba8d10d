/** Card and UPI checks of the payment simulator (what a payment provider would refuse). */
import { luhnValid } from '@vchat/contract'

export interface CardInput {
  cardNumber: string
  expiry: string
  cvv: string
}

/** Field → problem, empty when the card would be accepted. `now` decides whether it has expired. */
export function validateCard(input: CardInput, now: number): Record<string, string> {
  const problems: Record<string, string> = {}
  const number = input.cardNumber.replace(/[\s-]/g, '')
  if (!/^\d{12,19}$/.test(number)) problems.cardNumber = 'enter 12 to 19 digits'
  else if (!luhnValid(number)) problems.cardNumber = 'card number is not valid'
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(input.expiry.trim())
  if (!expiry) problems.expiry = 'use MM/YY'
  else {
    const month = Number(expiry[1])
    const year = 2000 + Number(expiry[2])
    const date = new Date(now)
    if (month < 1 || month > 12) problems.expiry = 'month must be 01 to 12'
    else if (year * 12 + month < date.getUTCFullYear() * 12 + date.getUTCMonth() + 1) problems.expiry = 'card has expired'
  }
  return { ...problems, ...validateCode(input.cvv) }
}

/** A card security code: 3 or 4 digits. */
export function validateCode(cvv: string): Record<string, string> {
  return /^\d{3,4}$/.test(cvv.trim()) ? {} : { cvv: 'enter the 3 or 4 digit security code' }
}

/** UPI virtual payment address: `name@handle` (NPCI: 2–256 of letters, digits, . - _ then a bank handle). */
const VPA_PATTERN = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/

export function validateVpa(vpa: string): Record<string, string> {
  return VPA_PATTERN.test(vpa.trim()) ? {} : { vpa: 'enter a UPI id such as name@bank' }
}
