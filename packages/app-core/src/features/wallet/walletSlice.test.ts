import { ApiError } from '@vchat/api-client'
import { describe, expect, it, vi } from 'vitest'
import { makeStore } from '../../app/store'
import { fakeServices } from '../../testing/fakeServices'
import { fakeCardVault, fakePaymentWorld } from '../../testing/walletFixtures'
import {
  checkOrderStatus,
  loadPaymentChannels,
  loadPayRecords,
  placeOrder,
  rechargeSucceeded,
  saveBankCard,
} from './walletSlice'

function setup(gemsBalance = 500) {
  const world = fakePaymentWorld({ gemsBalance })
  const getAccount = vi.fn(async () => ({ paid: true, gemsBalance: world.gemsBalance, silverBalance: 0, silverSpent: 0 }))
  const services = fakeServices({ api: { ...world.api, getAccount } })
  const store = makeStore({ services, preloadedState: { account: { paid: false, gemsBalance } } })
  return { world, store, getAccount }
}

const usCard = { sku: 'gems_700', country: 'US', channelId: 'card', cardId: 'card_demo4242' }

describe('wallet slice', () => {
  it("an order the server says it does not have is unknown; a network error, a 5xx, a time-out or a rate limit is asked again", async () => {
    const answers: Record<string, unknown> = {
      refused: new ApiError('BACKEND_ERROR', 'the backend request error', { path: 'p', requestId: 'r', result: 0 }),
      malformed: new ApiError('HTTP_ERROR', 'Request failed', { path: 'p', requestId: 'r', status: 400 }),
      offline: new ApiError('NETWORK_ERROR', 'Network Error', { path: 'p', requestId: 'r' }),
      broken: new ApiError('HTTP_ERROR', 'Request failed', { path: 'p', requestId: 'r', status: 503 }),
      slow: new ApiError('HTTP_ERROR', 'Request failed', { path: 'p', requestId: 'r', status: 408 }),
      limited: new ApiError('HTTP_ERROR', 'Request failed', { path: 'p', requestId: 'r', status: 429 }),
    }
    const services = fakeServices({ api: { getPayOrderStatus: async ({ orderId }: { orderId: string }) => Promise.reject(answers[orderId]) } })
    const store = makeStore({ services })
    for (const orderId of Object.keys(answers)) await store.dispatch(checkOrderStatus(orderId))
    const orders = store.getState().wallet?.orders ?? {}
    expect(Object.fromEntries(Object.entries(orders).map(([id, o]) => [id, { unknown: o.unknown, error: o.error }]))).toEqual({
      refused: { unknown: true, error: false },
      malformed: { unknown: true, error: false },
      offline: { unknown: false, error: true },
      broken: { unknown: false, error: true },
      slow: { unknown: false, error: true },
      limited: { unknown: false, error: true },
    })
  })

  it('loads the payment channels and keeps a failure visible', async () => {
    const { store } = setup()
    await store.dispatch(loadPaymentChannels())
    expect(store.getState().wallet?.channels.status).toBe('ready')
    expect(store.getState().wallet?.channels.data?.countries.map((c) => c.country)).toEqual(['US', 'IN', 'SA'])

    const failing = makeStore({ services: fakeServices({ api: { getPaymentChannels: async () => Promise.reject(new Error('offline')) } }) })
    await failing.dispatch(loadPaymentChannels())
    expect(failing.getState().wallet?.channels.status).toBe('failed')
  })

  it('a double click creates one order; a retry of the same choice sends the same client key', async () => {
    const { world, store } = setup()
    await store.dispatch(loadPaymentChannels())
    const [first, second] = await Promise.all([
      store.dispatch(placeOrder({ intent: usCard })),
      store.dispatch(placeOrder({ intent: usCard })),
    ])
    expect(placeOrder.fulfilled.match(first)).toBe(true)
    expect(placeOrder.rejected.match(second) && second.meta.condition).toBe(true)
    expect(world.calls.createOrder).toHaveLength(1)
    const key = world.calls.createOrder[0]?.clientOrderKey
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,64}$/)

    // retried (e.g. the answer was lost): same key → the server returns the same order
    const retry = await store.dispatch(placeOrder({ intent: usCard }))
    expect(world.calls.createOrder.map((c) => c.clientOrderKey)).toEqual([key, key])
    expect(world.orders.size).toBe(1)
    expect(placeOrder.fulfilled.match(retry) && retry.payload.redirectUrl).toContain('/dev/payment/checkout')

    // a different choice gets a new key
    await store.dispatch(placeOrder({ intent: { ...usCard, sku: 'gems_60' } }))
    expect(world.calls.createOrder[2]?.clientOrderKey).not.toBe(key)
  })

  it('a failed create keeps the key so the retry cannot make a second order', async () => {
    const world = fakePaymentWorld()
    let fail = true
    const services = fakeServices({
      api: {
        ...world.api,
        createOrder: async (request) => {
          const answer = await world.api.createOrder(request)
          if (fail) {
            fail = false
            throw new Error('answer lost')
          }
          return answer
        },
      },
    })
    const store = makeStore({ services })
    const intent = { sku: 'gems_300', country: 'IN', channelId: 'upi' }
    expect(placeOrder.rejected.match(await store.dispatch(placeOrder({ intent })))).toBe(true)
    expect(store.getState().wallet?.purchase.status).toBe('failed')
    const retried = await store.dispatch(placeOrder({ intent }))
    expect(placeOrder.fulfilled.match(retried)).toBe(true)
    expect(world.orders.size).toBe(1)
    // UPI waits on the pay result: no redirect
    expect(store.getState().wallet?.purchase.redirectUrl).toBeNull()
  })

  it('a wallet channel continues on the hosted checkout page', async () => {
    const { store } = setup()
    await store.dispatch(loadPaymentChannels())
    const result = await store.dispatch(placeOrder({ intent: { sku: 'gems_60', country: 'US', channelId: 'gpay' } }))
    expect(placeOrder.fulfilled.match(result) && result.payload.redirectUrl).toMatch(/checkout\?orderId=ord_/)
  })

  it('credits gems once however often the status is polled or the notice arrives', async () => {
    const { world, store, getAccount } = setup(500)
    await store.dispatch(placeOrder({ intent: { sku: 'gems_700', country: 'US', channelId: 'gpay' } }))
    const orderId = store.getState().wallet!.purchase.order!.orderId
    await store.dispatch(checkOrderStatus(orderId))
    expect(store.getState().wallet?.orders[orderId]?.payStatus).toBe('PENDING')
    expect(getAccount).not.toHaveBeenCalled()

    world.settle(orderId, 'TXN_SUCCESS')
    world.settle(orderId, 'TXN_SUCCESS')
    for (let i = 0; i < 4; i += 1) await store.dispatch(checkOrderStatus(orderId))
    await store.dispatch(rechargeSucceeded({ orderId }))
    await store.dispatch(rechargeSucceeded({ orderId }))
    await vi.waitFor(() => expect(store.getState().account.gemsBalance).toBe(1270))
    expect(getAccount).toHaveBeenCalledTimes(1)
    expect(store.getState().account.paid).toBe(true)
    expect(store.getState().wallet?.credited).toEqual([orderId])
    // the next purchase gets a fresh key
    expect(store.getState().wallet?.purchase.clientOrderKey).toBeNull()
  })

  it('a notice without an order id refreshes the balance each time', async () => {
    const { store, getAccount } = setup()
    await store.dispatch(rechargeSucceeded())
    await store.dispatch(rechargeSucceeded({}))
    expect(getAccount).toHaveBeenCalledTimes(2)
  })

  it('marks a failed status check and lets the next one through', async () => {
    const services = fakeServices({ api: { getPayOrderStatus: async () => Promise.reject(new Error('offline')) } })
    const store = makeStore({ services })
    await store.dispatch(checkOrderStatus('ord_x'))
    expect(store.getState().wallet?.orders['ord_x']).toMatchObject({ error: true, checking: false })
  })

  it('saves a card through the provider: the card goes to the vault, the product API gets its token only', async () => {
    const vault = fakeCardVault()
    const world = fakePaymentWorld()
    const save = vi.spyOn(world.api, 'saveBankCard')
    const store = makeStore({ services: fakeServices({ api: world.api, cardVault: vault }) })
    await store.dispatch(loadPaymentChannels())
    const card = { number: '5555555555554444', expiryMonth: 1, expiryYear: 2031, holderName: 'A B', cvv: '123' }
    await store.dispatch(saveBankCard({ card, keep: true }))
    expect(store.getState().wallet?.cardSave.status).toBe('saved')
    expect(store.getState().wallet?.channels.data?.cards.map((c) => c.last4)).toEqual(['4242', '4444'])
    expect(vault.calls).toEqual([card])
    expect(save.mock.calls).toEqual([[{ cardToken: expect.stringMatching(/^tok_/), keep: true }]])
    expect(JSON.stringify(save.mock.calls)).not.toMatch(/5555555555554444|"123"/)
  })

  it('a card the provider refuses is not saved: the refused field, or unavailable when the provider cannot be reached', async () => {
    const world = fakePaymentWorld()
    const save = vi.spyOn(world.api, 'saveBankCard')
    const store = makeStore({ services: fakeServices({ api: world.api }) })
    const base = { expiryMonth: 1, expiryYear: 2031, holderName: 'A B' }
    const refused = await store.dispatch(saveBankCard({ card: { ...base, number: '4242424242424242', cvv: '12' }, keep: true }))
    expect(saveBankCard.rejected.match(refused) && refused.payload).toBe('cvv')
    expect(store.getState().wallet?.cardSave).toMatchObject({ status: 'failed', problem: 'cvv' })
    const down = await store.dispatch(saveBankCard({ card: { ...base, number: '4242424242420000' }, keep: true }))
    expect(saveBankCard.rejected.match(down) && down.payload).toBe('unavailable')
    expect(save).not.toHaveBeenCalled()
  })

  it('pages the pay records by cursor without duplicates', async () => {
    const world = fakePaymentWorld()
    const store = makeStore({
      services: fakeServices({ api: { getPayRecords: async (request) => world.api.getPayRecords({ ...request, size: 2 }) } }),
    })
    await store.dispatch(loadPayRecords())
    expect(store.getState().wallet?.history).toMatchObject({ status: 'ready', nextCursor: '2' })
    await store.dispatch(loadPayRecords({ more: true }))
    expect(store.getState().wallet?.history.list).toHaveLength(3)
    expect(store.getState().wallet?.history.nextCursor).toBeNull()
    const skipped = await store.dispatch(loadPayRecords({ more: true }))
    expect(loadPayRecords.rejected.match(skipped) && skipped.meta.condition).toBe(true)
  })
})
