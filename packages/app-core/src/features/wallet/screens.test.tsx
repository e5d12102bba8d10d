import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { fakeServices, manualClock } from '../../testing/fakeServices'
import { renderApp } from '../../testing/renderApp'
import { PAY_STATUS_POLL_MS, PAY_STATUS_TIMEOUT_MS, PURCHASE_ORIGIN_KEY } from './constants'
import { fakeCardVault, fakePaymentWorld, manyPayRecords, pagedPayRecords } from '../../testing/walletFixtures'
import { placeOrder } from './walletSlice'

const signedIn = { auth: { user: { uid: '100001', jid: 'user_100001@localhost', vcToken: 't', role: 2, nickName: 'Demo', name: 'Demo' } }, account: { paid: false, gemsBalance: 500 } }

function setup() {
  const world = fakePaymentWorld({ gemsBalance: 500 })
  const clock = manualClock(Date.UTC(2025, 5, 10))
  const getAccount = vi.fn(async () => ({ paid: true, gemsBalance: world.gemsBalance, silverBalance: 0, silverSpent: 0 }))
  const services = fakeServices({ clock, api: { ...world.api, getAccount } })
  return { world, clock, services, getAccount }
}

describe('pay result', () => {
  it('polls until TXN_SUCCESS, shows order, currency and amount, and refreshes the balance once', async () => {
    const { world, clock, services, getAccount } = setup()
    const order = await world.api.createOrder({ clientOrderKey: 'key-00000001', sku: 'gems_700', country: 'US', channelId: 'gpay' })
    const app = await renderApp({ path: `/payresult?orderId=${order.orderId}`, services, preloadedState: signedIn })
    expect(await screen.findByText('Checking your payment…', { selector: 'h2' })).toBeInstanceOf(Element)
    expect(screen.getByText(order.orderId)).toBeInstanceOf(Element)
    expect(await screen.findByText('$9.99')).toBeInstanceOf(Element)
    expect(screen.getByText('USD')).toBeInstanceOf(Element)
    world.settle(order.orderId, 'TXN_SUCCESS')
    for (let i = 0; i < 3; i += 1) await act(async () => clock.tick(PAY_STATUS_POLL_MS))
    expect(await screen.findByText('Payment successful — your gems are in your account')).toBeInstanceOf(Element)
    await waitFor(() => expect(app.store.getState().account).toMatchObject({ paid: true, gemsBalance: 1270 }))
    const polls = world.calls.getPayOrderStatus
    await act(async () => clock.tick(PAY_STATUS_POLL_MS * 5))
    expect(world.calls.getPayOrderStatus).toBe(polls)
    expect(getAccount).toHaveBeenCalledTimes(1)
  })

  it("a first purchase shows what the server credited, naming the first-purchase bonus; a later one the package alone", async () => {
    const world = fakePaymentWorld({ gemsBalance: 0, firstPurchase: true })
    const clock = manualClock(Date.UTC(2025, 5, 10))
    const getAccount = vi.fn(async () => ({ paid: true, gemsBalance: world.gemsBalance, silverBalance: 0, silverSpent: 0 }))
    const services = fakeServices({ clock, api: { ...world.api, getAccount } })
    const first = await world.api.createOrder({ clientOrderKey: 'key-00000011', sku: 'gems_700', country: 'US', channelId: 'gpay' })
    world.settle(first.orderId, 'TXN_SUCCESS')
    const app = await renderApp({ path: `/payresult?orderId=${first.orderId}`, services, preloadedState: signedIn })
    expect(await screen.findByText('Payment successful — your gems are in your account')).toBeInstanceOf(Element)
    // The package is 770 gems; the server credited 924 (20% first-purchase bonus: 154).
    expect(screen.getByTestId('pay-credited').textContent).toBe('924Includes 154 bonus gems for your first purchase')
    await waitFor(() => expect(screen.getByTestId('pay-balance').textContent).toBe('924'))
    app.unmount()

    const second = await world.api.createOrder({ clientOrderKey: 'key-00000012', sku: 'gems_60', country: 'US', channelId: 'gpay' })
    world.settle(second.orderId, 'TXN_SUCCESS')
    await renderApp({ path: `/payresult?orderId=${second.orderId}`, services, preloadedState: signedIn })
    expect(await screen.findByText('Payment successful — your gems are in your account')).toBeInstanceOf(Element)
    expect(screen.getByTestId('pay-credited').textContent).toBe('60')
    expect(screen.queryByText(/bonus gems for your first purchase/)).toBeNull()
  })

  it('shows a decline, and gives up after the time-out while still pending', async () => {
    const { world, clock, services } = setup()
    const declined = await world.api.createOrder({ clientOrderKey: 'key-00000002', sku: 'gems_60', country: 'US', channelId: 'gpay' })
    world.settle(declined.orderId, 'TXN_FAILURE')
    const first = await renderApp({ path: `/payresult?orderId=${declined.orderId}`, services, preloadedState: signedIn })
    expect(await screen.findByText('The payment was declined. Nothing was charged.')).toBeInstanceOf(Element)
    // Nothing was charged: "Try again" opens the store here, to pick another package or method.
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    const store = await screen.findByRole('dialog')
    expect(await within(store).findByText('$0.99')).toBeInstanceOf(Element)
    expect(first.router.state.location.pathname).toBe('/payresult')
    first.unmount()

    const pending = await world.api.createOrder({ clientOrderKey: 'key-00000003', sku: 'gems_60', country: 'US', channelId: 'gpay' })
    await renderApp({ path: `/payresult?orderId=${pending.orderId}`, services, preloadedState: signedIn })
    await screen.findByText('$0.99')
    await act(async () => clock.tick(PAY_STATUS_TIMEOUT_MS + PAY_STATUS_POLL_MS))
    expect(await screen.findByText(/still being processed/)).toBeInstanceOf(Element)
    // Still being processed may still be paid: no "Try again" that could pay twice.
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
  })

  it('an order id the server does not know says so, stops asking and leads to the payment history; a dropped connection keeps asking', async () => {
    const { world, clock, services } = setup()
    const app = await renderApp({ path: '/payresult?orderId=ord_not_mine', services, preloadedState: signedIn })
    expect(await screen.findByRole('heading', { name: "We can't find this payment. If you paid, it will be in your payment history." })).toBeInstanceOf(Element)
    expect(screen.queryByText(/connection/)).toBeNull()
    const asked = world.calls.getPayOrderStatus
    expect(asked).toBe(1)
    await act(async () => clock.tick(PAY_STATUS_POLL_MS * 5))
    expect(world.calls.getPayOrderStatus).toBe(asked)
    fireEvent.click(screen.getByRole('button', { name: 'Payment history' }))
    expect(app.router.state.location.pathname).toBe('/paymenthistory')
    app.unmount()

    // No answer at all: still checking, with the connection named, and asked again.
    const offline = fakeServices({ clock, api: { ...world.api, getPayOrderStatus: vi.fn(async () => Promise.reject(new Error('Network Error'))) } })
    const order = await world.api.createOrder({ clientOrderKey: 'key-00000021', sku: 'gems_60', country: 'US', channelId: 'gpay' })
    await renderApp({ path: `/payresult?orderId=${order.orderId}`, services: offline, preloadedState: signedIn })
    expect(await screen.findByText('Checking your payment…', { selector: 'h2' })).toBeInstanceOf(Element)
    await act(async () => clock.tick(PAY_STATUS_POLL_MS))
    expect(vi.mocked(offline.api.getPayOrderStatus).mock.calls.length).toBeGreaterThanOrEqual(2)
  })

  it('asks a visitor to sign in', async () => {
    await renderApp({ path: '/payresult?orderId=ord_1', services: setup().services })
    expect(await screen.findByText('Sign in to buy gems')).toBeInstanceOf(Element)
  })

  it('without an order says there is nothing to pay and leads to the payment history, asking the server nothing', async () => {
    const { world, services } = setup()
    const { router } = await renderApp({ path: '/payresult', services, preloadedState: signedIn })
    expect(await screen.findByRole('heading', { name: 'Nothing to pay here' })).toBeInstanceOf(Element)
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Payment history' }))
    expect(router.state.location.pathname).toBe('/paymenthistory')
    expect(world.calls.getPayOrderStatus).toBe(0)
  })
})

