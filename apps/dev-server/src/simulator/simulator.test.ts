import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { post, signIn, startWorld, tokenizeAtProvider, type SignedInClient, type TestWorld } from '../test-support/world.ts'
import { escapeHtml } from './checkoutPage.ts'
import { safeReturnUrl } from './routes.ts'
import { luhnValid } from '@vchat/contract'
import { validateCard, validateVpa } from './validation.ts'

const NOW = Date.UTC(2025, 5, 10, 12, 0, 0)

describe('simulator validation', () => {
  it.each([
    ['4242424242424242', true],
    ['4111111111111111', true],
    ['5555555555554444', true],
    ['4242424242424241', false],
    ['12ab', false],
  ])('luhn %s → %s', (number, valid) => {
    expect(luhnValid(number)).toBe(valid)
  })

  it('checks card number, expiry and code', () => {
    expect(validateCard({ cardNumber: '4242 4242 4242 4242', expiry: '06/25', cvv: '123' }, NOW)).toEqual({})
    expect(validateCard({ cardNumber: '4242424242424241', expiry: '05/25', cvv: '12' }, NOW)).toEqual({
      cardNumber: 'card number is not valid',
      expiry: 'card has expired',
      cvv: 'enter the 3 or 4 digit security code',
    })
    expect(validateCard({ cardNumber: '42', expiry: '13/30', cvv: '1234' }, NOW)).toEqual({
      cardNumber: 'enter 12 to 19 digits',
      expiry: 'month must be 01 to 12',
    })
    expect(validateCard({ cardNumber: '4242424242424242', expiry: '0630', cvv: '123' }, NOW)).toEqual({ expiry: 'use MM/YY' })
  })

  it.each([
    ['alice@okaxis', true],
    ['a.b-c_d@ybl', true],
    ['alice', false],
    ['a@b', false],
    ['alice@1bank', false],
    ['al ice@okaxis', false],
  ])('vpa %s → %s', (vpa, valid) => {
    expect(Object.keys(validateVpa(vpa)).length === 0).toBe(valid)
  })

  it('follows only http(s) return addresses and escapes page text', () => {
    expect(safeReturnUrl('http://localhost:5173/payresult?orderId=x')).toBe('http://localhost:5173/payresult?orderId=x')
    expect(safeReturnUrl('javascript:alert(1)')).toBeNull()
    expect(safeReturnUrl('not a url')).toBeNull()
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;')
  })
})

