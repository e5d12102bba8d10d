import { act, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { HubTransport } from '@vchat/xmpp-chat'
import { makeStore } from '../../app/store'
import { fakeChatService } from '../../testing/fakeChat'
import { fakeServices } from '../../testing/fakeServices'
import { renderApp } from '../../testing/renderApp'
import { listenForRechargeNotices, rechargeNoticeOf } from './walletListeners'
import { rechargeSucceeded } from './walletSlice'

const USER = { uid: '100001', jid: 'user_100001@localhost', vcToken: 't', role: 2, nickName: 'Demo', name: 'Demo' }

/** The hub side of the messaging session: delivers what the hub says to whoever listens. */
function fakeHub() {
  const listeners = new Set<(call: { action: string; payload: unknown; from: string }) => void>()
  const transport = {
    hubDomain: 'hub.localhost',
    sendCall: async () => {},
    onCall(listener: (call: { action: string; payload: unknown; from: string }) => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    send: async () => {},
    onStanza: () => () => {},
  }
  return {
    transport,
    listening: () => listeners.size,
    deliver(action: string, payload: unknown) {
      act(() => {
        for (const listener of [...listeners]) listener({ action, payload, from: 'hub.localhost' })
      })
    },
  }
}

describe('rechargeNoticeOf', () => {
  it("reads a paid order's notice, with or without its order id", () => {
    expect(rechargeNoticeOf({ action: 'ReChargeSuccess', payload: { gemsBalance: 560, orderId: 'ord_1' } })).toEqual({ orderId: 'ord_1' })
    expect(rechargeNoticeOf({ action: 'ReChargeSuccess', payload: { gemsBalance: 560 } })).toEqual({ orderId: null })
    expect(rechargeNoticeOf({ action: 'ReChargeSuccess', payload: null })).toEqual({ orderId: null })
  })

  it("leaves a call's per-minute notice and other actions to the call layer", () => {
    expect(rechargeNoticeOf({ action: 'ReChargeSuccess', payload: { sid: 's-1', gemsBalance: 440, charged: 60 } })).toBeNull()
    expect(rechargeNoticeOf({ action: 'CallIn', payload: { sid: 's-1' } })).toBeNull()
  })
})

describe('ReChargeSuccess anywhere in the signed-in app', () => {
  async function signedIn() {
    const hub = fakeHub()
    const chat = fakeChatService({ me: USER.jid })
    ;(chat as { hubTransport: HubTransport | null }).hubTransport = hub.transport as unknown as HubTransport
    const getAccount = vi.fn(async () => ({ paid: true, gemsBalance: 560, silverBalance: 0, silverSpent: 0 }))
    const services = fakeServices({ chat, api: { getAccount } })
    const app = await renderApp({ path: '/goddess', services, preloadedState: { auth: { user: USER }, account: { gemsBalance: 500, paid: false } } as never })
    return { ...app, hub, chat, getAccount }
  }

  it('refreshes balance and paid flag through the account endpoint, once per order even when the notice comes twice', async () => {
    const { hub, store, getAccount } = await signedIn()
    await waitFor(() => expect(hub.listening()).toBeGreaterThan(0))
    hub.deliver('ReChargeSuccess', { gemsBalance: 560, orderId: 'ord_a' })
    hub.deliver('ReChargeSuccess', { gemsBalance: 560, orderId: 'ord_a' })
    await waitFor(() => expect(store.getState().account).toMatchObject({ gemsBalance: 560, paid: true }))
    expect(getAccount).toHaveBeenCalledTimes(1)
    hub.deliver('ReChargeSuccess', { gemsBalance: 620, orderId: 'ord_b' })
    await waitFor(() => expect(getAccount).toHaveBeenCalledTimes(2))
  })

  it("a call's per-minute ReChargeSuccess does not call the account endpoint", async () => {
    const { hub, getAccount } = await signedIn()
    await waitFor(() => expect(hub.listening()).toBeGreaterThan(0))
    hub.deliver('ReChargeSuccess', { sid: 's-1', gemsBalance: 440, charged: 60 })
    expect(getAccount).not.toHaveBeenCalled()
  })

  it('listens only while messaging is logged in', async () => {
    const { hub, chat, getAccount } = await signedIn()
    await waitFor(() => expect(hub.listening()).toBeGreaterThan(0))
    act(() => chat.setState('disconnected'))
    await waitFor(() => expect(hub.listening()).toBe(0))
    hub.deliver('ReChargeSuccess', { gemsBalance: 560, orderId: 'ord_c' })
    act(() => chat.setState('connected'))
    await waitFor(() => expect(hub.listening()).toBeGreaterThan(0))
    expect(getAccount).not.toHaveBeenCalled()
    hub.deliver('ReChargeSuccess', { gemsBalance: 560, orderId: 'ord_c' })
    await waitFor(() => expect(getAccount).toHaveBeenCalledTimes(1))
  })
})

describe('listenForRechargeNotices', () => {
  it('two notices for one order dispatched back to back refresh once; unsubscribing stops them', async () => {
    const hub = fakeHub()
    const getAccount = vi.fn(async () => ({ paid: true, gemsBalance: 560, silverBalance: 0, silverSpent: 0 }))
    const store = makeStore({ services: fakeServices({ api: { getAccount } }) })
    const pending: Promise<unknown>[] = []
    const stop = listenForRechargeNotices(hub.transport, (notice) => pending.push(store.dispatch(rechargeSucceeded(notice))))
    hub.deliver('ReChargeSuccess', { gemsBalance: 560, orderId: 'ord_d' })
    hub.deliver('ReChargeSuccess', { gemsBalance: 560, orderId: 'ord_d' })
    await Promise.all(pending)
    expect(getAccount).toHaveBeenCalledTimes(1)
    expect(store.getState().account.gemsBalance).toBe(560)
    stop()
    hub.deliver('ReChargeSuccess', { gemsBalance: 560, orderId: 'ord_e' })
    expect(pending).toHaveLength(2)
  })
})
