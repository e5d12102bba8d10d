import { describe, expect, it } from 'vitest'
import { CardVaultError, createCardVault } from './cardVault'

const card = { number: '4242424242424242', expiryMonth: 12, expiryYear: 2030, holderName: 'Asha Rao', cvv: '123' }

function answering(status: number, body: unknown) {
  const sent: { url: string; init: RequestInit }[] = []
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({ url: String(url), init: init ?? {} })
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
  }
  return { sent, fetch: fetch as typeof globalThis.fetch }
}

async function problemOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
  } catch (error) {
    if (error instanceof CardVaultError) return error.problem
    throw error
  }
  throw new Error('expected a refusal')
}

describe('card vault adapter', () => {
  it('posts the card form-encoded to the provider with the publishable key, and answers the token', async () => {
    const provider = answering(200, { id: 'tok_abc123', object: 'token', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 } })
    const vault = createCardVault({ url: 'https://vault.example.com/', publishableKey: 'pk_test_abcdefgh', fetch: provider.fetch })
    expect(await vault.tokenize(card)).toEqual({ token: 'tok_abc123', brand: 'visa', last4: '4242' })
    const [request] = provider.sent
    expect(request?.url).toBe('https://vault.example.com/v1/tokens')
    expect(request?.init.method).toBe('POST')
    expect(request?.init.headers).toMatchObject({ Authorization: 'Bearer pk_test_abcdefgh', 'Content-Type': 'application/x-www-form-urlencoded' })
    expect(Object.fromEntries(new URLSearchParams(String(request?.init.body)))).toEqual({
      'card[number]': '4242424242424242',
      'card[exp_month]': '12',
      'card[exp_year]': '2030',
      'card[name]': 'Asha Rao',
      'card[cvc]': '123',
    })
  })

  it('sends no code for a card saved for later', async () => {
    const provider = answering(200, { id: 'tok_x', card: { brand: 'visa', last4: '4242' } })
    await createCardVault({ url: '/dev/payment/provider', publishableKey: 'pk_test_abcdefgh', fetch: provider.fetch }).tokenize({ ...card, cvv: undefined })
    expect(provider.sent[0]?.url).toBe('/dev/payment/provider/v1/tokens')
    expect(String(provider.sent[0]?.init.body)).not.toContain('cvc')
  })

  it.each([
    [{ code: 'incorrect_number', param: 'number' }, 'number'],
    [{ code: 'invalid_expiry_year', param: 'exp_year' }, 'expiry'],
    [{ code: 'expired_card', param: '' }, 'expiry'],
    [{ code: 'invalid_cvc', param: 'cvc' }, 'cvv'],
    [{ code: 'invalid_name', param: 'name' }, 'holder'],
    [{ code: 'card_declined', param: '' }, 'unavailable'],
  ])('a 402 %j is the buyer\'s %s to fix', async (error, problem) => {
    const vault = createCardVault({ url: 'https://vault.example.com', publishableKey: 'pk_test_abcdefgh', fetch: answering(402, { error: { type: 'card_error', ...error } }).fetch })
    expect(await problemOf(vault.tokenize(card))).toBe(problem)
  })

  it('a provider that fails, answers garbage or cannot be reached is unavailable; an abort stays an abort', async () => {
    for (const [status, body] of [[500, { error: {} }], [401, { error: { code: 'invalid_api_key' } }], [200, 'not json']] as const) {
      const vault = createCardVault({ url: 'https://vault.example.com', publishableKey: 'pk_test_abcdefgh', fetch: answering(status, body).fetch })
      expect(await problemOf(vault.tokenize(card))).toBe('unavailable')
    }
    const offline = createCardVault({ url: 'https://vault.example.com', publishableKey: 'pk_test_abcdefgh', fetch: async () => Promise.reject(new TypeError('Failed to fetch')) })
    expect(await problemOf(offline.tokenize(card))).toBe('unavailable')
    const aborted = createCardVault({ url: 'https://vault.example.com', publishableKey: 'pk_test_abcdefgh', fetch: async () => Promise.reject(new DOMException('stopped', 'AbortError')) })
    await expect(aborted.tokenize(card)).rejects.toMatchObject({ name: 'AbortError' })
  })
})