describe('simulator pages', () => {
  let world: TestWorld
  let client: SignedInClient
  let key = 0

  beforeEach(async () => {
    world = await startWorld(NOW)
    const made = await post(world, '/dev/users', {})
    client = await signIn(world, (made.body?.data as { uid: string }).uid)
  })
  afterEach(async () => {
    await world.close()
  })

  const order = (channelId: string, country = channelId === 'upi' ? 'IN' : 'US', cardId?: string) =>
    client.api.createOrder({ clientOrderKey: `sim-key-${(key += 1)}`, sku: 'gems_300', country, channelId, ...(cardId ? { cardId } : {}) })

  const page = (orderId: string, extra = '') => fetch(`${world.server.url}/dev/payment/checkout?orderId=${orderId}${extra}`)
  const submit = (fields: Record<string, string>) =>
    fetch(`${world.server.url}/dev/payment/checkout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    })

  it('shows a pending card order with its fields and attribution, and 404 for an unknown order', async () => {
    const created = await order('card')
    expect(created.checkoutUrl).toBe(`${world.server.url}/dev/payment/checkout?orderId=${created.orderId}`)
    const response = await page(created.orderId, '&returnUrl=' + encodeURIComponent('http://app.test/payresult?orderId=1'))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    const text = await response.text()
    expect(text).toContain('name="cardNumber"')
    expect(text).toContain('fbp=fb.1.1 fbc=fb.1.2')
    expect(text).toContain('value="http://app.test/payresult?orderId=1"')
    expect((await page('ord_00000000000000000000')).status).toBe(404)
  })

  it('refuses a bad card and keeps the order pending; a good card approves it once and returns', async () => {
    const created = await order('card')
    const refused = await submit({ orderId: created.orderId, action: 'approve', cardNumber: '4242424242424241', expiry: '01/20', cvv: '1' })
    expect(refused.status).toBe(422)
    const text = await refused.text()
    expect(text).toContain('card number is not valid')
    expect(text).toContain('card has expired')
    expect(text).not.toContain('4242424242424241')
    expect((await client.api.getPayOrderStatus({ orderId: created.orderId })).payStatus).toBe('PENDING')

    const good = { orderId: created.orderId, action: 'approve', cardNumber: '4242424242424242', expiry: '12/30', cvv: '123', returnUrl: 'http://app.test/payresult' }
    const [first, second] = await Promise.all([submit(good), submit(good)])
    expect([first.status, second.status].sort()).toEqual([303, 409])
    expect([first, second].find((r) => r.status === 303)?.headers.get('location')).toBe('http://app.test/payresult')
    const status = await client.api.getPayOrderStatus({ orderId: created.orderId })
    // The user's first purchase: 320 gems and the 20% first-purchase bonus (64).
    expect(status).toMatchObject({ payStatus: 'TXN_SUCCESS', gemsCredited: 384, gemsBalance: 384 })
    // polled many times: still credited once
    for (let i = 0; i < 3; i += 1) expect((await client.api.getPayOrderStatus({ orderId: created.orderId })).gemsBalance).toBe(384)
    expect(await client.api.getAccount()).toMatchObject({ paid: true, gemsBalance: 384 })
    expect(await (await page(created.orderId)).text()).toContain('Payment success')
  })

  it('checks the UPI id; decline fails the order, time-out expires it, nothing is credited', async () => {
    const upi = await order('upi')
    expect(await (await page(upi.orderId, '&vpa=alice%40okaxis')).text()).toContain('value="alice@okaxis"')
    const refused = await submit({ orderId: upi.orderId, action: 'approve', vpa: 'alice' })
    expect(refused.status).toBe(422)
    expect(await refused.text()).toContain('enter a UPI id such as name@bank')
    expect((await submit({ orderId: upi.orderId, action: 'decline' })).status).toBe(200)
    expect((await client.api.getPayOrderStatus({ orderId: upi.orderId })).payStatus).toBe('TXN_FAILURE')

    const wallet = await order('gpay')
    expect(await (await page(wallet.orderId)).text()).toContain('Wallet payment')
    expect((await submit({ orderId: wallet.orderId, action: 'timeout' })).status).toBe(200)
    expect((await client.api.getPayOrderStatus({ orderId: wallet.orderId })).payStatus).toBe('EXPIRED')
    expect((await submit({ orderId: wallet.orderId, action: 'approve' })).status).toBe(409)
    expect((await client.api.getAccount()).gemsBalance).toBe(0)
    expect((await submit({ orderId: wallet.orderId, action: 'steal' })).status).toBe(400)
  })

  it('a card just tokenized with its code pays without it; the next payment with the saved card asks for the code on the challenge page', async () => {
    const { token } = await tokenizeAtProvider(world, { number: '4242424242424242' })
    const card = await client.api.saveBankCard({ cardToken: token, keep: true })
    const created = await order('card', 'US', card.cardId)
    const auth = await client.api.authenticatePayment({ orderId: created.orderId, cardId: card.cardId })
    expect(auth.requiresChallenge).toBe(true)
    const text = await (await fetch(auth.authenticationUrl)).text()
    expect(text).toContain('3-D Secure')
    expect(text).not.toContain('name="cardNumber"')
    expect(text).not.toContain('name="cvv"')
    expect((await submit({ orderId: created.orderId, action: 'approve' })).status).toBe(200)
    expect((await client.api.getAccount()).gemsBalance).toBe(384)

    const next = await order('card', 'US', card.cardId)
    await client.api.authenticatePayment({ orderId: next.orderId, cardId: card.cardId })
    expect(await (await page(next.orderId)).text()).toContain('name="cvv"')
    const refused = await submit({ orderId: next.orderId, action: 'approve', cvv: '12' })
    expect(refused.status).toBe(422)
    expect(await refused.text()).toContain('enter the 3 or 4 digit security code')
    expect((await client.api.getPayOrderStatus({ orderId: next.orderId })).payStatus).toBe('PENDING')
    expect((await submit({ orderId: next.orderId, action: 'approve', cvv: '123' })).status).toBe(200)
    expect((await client.api.getAccount()).gemsBalance).toBe(384 + 320)
  })
})
