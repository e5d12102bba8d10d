// Fake payment world (channels, orders, pay records, card vault) used by fakeServices and by the tests
// and stories of several features.
import type {
  CreateOrderRequest,
  CreateOrderResponse,
  OrderDetail,
  PaymentChannelsResponse,
  PaymentCountry,
  PayRecord,
  PayStatus,
  SavedCard,
  Sku,
} from '@vchat/api-client'
import { ApiError } from '@vchat/api-client'
import type { CardDetails, CardVaultService } from '../services/cardVault'
import { CardVaultError } from '../services/cardVault'
import { luhnValid } from '@vchat/contract'
import type { WalletApi } from '../features/wallet/walletApi'

const TIERS: readonly [sku: string, usd: number, gems: number, bonus: number, tag: Sku['tag']][] = [
  ['gems_60', 0.99, 60, 0, ''],
  ['gems_300', 4.99, 300, 20, ''],
  ['gems_700', 9.99, 700, 70, 'hot'],
  ['gems_1500', 19.99, 1500, 200, ''],
  ['gems_3000', 49.99, 3000, 600, 'best'],
]

function country(code: string, currency: string, rate: number, upi: boolean): PaymentCountry {
  return {
    country: code,
    currency,
    channels: upi
      ? [
          { channelId: 'card', name: 'Credit / debit card', type: 'card' },
          { channelId: 'upi', name: 'UPI', type: 'upi' },
        ]
      : [
          { channelId: 'card', name: 'Credit / debit card', type: 'card' },
          { channelId: 'gpay', name: 'Google Pay', type: 'wallet' },
        ],
    skus: TIERS.map(([sku, usd, gems, bonus, tag]) => ({ sku, price: Math.round(usd * rate * 100) / 100, country: code, currency, gems: gems + bonus, bonusGems: bonus, tag })),
  }
}

/** Cards tokenized by `fakeCardVault`, by token: the fake payment backend redeems them as the local backend does. */
const fakeVaultTokens = new Map<string, CardDetails & { brand: string }>()

/**
 * The payment provider's card vault, faked at its boundary: it refuses what the simulator refuses (a
 * number failing the Luhn check, a code that is not 3–4 digits), is unreachable for numbers ending
 * 0000, and otherwise answers a token that the fake payment backend's `saveBankCard` redeems.
 * `calls` records what reached the provider.
 */
export function fakeCardVault(calls: CardDetails[] = []): CardVaultService & { calls: CardDetails[] } {
  return {
    calls,
    async tokenize(card) {
      calls.push({ ...card })
      if (card.number.endsWith('0000')) throw new CardVaultError('unavailable')
      if (!luhnValid(card.number)) throw new CardVaultError('number')
      if (card.cvv !== undefined && !/^\d{3,4}$/.test(card.cvv)) throw new CardVaultError('cvv')
      const token = `tok_fake${String(fakeVaultTokens.size + 1).padStart(12, '0')}`
      const brand = card.number.startsWith('5') ? 'mastercard' : 'visa'
      fakeVaultTokens.set(token, { ...card, brand })
      return { token, brand, last4: card.number.slice(-4) }
    },
  }
}

const demoSavedCard: SavedCard = { cardId: 'card_demo4242', brand: 'visa', last4: '4242', expiryMonth: 12, expiryYear: 2030, holderName: 'Demo Paid' }

/** Payment channels like the local backend's for a user in the US (and IN, SA as other countries). */
export function demoPaymentChannels(): PaymentChannelsResponse {
  return {
    countries: [country('US', 'USD', 1, false), country('IN', 'INR', 83, true), country('SA', 'SAR', 3.75, false)],
    cards: [structuredClone(demoSavedCard)],
    gpayIsHide: false,
    userPayInfo: { paid: true, firstRecharge: false, email: 'demo@example.com', name: 'Demo Paid' },
    extend_info: { defaultCountry: 'US', firstRechargeBonusPercent: 20, orderExpiresInSeconds: 1800 },
  }
}