describe('card checkout', () => {
  it('has a back control: to the page the user came from, else to the payment history', async () => {
    const { services } = setup()
    const { router } = await renderApp({ path: '/checkoutCards?sku=gems_300&country=US&channel=card', services, preloadedState: signedIn })
    const back = await screen.findByRole('link', { name: 'Back' })
    expect(back.getAttribute('href')).toBe('/paymenthistory')
    fireEvent.click(back)
    expect(router.state.location.pathname).toBe('/paymenthistory')
  })

  it('checks Luhn and expiry before anything is sent', async () => {
    const { world, services } = setup()
    await renderApp({ path: '/checkoutCards?sku=gems_300&country=US&channel=card', services, preloadedState: signedIn })
    fireEvent.click(await screen.findByLabelText('A new card'))
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242424242424241' } })
    fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: '01/20' } })
    fireEvent.change(screen.getByLabelText('Security code'), { target: { value: '123' } })
    fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: 'A B' } })
    fireEvent.click(screen.getByRole('button', { name: /Pay/ }))
    expect(await screen.findByText("This card number isn't valid. Check for a typo.")).toBeInstanceOf(Element)
    expect(screen.getByText('This card has expired.')).toBeInstanceOf(Element)
    expect(world.calls.createOrder).toHaveLength(0)
  })

  it('a new card is saved for later only when the user ticks it: unticked, it pays this order and is not offered again', async () => {
    for (const keep of [false, true]) {
      const { services } = setup()
      const save = vi.spyOn(services.api, 'saveBankCard')
      const app = await renderApp({ path: '/checkoutCards?sku=gems_300&country=US&channel=card', services, preloadedState: signedIn })
      fireEvent.click(await screen.findByLabelText('A new card'))
      const tick = screen.getByRole('checkbox', { name: 'Save this card for later payments' }) as HTMLInputElement
      expect(tick.checked).toBe(false)
      if (keep) fireEvent.click(tick)
      fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4000056655665556' } })
      fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: '12/30' } })
      fireEvent.change(screen.getByLabelText('Security code'), { target: { value: '123' } })
      fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: 'A B' } })
      fireEvent.click(screen.getByRole('button', { name: 'Pay $4.99' }))
      await waitFor(() => expect(app.store.getState().wallet?.purchase.status).toBe('created'))
      expect(save.mock.calls[0]?.[0]).toMatchObject({ keep })
      const offered = app.store.getState().wallet?.channels.data?.cards.map((card) => card.last4) ?? []
      expect(offered.includes('5556'), `keep ${keep}`).toBe(keep)
      app.unmount()
    }
  })

  it('a new card goes to the payment provider; the product API gets a token, never the number or the code', async () => {
    const { services } = setup()
    const vault = fakeCardVault()
    const calls: unknown[] = []
    const api = Object.fromEntries(
      Object.entries(services.api).map(([name, method]) => [name, typeof method === 'function' ? (...args: unknown[]) => (calls.push(args), (method as (...a: unknown[]) => unknown)(...args)) : method]),
    ) as typeof services.api
    const app = await renderApp({ path: '/checkoutCards?sku=gems_300&country=US&channel=card', services: { ...services, api, cardVault: vault }, preloadedState: signedIn })
    fireEvent.click(await screen.findByLabelText('A new card'))
    expect(screen.getByText('Your card details go straight to our payment provider. Test Chat never sees your full card number or security code.')).toBeInstanceOf(Element)
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4000 0566 5566 5556' } })
    fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: '12/30' } })
    fireEvent.change(screen.getByLabelText('Security code'), { target: { value: '987' } })
    fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: 'A B' } })
    fireEvent.click(screen.getByRole('button', { name: 'Pay $4.99' }))
    await waitFor(() => expect(app.store.getState().wallet?.purchase.status).toBe('created'))
    expect(vault.calls).toEqual([{ number: '4000056655665556', expiryMonth: 12, expiryYear: 2030, holderName: 'A B', cvv: '987' }])
    expect(calls.length).toBeGreaterThan(2)
    expect(JSON.stringify(calls)).not.toMatch(/4000056655665556|5566 5556|987/)
  })

  it('shows the provider\'s refusal at the field it names, and an unreachable provider as nothing saved', async () => {
    const { world, services } = setup()
    await renderApp({ path: '/checkoutCards?sku=gems_300&country=US&channel=card', services, preloadedState: signedIn })
    fireEvent.click(await screen.findByLabelText('A new card'))
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242 4242 4242 0000' } })
    fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: '12/30' } })
    fireEvent.change(screen.getByLabelText('Security code'), { target: { value: '123' } })
    fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: 'A B' } })
    fireEvent.click(screen.getByRole('button', { name: 'Pay $4.99' }))
    expect(await screen.findByText("The card couldn't be saved. Check the details and try again.")).toBeInstanceOf(Element)
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4242 4242 4242 0000')
    expect(world.calls.createOrder).toHaveLength(0)
  })

  it('a double click on pay with a saved card creates one order and leaves for the card challenge', async () => {
    const { world, services } = setup()
    const app = await renderApp({ path: '/checkoutCards?sku=gems_300&country=US&channel=card', services, preloadedState: signedIn })
    // The saved card's code is asked on the provider's page, not here.
    const pay = await screen.findByRole('button', { name: 'Pay $4.99' })
    expect(screen.queryByLabelText('Security code')).toBeNull()
    fireEvent.click(pay)
    fireEvent.click(pay)
    await waitFor(() => expect(app.store.getState().wallet?.purchase.status).toBe('created'))
    expect(world.calls.createOrder).toHaveLength(1)
    expect(app.store.getState().wallet?.purchase.redirectUrl).toContain('/dev/payment/checkout?orderId=')
    expect(placeOrder.fulfilled.type).toBe('wallet/placeOrder/fulfilled')
  })
})

