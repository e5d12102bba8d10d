import { createHash, randomBytes } from 'node:crypto'
import type { DatabaseSync } from 'node:sqlite'
import type { OrderDetail, PayChannel, PayRecord, PayStatus, PaymentCountry, SavedCard, Sku } from '@vchat/contract'
import { FIRST_RECHARGE_BONUS_PERCENT, ORDER_TTL_MS } from '../constants.ts'
import { createLedger } from '../db/ledger.ts'
import { inTransaction } from '../db/transaction.ts'
import { redeemCardToken } from '../simulator/cardVault.ts'

/** Currency of each country of the SPEC §9 flag list. */
const CURRENCY: Record<string, [currency: string, perUsd: number]> = {
  BH: ['BHD', 0.376], OM: ['OMR', 0.385], GB: ['GBP', 0.79], SA: ['SAR', 3.75], DE: ['EUR', 0.92], AE: ['AED', 3.67],
  QA: ['QAR', 3.64], KW: ['KWD', 0.307], IN: ['INR', 83], FR: ['EUR', 0.92], EG: ['EGP', 48], US: ['USD', 1],
  AU: ['AUD', 1.52], CA: ['CAD', 1.36], DK: ['DKK', 6.9], IE: ['EUR', 0.92], IT: ['EUR', 0.92], NZ: ['NZD', 1.65],
  CH: ['CHF', 0.9], TR: ['TRY', 32], BR: ['BRL', 5.1], MX: ['MXN', 17], PE: ['PEN', 3.7], AT: ['EUR', 0.92],
  SE: ['SEK', 10.5], NO: ['NOK', 10.7], ES: ['EUR', 0.92], NL: ['EUR', 0.92], NG: ['NGN', 1500],
}

const TIERS: readonly { id: string; usd: number; gems: number; bonus: number; tag: Sku['tag'] }[] = [
  { id: 'gems_60', usd: 0.99, gems: 60, bonus: 0, tag: '' },
  { id: 'gems_300', usd: 4.99, gems: 300, bonus: 20, tag: '' },
  { id: 'gems_700', usd: 9.99, gems: 700, bonus: 70, tag: 'hot' },
  { id: 'gems_1500', usd: 19.99, gems: 1500, bonus: 200, tag: '' },
  { id: 'gems_3000', usd: 49.99, gems: 3000, bonus: 600, tag: 'best' },
  { id: 'gems_7000', usd: 99.99, gems: 7000, bonus: 1500, tag: '' },
]

export const DEFAULT_PAY_COUNTRY = 'US'

export function payCountries(): string[] {
  return Object.keys(CURRENCY)
}

function channelsOf(country: string): PayChannel[] {
  const channels: PayChannel[] = [{ channelId: 'card', name: 'Credit / debit card', type: 'card' }]
  if (country === 'IN') channels.push({ channelId: 'upi', name: 'UPI', type: 'upi' })
  else channels.push({ channelId: 'gpay', name: 'Google Pay', type: 'wallet' })
  return channels
}

function skusOf(country: string): Sku[] {
  const [currency, rate] = CURRENCY[country] ?? CURRENCY[DEFAULT_PAY_COUNTRY]!
  return TIERS.map((tier) => ({
    sku: tier.id,
    price: Math.round(tier.usd * rate * 100) / 100,
    country,
    currency,
    gems: tier.gems + tier.bonus,
    bonusGems: tier.bonus,
    tag: tier.tag,
  }))
}

export function paymentCountry(country: string): PaymentCountry | null {
  const entry = CURRENCY[country]
  if (!entry) return null
  return { country, currency: entry[0], channels: channelsOf(country), skus: skusOf(country) }
}

// ---- cards ------------------------------------------------------------------------------------

interface CardRow {
  card_id: string
  brand: string
  last4: string
  expiry_month: number
  expiry_year: number
  holder_name: string
}

const toCard = (r: CardRow): SavedCard => ({
  cardId: r.card_id,
  brand: r.brand,
  last4: r.last4,
  expiryMonth: r.expiry_month,
  expiryYear: r.expiry_year,
  holderName: r.holder_name,
})

/** The cards the user chose to save (what payment_channels offers). */
export function cardsOf(db: DatabaseSync, uid: string): SavedCard[] {
  return (db.prepare('SELECT * FROM cards WHERE uid = ? AND saved = 1 ORDER BY created_at, card_id').all(uid) as unknown as CardRow[]).map(toCard)
}

export function ownsCard(db: DatabaseSync, uid: string, cardId: string): boolean {
  return db.prepare('SELECT 1 FROM cards WHERE uid = ? AND card_id = ?').get(uid, cardId) !== undefined
}

