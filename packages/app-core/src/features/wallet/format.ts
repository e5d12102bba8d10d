import { ARAB_CURRENCY_LOCALES, COIN_TIER_THRESHOLDS, DISPLAY_CURRENCIES, PRICE_DECIMALS } from './constants'

type ArabCurrency = keyof typeof ARAB_CURRENCY_LOCALES

function isArabCurrency(currency: string): currency is ArabCurrency {
  return Object.hasOwn(ARAB_CURRENCY_LOCALES, currency)
}

function isDisplayCurrency(currency: string): boolean {
  return (DISPLAY_CURRENCIES as readonly string[]).includes(currency)
}

const formatters = new Map<string, Intl.NumberFormat>()

function formatter(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`
  let found = formatters.get(key)
  if (!found) {
    found = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: PRICE_DECIMALS,
      maximumFractionDigits: PRICE_DECIMALS,
    })
    formatters.set(key, found)
  }
  return found
}

/**
 * SPEC §9 price display, always 2 decimals: Arab currencies (BHD, EGP, KWD, OMR, QAR, SAR, AED) by
 * their country's Arabic locale; the other display currencies with their own symbol in the
 * international (en-US) style; any other currency in a dollar format.
 */
export function formatPrice(amount: number, currency: string): string {
  const code = currency.toUpperCase()
  if (isArabCurrency(code)) return formatter(ARAB_CURRENCY_LOCALES[code], code).format(amount)
  if (isDisplayCurrency(code)) return formatter('en-US', code).format(amount)
  return formatter('en-US', 'USD').format(amount)
}

export type CoinTier = 'large' | 'medium' | 'small' | 'base'

/** SPEC §9 coin icon tier of an amount of gems: ≥3000 large, ≥700 medium, ≥300 small, else base. */
export function coinTier(gems: number): CoinTier {
  if (gems >= COIN_TIER_THRESHOLDS.large) return 'large'
  if (gems >= COIN_TIER_THRESHOLDS.medium) return 'medium'
  if (gems >= COIN_TIER_THRESHOLDS.small) return 'small'
  return 'base'
}
