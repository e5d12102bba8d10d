import { createHash, randomBytes } from 'node:crypto'
import type { DatabaseSync } from 'node:sqlite'
import type { RawResult, Route, RouteResult } from '../http/routes.ts'
import { validateCard } from './validation.ts'

/**
 * The payment provider's card vault, played by the simulator (development only).
 *
 * Card numbers and security codes go from the buyer's browser to the provider and never to the
 * product API: the app's card vault adapter posts them here and gets a single-use token, and the
 * product backend redeems the token (`redeemCardToken`) for what it may keep — brand, last 4 digits,
 * expiry, holder name and a fingerprint that tells the same card apart without its number.
 *
 * `POST /dev/payment/provider/v1/tokens` has the shape of a hosted payment provider's tokens API
 * (Stripe's `POST /v1/tokens`): `Authorization: Bearer pk_…` (the brand's publishable key), a
 * form-encoded body `card[number]`, `card[exp_month]`, `card[exp_year]`, `card[cvc]` (optional: a card
 * saved for later is tokenized without it), `card[name]`; 200 `{ id: 'tok_…', object: 'token', card:
 * { brand, last4, exp_month, exp_year, name } }` or 402 `{ error: { type: 'card_error', code, param,
 * message } }`, 401 for a missing or malformed key.
 *
 * A code given with the card pays the card's first authorization only (providers keep it no longer);
 * later payments with the saved card ask for it on the provider's 3-D Secure page.
 */

export const CARD_TOKEN_TTL_MS = 10 * 60 * 1000
export const TOKENS_PATH = '/dev/payment/provider/v1/tokens'
const PUBLISHABLE_KEY = /^pk_(?:live|test)_[A-Za-z0-9]{8,64}$/
const FORM_LIMIT_BYTES = 4 * 1024

/** What the product backend learns from a redeemed token. Never the number or the code. */
export interface VaultCard {
  token: string
  /** Same card, same fingerprint (the provider's, not reversible to the number). */
  fingerprint: string
  brand: string
  last4: string
  expiryMonth: number
  expiryYear: number
  holderName: string
  /** A security code came with the card: its first authorization needs no code again. */
  codeGiven: boolean
}

interface TokenRow {
  token: string
  fingerprint: string
  brand: string
  last4: string
  expiry_month: number
  expiry_year: number
  holder_name: string
  code_given: number
  created_at: number
  redeemed_at: number | null
}

function cardBrand(number: string): string {
  if (number.startsWith('4')) return 'visa'
  if (/^5[1-5]/.test(number) || /^2[2-7]/.test(number)) return 'mastercard'
  if (/^3[47]/.test(number)) return 'amex'
  if (/^6/.test(number)) return 'rupay'
  return 'card'
}

type Refusal = { status: 401 | 402 | 400; code: string; param: string | null; message: string }

const CODE_OF: Record<string, string> = { cardNumber: 'incorrect_number', expiry: 'invalid_expiry_year', cvv: 'invalid_cvc' }
const PARAM_OF: Record<string, string> = { cardNumber: 'number', expiry: 'exp_year', cvv: 'cvc' }