/**
 * Keeps a card the provider's vault tokenized (`redeemCardToken`): brand, last 4 digits, expiry and
 * holder, by the vault's fingerprint; the product never holds the number or the code. A refusal
 * reason for a token that is unknown, used or expired, or a card that has expired. `keep`: the user
 * chose to save it for later payments; otherwise it pays this purchase only and is never offered
 * again (saving it later, by choice, keeps it from then on).
 */
export function saveCard(db: DatabaseSync, uid: string, request: { cardToken: string; keep: boolean }, now: number): SavedCard | string {
  const card = redeemCardToken(db, request.cardToken, now)
  if (typeof card === 'string') return card
  const date = new Date(now)
  const current = date.getUTCFullYear() * 12 + date.getUTCMonth() + 1
  if (card.expiryYear * 12 + card.expiryMonth < current) return 'card has expired'
  // The same card saved twice keeps one id (derived from the uid and the vault's fingerprint).
  const cardId = `card_${createHash('sha256').update(`${uid}:${card.fingerprint}`).digest('hex').slice(0, 16)}`
  db.prepare(
    `INSERT INTO cards (card_id, uid, brand, last4, expiry_month, expiry_year, holder_name, created_at, saved, code_token)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(card_id) DO UPDATE SET expiry_month = excluded.expiry_month, expiry_year = excluded.expiry_year,
       holder_name = excluded.holder_name, saved = MAX(saved, excluded.saved), code_token = excluded.code_token`,
  ).run(cardId, uid, card.brand, card.last4, card.expiryMonth, card.expiryYear, card.holderName, now, request.keep ? 1 : 0, card.codeGiven ? card.token : null)
  return toCard(db.prepare('SELECT * FROM cards WHERE card_id = ?').get(cardId) as unknown as CardRow)
}

/**
 * Whether the card's next authorization already has its security code (given with the card just
 * tokenized); taking it uses it up, so the payment after that asks for the code again.
 */
export function takeCardCode(db: DatabaseSync, cardId: string): boolean {
  const row = db.prepare('SELECT code_token FROM cards WHERE card_id = ?').get(cardId) as { code_token: string | null } | undefined
  if (!row?.code_token) return false
  db.prepare('UPDATE cards SET code_token = NULL WHERE card_id = ?').run(cardId)
  return true
}

/** Whether the card's next authorization needs its security code (see `takeCardCode`). */
export function cardNeedsCode(db: DatabaseSync, cardId: string): boolean {
  const row = db.prepare('SELECT code_token FROM cards WHERE card_id = ?').get(cardId) as { code_token: string | null } | undefined
  return !row?.code_token
}

// ---- orders -----------------------------------------------------------------------------------

export type OrderState = 'pending' | 'success' | 'failed' | 'expired'

export interface OrderRow {
  order_id: string
  uid: string
  client_order_key: string
  sku: string
  country: string
  currency: string
  amount_cents: number
  gems: number
  channel_id: string
  card_id: string | null
  status: OrderState
  created_at: number
  expires_at: number
  settled_at: number | null
  gems_credited: number
}

const PAY_STATUS: Record<OrderState, PayStatus> = {
  pending: 'PENDING',
  success: 'TXN_SUCCESS',
  failed: 'TXN_FAILURE',
  expired: 'EXPIRED',
}

export function payStatusOf(state: OrderState): PayStatus {
  return PAY_STATUS[state]
}

export function orderDetail(row: OrderRow): OrderDetail {
  return {
    orderId: row.order_id,
    currency: row.currency,
    amount: row.amount_cents / 100,
    sku: row.sku,
    gems: row.gems,
    country: row.country,
    channelId: row.channel_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  }
}

export function payRecord(row: OrderRow): PayRecord {
  return {
    orderId: row.order_id,
    sku: row.sku,
    gems: row.gems,
    amount: row.amount_cents / 100,
    currency: row.currency,
    payStatus: payStatusOf(row.status),
    channelId: row.channel_id,
    createdAt: row.created_at,
    paidAt: row.status === 'success' ? row.settled_at : null,
  }
}

/** Pending orders past their time become expired (done whenever orders are read). */
export function expireOrders(db: DatabaseSync, now: number): void {
  db.prepare("UPDATE orders SET status = 'expired', settled_at = ? WHERE status = 'pending' AND expires_at <= ?").run(now, now)
}

export function findOrder(db: DatabaseSync, orderId: string): OrderRow | null {
  return (db.prepare('SELECT * FROM orders WHERE order_id = ?').get(orderId) as OrderRow | undefined) ?? null
}

export interface NewOrder {
  clientOrderKey: string
  sku: string
  country: string
  channelId: string
  cardId?: string | undefined
  fbp: string
  fbc: string
}

/**
 * Creates an order, or returns the order created earlier with the same client key (idempotent).
 * A refusal reason when the key was used for a different order or the sku/channel is unknown.
 */
