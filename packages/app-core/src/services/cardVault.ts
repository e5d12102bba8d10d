/**
 * The payment provider's card vault: card numbers and security codes go from this page straight to
 * the provider, which answers a single-use token; the product API receives only that token
 * (`save_bank_card { cardToken }`), so the product's servers stay out of card-data scope.
 *
 * The adapter speaks a hosted tokens API (the shape of Stripe's `POST /v1/tokens`): a form-encoded
 * `card[number]`, `card[exp_month]`, `card[exp_year]`, `card[cvc]`, `card[name]` with the brand's
 * publishable key as a bearer token; 200 `{ id, card: { brand, last4 } }`, 402 `{ error: { code,
 * param } }` for a card the provider refuses. Each brand names its provider's URL and publishable key
 * (`payments.cardVault`); local builds point it at the payment simulator (`VITE_CARD_VAULT_URL`).
 */

/** What the buyer typed. `cvv` is absent when a card is only saved for later. */
export interface CardDetails {
  number: string
  expiryMonth: number
  expiryYear: number
  holderName: string
  cvv?: string
}

interface CardToken {
  /** Single use, minutes long: hand it to `save_bank_card` at once. */
  token: string
  brand: string
  last4: string
}

/**
 * Why the provider did not tokenize the card: a field it refused (shown at that field), or anything
 * else — a decline, no answer, the provider down, a misconfigured key — as `unavailable`: nothing was
 * saved, and the buyer may try again or use another card.
 */
export type CardVaultProblem = 'number' | 'expiry' | 'cvv' | 'holder' | 'unavailable'

export class CardVaultError extends Error {
  readonly problem: CardVaultProblem
  constructor(problem: CardVaultProblem, message?: string) {
    super(message ?? `card vault: ${problem}`)
    this.name = 'CardVaultError'
    this.problem = problem
  }
}

export interface CardVaultService {
  tokenize(card: CardDetails, options?: { signal?: AbortSignal }): Promise<CardToken>
}

export interface CardVaultOptions {
  /** The provider's API base (`https://…`, or a same-origin path such as `/dev/payment/provider`). */
  url: string
  publishableKey: string
  fetch?: typeof globalThis.fetch
}

/** The provider's error code or parameter → the field the buyer fixes. */
function problemOf(code: string, param: string): CardVaultProblem {
  if (param === 'number' || /number/.test(code)) return 'number'
  if (param.startsWith('exp') || /expir/.test(code)) return 'expiry'
  if (param === 'cvc' || /cvc/.test(code)) return 'cvv'
  if (param === 'name') return 'holder'
  return 'unavailable'
}

export function createCardVault({ url, publishableKey, fetch: send = (...args) => globalThis.fetch(...args) }: CardVaultOptions): CardVaultService {
  const endpoint = `${url.replace(/\/+$/, '')}/v1/tokens`
  return {
    async tokenize(card, options = {}) {
      const form = new URLSearchParams({
        'card[number]': card.number,
        'card[exp_month]': String(card.expiryMonth),
        'card[exp_year]': String(card.expiryYear),
        'card[name]': card.holderName,
      })
      if (card.cvv !== undefined) form.set('card[cvc]', card.cvv)
      let response: Response
      try {
        response = await send(endpoint, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Bearer ${publishableKey}` },
          body: form.toString(),
          // Card data never goes into a cache or a referrer.
          cache: 'no-store',
          referrerPolicy: 'no-referrer',
          ...(options.signal ? { signal: options.signal } : {}),
        })
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error
        throw new CardVaultError('unavailable', error instanceof Error ? error.message : String(error))
      }
      const body = (await response.json().catch(() => null)) as {
        id?: unknown
        card?: { brand?: unknown; last4?: unknown }
        error?: { code?: unknown; param?: unknown; message?: unknown }
      } | null
      if (response.ok && typeof body?.id === 'string') {
        return { token: body.id, brand: String(body.card?.brand ?? 'card'), last4: String(body.card?.last4 ?? '') }
      }
      if (response.status === 402 && body?.error) {
        throw new CardVaultError(problemOf(String(body.error.code ?? ''), String(body.error.param ?? '')), String(body.error.message ?? ''))
      }
      throw new CardVaultError('unavailable', `card vault answered ${response.status}`)
    },
  }
}
