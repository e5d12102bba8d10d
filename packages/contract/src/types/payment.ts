/** payment_service and the image host: packages, orders, cards, records; uploads. */

// ---- payment_service ------------------------------------------------------------------------

/** SPEC §3: success is TXN_SUCCESS; PENDING, TXN_FAILURE and EXPIRED are our names. */
export type PayStatus = 'PENDING' | 'TXN_SUCCESS' | 'TXN_FAILURE' | 'EXPIRED'
export const PAY_STATUS_SUCCESS = 'TXN_SUCCESS'

export interface PaymentChannelsRequest {
  /** Country whose channels and prices to show; omitted = the user's country. */
  country?: string
}

export interface PayChannel {
  channelId: string
  name: string
  type: 'card' | 'upi' | 'wallet'
}

/** SPEC §3 SKU: sku, price, country, currency (+ gems it buys). */
export interface Sku {
  sku: string
  price: number
  country: string
  currency: string
  gems: number
  bonusGems: number
  tag: '' | 'hot' | 'best'
}

export interface PaymentCountry {
  country: string
  currency: string
  channels: PayChannel[]
  skus: Sku[]
}

export interface SavedCard {
  cardId: string
  brand: string
  last4: string
  expiryMonth: number
  expiryYear: number
  holderName: string
}

export interface UserPayInfo {
  paid: boolean
  /** No successful order yet: the first-recharge bonus applies. */
  firstRecharge: boolean
  email: string
  name: string
}

export interface PaymentExtendInfo {
  defaultCountry: string
  firstRechargeBonusPercent: number
  /** A pending order expires after this many seconds. */
  orderExpiresInSeconds: number
}

export interface PaymentChannelsResponse {
  countries: PaymentCountry[]
  cards: SavedCard[]
  gpayIsHide: boolean
  userPayInfo: UserPayInfo
  extend_info: PaymentExtendInfo
}

export interface CreateOrderRequest {
  /**
   * The client's idempotency key (8–64 of A–Z a–z 0–9 _ -): a retried create_order with the same
   * key returns the same order.
   */
  clientOrderKey: string
  sku: string
  country: string
  channelId: string
  cardId?: string
}

/** SPEC §3 orderDetail: orderId, currency, amount (+ what was bought and when it expires). */
export interface OrderDetail {
  orderId: string
  currency: string
  amount: number
  sku: string
  gems: number
  country: string
  channelId: string
  createdAt: number
  expiresAt: number
}

export interface CreateOrderResponse {
  orderId: string
  payStatus: PayStatus
  orderDetail: OrderDetail
  /** Page where the payment is completed (the local backend's payment simulator). */
  checkoutUrl: string
}

/**
 * Keeps a card for the signed-in user. The card itself never reaches the product API: the app's card
 * vault adapter sends the number, expiry, name and security code to the payment provider, which
 * answers a single-use token; this request carries that token only.
 */
export interface SaveBankCardRequest {
  /** The provider's single-use card token (`tok_…`), valid for minutes. */
  cardToken: string
  /**
   * The user chose "Save this card for later payments". False: the card pays the current purchase
   * only and is never offered again (payment_channels lists saved cards only).
   */
  keep: boolean
}

export interface PayOrderStatusRequest {
  orderId: string
}

export interface PayOrderStatusResponse {
  payStatus: PayStatus
  orderDetail: OrderDetail
  /** Gems this order credited (0 unless TXN_SUCCESS). */
  gemsCredited: number
  gemsBalance: number
}

/**
 * Pays an order with a kept card. No security code: it was given to the provider with the card, or the
 * provider's 3-D Secure page (`authenticationUrl`) asks for it.
 */
export interface AuthenticationPaymentRequest {
  orderId: string
  cardId: string
}

export interface AuthenticationPaymentResponse {
  orderId: string
  payStatus: PayStatus
  /** True when the card issuer asks for a challenge at `authenticationUrl`. */
  requiresChallenge: boolean
  authenticationUrl: string
}

// ---- image host -----------------------------------------------------------------------------

export interface UploadProgress {
  loaded: number
  /** Bytes to send, when known. */
  total: number | undefined
  /** 0–1, when total is known. */
  progress: number | undefined
}

export interface UploadImageRequest {
  file: Blob
  /** The original file name; only its extension is kept. */
  fileName: string
  onProgress?: (progress: UploadProgress) => void
}

/** The image host answers `{ url }` (not the product envelope). */
export interface UploadImageResponse {
  url: string
}