export const demoPayRecords: PayRecord[] = [
  { orderId: 'ord_aaaaaaaaaaaaaaaaaaa1', sku: 'gems_700', gems: 770, amount: 9.99, currency: 'USD', payStatus: 'TXN_SUCCESS', channelId: 'card', createdAt: Date.UTC(2025, 5, 9, 10), paidAt: Date.UTC(2025, 5, 9, 10, 1) },
  { orderId: 'ord_aaaaaaaaaaaaaaaaaaa2', sku: 'gems_300', gems: 320, amount: 414.17, currency: 'INR', payStatus: 'TXN_FAILURE', channelId: 'upi', createdAt: Date.UTC(2025, 5, 8, 9), paidAt: null },
  { orderId: 'ord_aaaaaaaaaaaaaaaaaaa3', sku: 'gems_60', gems: 60, amount: 3.71, currency: 'SAR', payStatus: 'EXPIRED', channelId: 'gpay', createdAt: Date.UTC(2025, 5, 7, 8), paidAt: null },
]

const RECORD_SHAPES: readonly Pick<PayRecord, 'sku' | 'gems' | 'amount' | 'currency' | 'payStatus' | 'channelId'>[] = [
  { sku: 'gems_700', gems: 770, amount: 9.99, currency: 'USD', payStatus: 'TXN_SUCCESS', channelId: 'card' },
  { sku: 'gems_300', gems: 320, amount: 414.17, currency: 'INR', payStatus: 'TXN_FAILURE', channelId: 'upi' },
  { sku: 'gems_60', gems: 60, amount: 3.71, currency: 'SAR', payStatus: 'EXPIRED', channelId: 'gpay' },
  { sku: 'gems_3000', gems: 3600, amount: 49.99, currency: 'USD', payStatus: 'TXN_SUCCESS', channelId: 'gpay' },
  { sku: 'gems_1500', gems: 1700, amount: 19.99, currency: 'USD', payStatus: 'PENDING', channelId: 'card' },
]

/** `count` pay records, newest first, one hour apart (a long history for paging and stories). */
export function manyPayRecords(count: number): PayRecord[] {
  return Array.from({ length: count }, (_, index) => {
    const shape = RECORD_SHAPES[index % RECORD_SHAPES.length]!
    const createdAt = Date.UTC(2025, 5, 9, 10) - index * 3_600_000
    return { ...shape, orderId: `ord_${String(index + 1).padStart(20, '0')}`, createdAt, paidAt: shape.payStatus === 'TXN_SUCCESS' ? createdAt + 60_000 : null }
  })
}

/** pay_records_v2 over `records` with the local backend's cursor paging. */
export function pagedPayRecords(records: readonly PayRecord[]): WalletApi['getPayRecords'] {
  return async ({ cursor, size }) => {
    const start = cursor ? Number(cursor) : 0
    const list = records.slice(start, start + size)
    return { list: structuredClone(list), nextCursor: start + size < records.length ? String(start + size) : null }
  }
}

export interface FakePaymentWorld {
  api: WalletApi
  /** Settles an order as the simulator would (credits once). */
  settle(orderId: string, status: Exclude<PayStatus, 'PENDING'>): void
  /** Orders by id; `credited` is what their success credited (the first-purchase bonus included). */
  orders: Map<string, { key: string; detail: OrderDetail; payStatus: PayStatus; credited: number }>
  calls: { createOrder: CreateOrderRequest[]; getPayOrderStatus: number }
  gemsBalance: number
  /** Adds an order synchronously (stories): its id. */
  addOrder(sku: string, country: string, channelId: string, payStatus: PayStatus): string
}

/**
 * An in-memory payment backend for tests and stories: idempotent create_order per client key,
 * pay_order_status, saved cards, pay records; gems credited exactly once per successful order.
 * With `firstPurchase`, the user has never paid: the store offers the first-purchase bonus and the
 * first success credits it, as the local backend does.
 */