/** Checks and stores a card; the token or the provider's refusal. */
function tokenizeCard(
  db: DatabaseSync,
  card: { number: string; expMonth: string; expYear: string; cvc: string | null; name: string },
  now: number,
): { token: TokenRow } | { refusal: Refusal } {
  const number = card.number.replace(/[\s-]/g, '')
  const month = Number(card.expMonth)
  const year = Number(card.expYear.length === 2 ? `20${card.expYear}` : card.expYear)
  if (!Number.isInteger(month) || !Number.isInteger(year)) {
    return { refusal: { status: 402, code: 'invalid_expiry_month', param: 'exp_month', message: 'Your card’s expiration date is incomplete.' } }
  }
  const expiry = `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`
  const problems = validateCard({ cardNumber: number, expiry, cvv: card.cvc ?? '000' }, now)
  const first = (['cardNumber', 'expiry', 'cvv'] as const).find((field) => problems[field])
  if (first) return { refusal: { status: 402, code: CODE_OF[first]!, param: PARAM_OF[first]!, message: problems[first]! } }
  const name = card.name.trim()
  if (name === '' || name.length > 64) return { refusal: { status: 402, code: 'invalid_name', param: 'name', message: 'enter the name on the card' } }
  const row: TokenRow = {
    token: `tok_${randomBytes(12).toString('hex')}`,
    fingerprint: createHash('sha256').update(`vault-fingerprint:${number}`).digest('hex').slice(0, 24),
    brand: cardBrand(number),
    last4: number.slice(-4),
    expiry_month: month,
    expiry_year: year,
    holder_name: name,
    code_given: card.cvc === null ? 0 : 1,
    created_at: now,
    redeemed_at: null,
  }
  db.prepare(
    `INSERT INTO vault_tokens (token, fingerprint, brand, last4, expiry_month, expiry_year, holder_name, code_given, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(row.token, row.fingerprint, row.brand, row.last4, row.expiry_month, row.expiry_year, row.holder_name, row.code_given, row.created_at)
  return { token: row }
}

/**
 * The product backend's side of the exchange: a token is good once, within `CARD_TOKEN_TTL_MS`.
 * A refusal reason otherwise.
 */
export function redeemCardToken(db: DatabaseSync, token: string, now: number): VaultCard | string {
  const row = db.prepare('SELECT * FROM vault_tokens WHERE token = ?').get(token) as TokenRow | undefined
  if (!row) return 'unknown card token'
  if (row.redeemed_at !== null) return 'card token already used'
  if (now - row.created_at > CARD_TOKEN_TTL_MS) return 'card token expired'
  db.prepare('UPDATE vault_tokens SET redeemed_at = ? WHERE token = ?').run(now, token)
  return {
    token: row.token,
    fingerprint: row.fingerprint,
    brand: row.brand,
    last4: row.last4,
    expiryMonth: row.expiry_month,
    expiryYear: row.expiry_year,
    holderName: row.holder_name,
    codeGiven: row.code_given === 1,
  }
}

function json(status: number, body: unknown): RouteResult {
  const result: RawResult = {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
    bytes: Buffer.from(JSON.stringify(body), 'utf8'),
  }
  return { status, body: result }
}

function refusal(r: Refusal): RouteResult {
  return json(r.status, { error: { type: r.status === 402 ? 'card_error' : 'invalid_request_error', code: r.code, param: r.param, message: r.message } })
}

export const cardVaultRoutes: Route[] = [
  {
    method: 'POST',
    path: TOKENS_PATH,
    raw: { maxBytes: FORM_LIMIT_BYTES },
    handle({ app, req, rawBody }) {
      const auth = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')
      if (!auth || !PUBLISHABLE_KEY.test(auth[1]!)) {
        return refusal({ status: 401, code: 'invalid_api_key', param: null, message: 'a publishable key (pk_live_… or pk_test_…) is required' })
      }
      const form = new URLSearchParams((rawBody ?? Buffer.alloc(0)).toString('utf8'))
      const field = (name: string) => form.get(`card[${name}]`)
      const number = field('number')
      if (number === null) return refusal({ status: 400, code: 'parameter_missing', param: 'card[number]', message: 'card[number] is required' })
      const made = tokenizeCard(
        app.db,
        { number, expMonth: field('exp_month') ?? '', expYear: field('exp_year') ?? '', cvc: field('cvc'), name: field('name') ?? '' },
        app.now(),
      )
      if ('refusal' in made) return refusal(made.refusal)
      const { token: row } = made
      // The token and the last 4 digits only: a provider's log never holds the number either.
      app.log(`card vault: ${row.token} for a ${row.brand} card ending ${row.last4}`)
      return json(200, {
        id: row.token,
        object: 'token',
        card: { brand: row.brand, last4: row.last4, exp_month: row.expiry_month, exp_year: row.expiry_year, name: row.holder_name },
      })
    },
  },
]
