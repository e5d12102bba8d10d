import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { HubTransport } from '@vchat/xmpp-chat'
import type { ApiService, Services } from '../../services/types'
import { fakeChatService } from '../../testing/fakeChat'
import { fakeServices, manualClock } from '../../testing/fakeServices'
import { renderApp } from '../../testing/renderApp'
import { selectCall } from './callSlice'
import { hubAndCalls } from './callTestHarness'

const USER = { uid: '100001', jid: 'user_100001@localhost', vcToken: 't', role: 2, nickName: 'Demo', name: 'Demo' }
const HOST = 'anchor_200001@localhost'
/** The coin store sheet's name. */
const STORE = 'Buy gems'


/** Opens `path` signed in as the demo user, with the hub faked; `api` overrides what the server says. */
async function openCall(path: string, api: Partial<ApiService> = {}) {
  const hub = hubAndCalls()
  const chat = fakeChatService({ me: USER.jid, state: 'connected' })
  ;(chat as { hubTransport: HubTransport | null }).hubTransport = hub.transport
  const services: Services = { ...fakeServices({ chat, api }), calls: hub.calls }
  const app = await renderApp({ path, services, preloadedState: { auth: { user: USER }, account: { gemsBalance: 500 } } })
  return { ...app, hub }
}

const newUser: Partial<ApiService> = {
  getAccount: async () => ({ paid: false, gemsBalance: 0, silverBalance: 0, silverSpent: 0 }),
  getFirstCallInfo: async () => ({ freeFirstCallTotalTimes: 1, freeFirstCallRemainingTimes: 1, freeFirstCallDuration: 60 }),
  getPaidUserFreeCall: async () => ({ freeTimes: 0, freeDuration: 60, rechargeReminderTime: 45, matchToFlashTime: 15 }),
}

/** The host's price as the (fake) server has it, read from the confirmation itself. */
async function confirmation() {
  return within(await screen.findByRole('region', { name: /^Video call with / }))
}