describe('UPI', () => {
  it('checks the UPI id, then waits on the process screen', async () => {
    const { world, services } = setup()
    const app = await renderApp({ path: '/upi?sku=gems_300&country=IN&channel=upi', services, preloadedState: signedIn })
    fireEvent.change(await screen.findByLabelText('UPI ID'), { target: { value: 'alice' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send payment request' }))
    expect(await screen.findByText('A UPI ID looks like name@bank.')).toBeInstanceOf(Element)
    fireEvent.change(screen.getByLabelText('UPI ID'), { target: { value: 'alice@okaxis' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send payment request' }))
    expect(await screen.findByText(/We sent a payment request to alice@okaxis/)).toBeInstanceOf(Element)
    expect(app.router.state.location.pathname).toBe('/upiprocess')
    expect(world.calls.createOrder).toHaveLength(1)
  })
})

describe('payment history', () => {
  it('lists pay records and opens the coin store with tiers and prices', async () => {
    const { services } = setup()
    await renderApp({ path: '/paymenthistory', services, preloadedState: signedIn })
    expect(await screen.findByText('Declined')).toBeInstanceOf(Element)
    expect(screen.getByText('₹414.17')).toBeInstanceOf(Element)
    fireEvent.click(screen.getByRole('button', { name: 'Buy gems' }))
    const large = await screen.findByText('3600 gems')
    expect(large.parentElement?.querySelector('[data-tier]')?.getAttribute('data-tier')).toBe('large')
    expect(screen.getByText('$49.99')).toBeInstanceOf(Element)
  })
})

describe('back to where the purchase started', () => {
  it('the pay result\'s "Back to the app" returns to the page the store was opened on, not to the home screen', async () => {
    const { world, services } = setup()
    const app = await renderApp({ path: '/paymenthistory', services, preloadedState: signedIn })
    fireEvent.click(await screen.findByRole('button', { name: 'Buy gems' }))
    const store = await screen.findByRole('dialog')
    fireEvent.click(await within(store).findByText('60 gems'))
    fireEvent.click(within(store).getByRole('radio', { name: /^Credit or debit card/ }))
    fireEvent.click(within(store).getByRole('button', { name: 'Pay $0.99' }))
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/checkoutCards'))
    // The card page and the hosted page come and go; the result page leads back.
    const order = await world.api.createOrder({ clientOrderKey: 'key-00000031', sku: 'gems_60', country: 'US', channelId: 'card' })
    world.settle(order.orderId, 'TXN_SUCCESS')
    await act(async () => app.router.navigate(`/payresult?orderId=${order.orderId}`))
    expect(await screen.findByText('Payment successful — your gems are in your account')).toBeInstanceOf(Element)
    fireEvent.click(screen.getByRole('button', { name: 'Back to the app' }))
    expect(app.router.state.location.pathname).toBe('/paymenthistory')
  })

  it('in the payment window a call opened, "Back to the app" closes that window (the call is in the other tab)', async () => {
    const { world, services } = setup()
    const close = vi.spyOn(window, 'close').mockImplementation(() => {})
    // Opened by another tab: jsdom's window has no opener of its own.
    const ownOpener = Object.getOwnPropertyDescriptor(window, 'opener')
    Object.defineProperty(window, 'opener', { value: {}, configurable: true, writable: true })
    try {
      // Its first payment page sees its name and notes it; the hosted checkout then clears the name.
      window.name = 'vchat-pay'
      const card = await renderApp({ path: '/checkoutCards?sku=gems_60&country=US&channel=card', services, preloadedState: signedIn })
      await screen.findByRole('heading', { name: 'Pay by card' })
      card.unmount()
      window.name = ''
      const order = await world.api.createOrder({ clientOrderKey: 'key-00000033', sku: 'gems_60', country: 'US', channelId: 'card' })
      world.settle(order.orderId, 'TXN_SUCCESS')
      const app = await renderApp({ path: `/payresult?orderId=${order.orderId}`, services, preloadedState: signedIn })
      fireEvent.click(await screen.findByRole('button', { name: 'Back to the app' }))
      expect(close).toHaveBeenCalledTimes(1)
      expect(app.router.state.location.pathname).toBe('/payresult')
    } finally {
      window.name = ''
      close.mockRestore()
      if (ownOpener) Object.defineProperty(window, 'opener', ownOpener)
      else Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true })
    }
  })

  it('without a remembered start, or with one that is not a page of this app, it goes to the home screen', async () => {
    for (const stored of [null, 'https://evil.example/x', '//evil.example', '/payresult?orderId=ord_1']) {
      const { world, services } = setup()
      if (stored !== null) services.storage.session<string>(PURCHASE_ORIGIN_KEY).set(stored)
      const order = await world.api.createOrder({ clientOrderKey: 'key-00000032', sku: 'gems_60', country: 'US', channelId: 'gpay' })
      world.settle(order.orderId, 'TXN_SUCCESS')
      const app = await renderApp({ path: `/payresult?orderId=${order.orderId}`, services, preloadedState: signedIn })
      fireEvent.click(await screen.findByRole('button', { name: 'Back to the app' }))
      expect(app.router.state.location.pathname, String(stored)).not.toBe('/payresult')
      expect(app.router.state.location.pathname, String(stored)).not.toContain('evil')
      app.unmount()
    }
  })
})

describe('payment history paging', () => {
  const RECORDS = manyPayRecords(45)

  function pagedServices(failCursor?: string) {
    const cursors: (string | undefined)[] = []
    const paged = pagedPayRecords(RECORDS)
    let failed = false
    const services = fakeServices({
      api: {
        getPayRecords: async (request) => {
          cursors.push(request.cursor)
          if (failCursor !== undefined && request.cursor === failCursor && !failed) {
            failed = true
            throw new Error('offline')
          }
          return paged(request)
        },
      },
    })
    return { services, cursors }
  }

  async function rows(): Promise<HTMLElement[]> {
    const list = await screen.findByRole('list', { name: 'Your payments' })
    return within(list).getAllByRole('listitem')
  }

  function scrollTo(y: number) {
    act(() => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: y })
      window.dispatchEvent(new Event('scroll'))
    })
  }

  it('is virtualised: only the rows in view are rendered and the next page waits until the end comes near', async () => {
    const { services, cursors } = pagedServices()
    await renderApp({ path: '/paymenthistory', services, preloadedState: signedIn })
    const shown = await rows()
    expect(shown.length).toBeGreaterThan(0)
    expect(shown.length).toBeLessThan(20)
    expect(shown[0]!.textContent).toContain(RECORDS[0]!.orderId)
    expect(shown[0]!.getAttribute('aria-setsize')).toBe('-1')
    expect(cursors).toEqual([undefined])
    scrollTo(20 * 112)
    await waitFor(() => expect(cursors).toEqual([undefined, '20']))
    scrollTo(40 * 112)
    await waitFor(() => expect(cursors).toEqual([undefined, '20', '40']))
    await waitFor(() => expect(screen.getByRole('list', { name: 'Your payments' }).getAttribute('data-count')).toBe('45'))
    const last = (await rows()).at(-1)!
    expect(last.textContent).toContain(RECORDS[44]!.orderId)
    expect(last.getAttribute('aria-setsize')).toBe('45')
    scrollTo(0)
  })

  it('a page that fails says so; retry loads it and paging goes on', async () => {
    const { services, cursors } = pagedServices('20')
    await renderApp({ path: '/paymenthistory', services, preloadedState: signedIn })
    await rows()
    scrollTo(20 * 112)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain("Couldn't load more payments.")
    expect(cursors).toEqual([undefined, '20'])
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(screen.getByRole('list', { name: 'Your payments' }).getAttribute('data-count')).toBe('40'))
    expect(screen.queryByRole('alert')).toBeNull()
    scrollTo(0)
  })
})