export function createOrder(db: DatabaseSync, uid: string, input: NewOrder, now: number): OrderRow | string {
  return inTransaction(db, () => {
    const existing = db.prepare('SELECT * FROM orders WHERE uid = ? AND client_order_key = ?').get(uid, input.clientOrderKey) as
      | OrderRow
      | undefined
    if (existing) {
      const same = existing.sku === input.sku && existing.country === input.country && existing.channel_id === input.channelId
      return same ? existing : 'clientOrderKey was already used for a different order'
    }
    const country = paymentCountry(input.country)
    if (!country) return `no payment in country ${input.country}`
    const sku = country.skus.find((s) => s.sku === input.sku)
    if (!sku) return `unknown sku ${input.sku} in ${input.country}`
    if (!country.channels.some((c) => c.channelId === input.channelId)) return `channel ${input.channelId} is not offered in ${input.country}`
    if (input.cardId !== undefined && !ownsCard(db, uid, input.cardId)) return 'unknown cardId'
    const orderId = `ord_${randomBytes(10).toString('hex')}`
    db.prepare(
      `INSERT INTO orders (order_id, uid, client_order_key, sku, country, currency, amount_cents, gems, channel_id, card_id,
         status, fbp, fbc, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?)`,
    ).run(
      orderId,
      uid,
      input.clientOrderKey,
      sku.sku,
      sku.country,
      sku.currency,
      Math.round(sku.price * 100),
      sku.gems,
      input.channelId,
      input.cardId ?? null,
      input.fbp,
      input.fbc,
      now,
      now + ORDER_TTL_MS,
    )
    return findOrder(db, orderId) as OrderRow
  })
}

/** Told about every order that has just been settled (once per order, after its transaction). */
export type OrderSettledListener = (order: OrderRow) => void

// Per database, so that servers sharing a process (tests) never hear each other's orders.
const settledListeners = new WeakMap<DatabaseSync, Set<OrderSettledListener>>()

/**
 * Listens for orders settled in `db` (the messaging side sends ReChargeSuccess for paid ones).
 * Returns the function that stops listening.
 */
export function onOrderSettled(db: DatabaseSync, listener: OrderSettledListener): () => void {
  let listeners = settledListeners.get(db)
  if (!listeners) {
    listeners = new Set()
    settledListeners.set(db, listeners)
  }
  listeners.add(listener)
  return () => {
    settledListeners.get(db)?.delete(listener)
  }
}

/**
 * The extra gems of a user's first successful purchase (the coin store's "First purchase: 20% extra
 * gems"): a share of the package's gems, its own bonus included, rounded down. Decided when the order
 * succeeds, not when it is created: of two orders opened before either was paid, the one paid first
 * is the first purchase, and the other credits the package alone.
 */
function firstPurchaseBonus(gems: number): number {
  return Math.floor((gems * FIRST_RECHARGE_BONUS_PERCENT) / 100)
}

/** Whether the user has a successful order already (the first-purchase offer is then over). */
export function hasPaidOrder(db: DatabaseSync, uid: string): boolean {
  return db.prepare("SELECT 1 FROM orders WHERE uid = ? AND status = 'success' LIMIT 1").get(uid) !== undefined
}

/**
 * The payment simulator's move: pending → success | failed | expired. Gems are credited exactly
 * once, in the same transaction as the state change, with the first-purchase bonus when no earlier
 * order of the user succeeded; any later move is refused. Listeners (`onOrderSettled`) hear of the
 * settled order once, after it is committed.
 */
export function settleOrder(db: DatabaseSync, orderId: string, state: Exclude<OrderState, 'pending'>, now: number): OrderRow | string {
  const settled = settleInTransaction(db, orderId, state, now)
  if (typeof settled !== 'string') {
    for (const listener of [...(settledListeners.get(db) ?? [])]) listener(settled)
  }
  return settled
}

function settleInTransaction(db: DatabaseSync, orderId: string, state: Exclude<OrderState, 'pending'>, now: number): OrderRow | string {
  expireOrders(db, now)
  return inTransaction(db, () => {
    const order = findOrder(db, orderId)
    if (!order) return 'unknown orderId'
    if (order.status !== 'pending') return `order is already ${order.status}`
    const credited = state !== 'success' ? 0 : order.gems + (hasPaidOrder(db, order.uid) ? 0 : firstPurchaseBonus(order.gems))
    const changed = db
      .prepare("UPDATE orders SET status = ?, settled_at = ?, gems_credited = ? WHERE order_id = ? AND status = 'pending'")
      .run(state, now, credited, orderId).changes
    if (Number(changed) !== 1) return 'order changed meanwhile'
    if (state === 'success') {
      createLedger(db).creditPurchase({ uid: order.uid }, credited)
    }
    return findOrder(db, orderId) as OrderRow
  })
}