describe('the call confirmation (every call to a host, deep links included)', () => {
  it('shows the host, her price per minute and the balance, and sends nothing to the hub before Start', async () => {
    const { hub, store } = await openCall('/video/200001')
    const sheet = await confirmation()
    expect(await sheet.findByText(/gems per minute$/)).toBeInstanceOf(Element)
    expect(sheet.getByText('Balance: 500 gems')).toBeInstanceOf(Element)
    expect(sheet.queryByText(/^Free for/)).toBeNull()
    expect(hub.sent).toEqual([])

    fireEvent.click(sheet.getByRole('button', { name: 'Start video call' }))
    await waitFor(() => expect(hub.sent[0]?.action).toBe('SessionRequest'))
    expect(hub.sent[0]?.payload).toEqual({ callee: HOST })
    expect(selectCall(store.getState()).status).toBe(1)
  })

  it("offers a new user's free first call with what follows it, and asks the hub for it", async () => {
    const { hub, store } = await openCall('/video/200001', newUser)
    const sheet = await confirmation()
    expect(await sheet.findByText('Free for the first 60 seconds')).toBeInstanceOf(Element)
    expect(sheet.getByText('Your first call is on us.')).toBeInstanceOf(Element)
    expect(sheet.getByText(/^Then \d+ gems per minute\. Hang up any time\.$/)).toBeInstanceOf(Element)
    expect(sheet.getByText('Balance: 0 gems')).toBeInstanceOf(Element)
    fireEvent.click(sheet.getByRole('button', { name: 'Start free call' }))
    await waitFor(() => expect(hub.sent[0]?.action).toBe('SessionRequest'))
    expect(hub.sent[0]?.payload).toEqual({ callee: HOST, free: true, continuePaid: true })
    // What the hub granted, and later its conversion to paid, reach the call's state.
    hub.deliver('SessionSuccess', { sid: 's-1', price: 60, free: 'first', freeDuration: 60, continuePaid: true, gemsBalance: 0 })
    await waitFor(() => expect(selectCall(store.getState()).free).toEqual({ free: 'first', durationS: 60, continuePaid: true }))
    hub.deliver('ReChargeSuccess', { sid: 's-1', gemsBalance: 12, charged: 60, converted: true })
    await waitFor(() => expect(selectCall(store.getState())).toMatchObject({ converted: true, gemsBalance: 12 }))
  })

  it("a paying user's free call is offered on a call from a match, not from a profile", async () => {
    await openCall('/video/200001?via=match')
    const sheet = await confirmation()
    expect(await sheet.findByText('A free call for members who have bought gems.')).toBeInstanceOf(Element)
    expect(sheet.getByRole('button', { name: 'Start free call' })).toBeInstanceOf(Element)
  })

  it('without gems for the first minute it offers the coin store instead of a call that would be refused', async () => {
    const { hub } = await openCall('/video/200001', { ...newUser, getFirstCallInfo: async () => ({ freeFirstCallTotalTimes: 1, freeFirstCallRemainingTimes: 0, freeFirstCallDuration: 60 }) })
    const sheet = await confirmation()
    expect((await sheet.findByRole('alert')).textContent).toMatch(/^You need \d+ gems for the first minute\.$/)
    expect(sheet.queryByRole('button', { name: 'Start video call' })).toBeNull()
    fireEvent.click(sheet.getByRole('button', { name: 'Buy gems' }))
    expect(await screen.findByRole('dialog', { name: /gems/i })).toBeInstanceOf(Element)
    expect(hub.sent).toEqual([])
  })

  it('"Not now" goes to the host\'s profile without calling', async () => {
    const { hub, router } = await openCall('/video/200001')
    const sheet = await confirmation()
    fireEvent.click(sheet.getByRole('button', { name: 'Not now' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/anchorprofile'))
    expect(hub.sent).toEqual([])
  })

  it('when the free calls cannot be checked it says so, starts nothing, and retries', async () => {
    let fail = true
    const { hub } = await openCall('/video/200001', {
      getFirstCallInfo: async () => {
        if (fail) throw new TypeError('offline')
        return { freeFirstCallTotalTimes: 1, freeFirstCallRemainingTimes: 0, freeFirstCallDuration: 60 }
      },
    })
    const sheet = await confirmation()
    expect(await sheet.findByText('The call price could not be checked')).toBeInstanceOf(Element)
    expect((sheet.getByRole('button', { name: 'Start video call' }) as HTMLButtonElement).disabled).toBe(true)
    fail = false
    fireEvent.click(sheet.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect((sheet.getByRole('button', { name: 'Start video call' }) as HTMLButtonElement).disabled).toBe(false))
    expect(hub.sent).toEqual([])
  })
})

describe('a free call in progress', () => {
  const freeCall = (extra: Record<string, unknown>) => ({
    status: 2,
    direction: 'outgoing' as const,
    peer: HOST,
    sid: 's-1',
    // An outgoing call: its price is what the hub's SessionSuccess said.
    price: null,
    hubPrice: 60,
    connectedAt: 0,
    gemsBalance: 0,
    free: { free: 'first' as const, durationS: 60, continuePaid: true },
    offer: { firstLeft: 0, firstDurationS: 60, paidLeft: 0, paidDurationS: 60, rechargeReminderS: 45 },
    offerStatus: 'ready' as const,
    ...extra,
  })

  it('counts the free time down, and within the reminder offers gems when the balance cannot pay the next minute', async () => {
    const clock = manualClock(0)
    await renderApp({ path: '/videoview', services: fakeServices({ clock }), preloadedState: { auth: { user: USER }, account: { gemsBalance: 0 }, call: freeCall({}) } })
    expect((await screen.findByText(/^Free time left/)).textContent).toBe('Free time left 01:00')
    expect(screen.queryByText(/^Add gems to keep talking/)).toBeNull()
    expect(screen.queryByText('60 gems per minute')).toBeNull()
    act(() => clock.tick(15_000))
    expect(screen.getByText(/^Free time left/).textContent).toBe('Free time left 00:45')
    expect(screen.getByText(/^Add gems to keep talking: 60 gems per minute after the free time\./)).toBeInstanceOf(Element)
    fireEvent.click(screen.getAllByRole('button', { name: 'Buy gems' })[0]!)
    expect(await screen.findByRole('dialog', { name: /gems/i })).toBeInstanceOf(Element)
    // The call is still up behind the coin store.
    expect(screen.getByRole('button', { name: 'Hang up' })).toBeInstanceOf(Element)
  })

  /** Opens the coin store from the call's reminder and pays for the 60-gem package by card. */
  async function buyDuringTheCall() {
    const clock = manualClock(0)
    const app = await renderApp({ path: '/videoview', services: fakeServices({ clock }), preloadedState: { auth: { user: USER }, account: { gemsBalance: 0 }, call: freeCall({}) } })
    act(() => clock.tick(15_000))
    fireEvent.click(screen.getAllByRole('button', { name: 'Buy gems' })[0]!)
    const store = await screen.findByRole('dialog', { name: STORE })
    fireEvent.click(await within(store).findByText('60 gems'))
    fireEvent.click(within(store).getByRole('radio', { name: /^Credit or debit card/ }))
    fireEvent.click(within(store).getByRole('button', { name: 'Pay $0.99' }))
    return app
  }

  it('buying gems during the call opens the checkout in a window of its own; this tab stays on the call', async () => {
    const opened = { location: { href: '' }, close: vi.fn() }
    const open = vi.spyOn(window, 'open').mockReturnValue(opened as unknown as Window)
    try {
      const app = await buyDuringTheCall()
      expect(open).toHaveBeenCalledWith('about:blank', 'vchat-pay', 'popup,width=600,height=400')
      const checkout = new URL(opened.location.href)
      expect(checkout.pathname).toBe('/checkoutCards')
      expect(Object.fromEntries(checkout.searchParams)).toMatchObject({ sku: 'gems_60', country: 'US' })
      await waitFor(() => expect(screen.queryByRole('dialog', { name: STORE })).toBeNull())
      expect(app.router.state.location.pathname).toBe('/videoview')
      expect(screen.getByRole('button', { name: 'Hang up' })).toBeInstanceOf(Element)
    } finally {
      open.mockRestore()
    }
  })

  it('a blocked payment window is explained, and the call stays as it is', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    try {
      const app = await buyDuringTheCall()
      expect(await within(screen.getByRole('dialog', { name: STORE })).findByText(/^Your browser blocked the payment window\./)).toBeInstanceOf(Element)
      expect(app.router.state.location.pathname).toBe('/videoview')
    } finally {
      open.mockRestore()
    }
  })

  it('says nothing about gems when the balance pays the next minute', async () => {
    const clock = manualClock(0)
    await renderApp({ path: '/videoview', services: fakeServices({ clock }), preloadedState: { auth: { user: USER }, account: { gemsBalance: 500 }, call: freeCall({ gemsBalance: 500 }) } })
    act(() => clock.tick(30_000))
    expect((await screen.findByText(/^Free time left/)).textContent).toBe('Free time left 00:30')
    expect(screen.queryByText(/^Add gems to keep talking/)).toBeNull()
  })

  it('once the hub converted the call, shows the price that now runs', async () => {
    await renderApp({ path: '/videoview', preloadedState: { auth: { user: USER }, account: { gemsBalance: 12 }, call: freeCall({ converted: true, gemsBalance: 12 }) } })
    expect(await screen.findByText('Free time is over: 60 gems per minute now.')).toBeInstanceOf(Element)
    expect(screen.queryByText(/^Free time left/)).toBeNull()
    expect(screen.getByText('60 gems per minute')).toBeInstanceOf(Element)
  })
})
