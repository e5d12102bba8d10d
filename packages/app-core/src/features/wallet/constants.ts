/** The wallet's spec constants (SPEC §9) and its own timings. */

/** SPEC §9 display currencies (2 decimals); any other currency is shown in a dollar format. */
export const DISPLAY_CURRENCIES = [
  'BHD', 'EGP', 'EUR', 'INR', 'KWD', 'OMR', 'QAR', 'SAR', 'AED', 'GBP', 'USD', 'TRY',
  'CAD', 'AUD', 'CHF', 'NZD', 'DKK', 'BRL', 'MXN', 'PEN', 'SEK', 'NOK', 'NGN',
] as const
/** SPEC §9 Arab currencies, formatted by the conventions of their country's Arabic locale. */
export const ARAB_CURRENCY_LOCALES = { BHD: 'ar-BH', EGP: 'ar-EG', KWD: 'ar-KW', OMR: 'ar-OM', QAR: 'ar-QA', SAR: 'ar-SA', AED: 'ar-AE' } as const
/** SPEC §9: prices have 2 decimals. */
export const PRICE_DECIMALS = 2
/** SPEC §9 coin icon tiers: 3000 or more, 700 or more, 300 or more, below that. */
export const COIN_TIER_THRESHOLDS = { large: 3000, medium: 700, small: 300 } as const
/** Pay result: pay_order_status is asked this often while the order is pending; our choice. */
export const PAY_STATUS_POLL_MS = 2_000
/** Pay result: the page stops asking and says the payment is still processing after this; our choice. */
export const PAY_STATUS_TIMEOUT_MS = 120_000
/** pay_records_v2 page size (cursor paging). */
export const PAY_RECORDS_PAGE_SIZE = 20
/** /paymenthistory asks for the next page when a row this close to the end comes into view; our choice. */
export const PAY_RECORDS_LOAD_AHEAD = 5
/** Session-storage key of the path where the current purchase started (`purchaseOrigin.ts`). */
export const PURCHASE_ORIGIN_KEY = 'vchat:purchaseOrigin'
/** Session storage: this tab is the payment window a call's coin store opened (see useIsPaymentWindow). */
export const PAYMENT_WINDOW_KEY = 'vchat:paymentWindow'
