/**
 * The card number check (Luhn, ISO/IEC 7812-1) that the checkout makes before a card goes to the
 * payment provider and that the local payment simulator makes as the provider: one rule for both.
 */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}