export function fakePaymentWorld(start: { gemsBalance?: number; firstPurchase?: boolean } = {}): FakePaymentWorld {
  const channels = demoPaymentChannels()
  if (start.firstPurchase) channels.userPayInfo = { ...channels.userPayInfo, paid: false, firstRecharge: true }
  const orders: FakePaymentWorld['orders'] = new Map()
  const world: FakePaymentWorld = {
    orders,
    calls: { createOrder: [], getPayOrderStatus: 0 },
    gemsBalance: start.gemsBalance ?? 500,
    settle(orderId, status) {
      const order = orders.get(orderId)
      if (!order || order.payStatus !== 'PENDING') return
      order.payStatus = status
      if (status !== 'TXN_SUCCESS') return
      const bonus = channels.userPayInfo.firstRecharge ? Math.floor((order.detail.gems * channels.extend_info.firstRechargeBonusPercent) / 100) : 0
      channels.userPayInfo = { ...channels.userPayInfo, paid: true, firstRecharge: false }
      order.credited = order.detail.gems + bonus
      world.gemsBalance += order.credited
    },
    addOrder(skuId, countryCode, channelId, payStatus) {
      const sku = channels.countries.find((c) => c.country === countryCode)?.skus.find((s) => s.sku === skuId)
      if (!sku) throw new Error(`unknown sku ${skuId}`)
      const orderId = `ord_${String(orders.size + 1).padStart(20, '0')}`
      orders.set(orderId, { key: `added-${orderId}`, payStatus, credited: payStatus === 'TXN_SUCCESS' ? sku.gems : 0, detail: { orderId, currency: sku.currency, amount: sku.price, sku: sku.sku, gems: sku.gems, country: sku.country, channelId, createdAt: 0, expiresAt: 1_800_000 } })
      return orderId
    },
    api: {
      getPaymentChannels: async () => structuredClone(channels),
      createOrder: async (request) => {
        world.calls.createOrder.push(request)
        const existing = [...orders.values()].find((o) => o.key === request.clientOrderKey)
        const sku = channels.countries.find((c) => c.country === request.country)?.skus.find((s) => s.sku === request.sku)
        if (!sku) throw new Error(`unknown sku ${request.sku}`)
        const order = existing ?? {
          key: request.clientOrderKey,
          payStatus: 'PENDING' as PayStatus,
          credited: 0,
          detail: {
            orderId: `ord_${String(orders.size + 1).padStart(20, '0')}`,
            currency: sku.currency,
            amount: sku.price,
            sku: sku.sku,
            gems: sku.gems,
            country: sku.country,
            channelId: request.channelId,
            createdAt: 0,
            expiresAt: 1_800_000,
          },
        }
        orders.set(order.detail.orderId, order)
        const answer: CreateOrderResponse = {
          orderId: order.detail.orderId,
          payStatus: order.payStatus,
          orderDetail: { ...order.detail },
          checkoutUrl: `http://pay.test/dev/payment/checkout?orderId=${order.detail.orderId}`,
        }
        return answer
      },
      saveBankCard: async ({ cardToken, keep }) => {
        const card = fakeVaultTokens.get(cardToken)
        // As the local backend answers a token its provider never issued: a refusal.
        if (!card) throw new ApiError('BACKEND_ERROR', 'the backend request error', { path: '/api/payment_service/save_bank_card', requestId: 'fake', result: 0 })
        const last4 = card.number.slice(-4)
        const saved: SavedCard = { cardId: `card_${last4}`, brand: card.brand, last4, expiryMonth: card.expiryMonth, expiryYear: card.expiryYear, holderName: card.holderName }
        // As the local backend: offered again only when the user chose to save it.
        if (keep && !channels.cards.some((c) => c.cardId === saved.cardId)) channels.cards.push(saved)
        return saved
      },
      getPayOrderStatus: async ({ orderId }) => {
        world.calls.getPayOrderStatus += 1
        const order = orders.get(orderId)
        // As the local backend answers an id it does not know for this user: a refusal.
        if (!order) throw new ApiError('BACKEND_ERROR', 'the backend request error', { path: '/api/payment_service/pay_order_status', requestId: 'fake', result: 0 })
        return { payStatus: order.payStatus, orderDetail: { ...order.detail }, gemsCredited: order.credited, gemsBalance: world.gemsBalance }
      },
      authenticatePayment: async ({ orderId }) => ({ orderId, payStatus: orders.get(orderId)?.payStatus ?? 'PENDING', requiresChallenge: true, authenticationUrl: `http://pay.test/dev/payment/checkout?orderId=${orderId}` }),
      getPayRecords: pagedPayRecords(demoPayRecords),
    },
  }
  return world
}

/** The wallet part of `fakeApi`: a fresh fake payment backend. */
export function walletFakeApi(): WalletApi {
  return fakePaymentWorld().api
}
