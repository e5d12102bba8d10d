import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { HubTransport } from '@vchat/xmpp-chat'
import type { MediaDevicesLike } from '@vchat/webrtc-call'
import { fakeChatService } from '../../testing/fakeChat'
import { fakeHub } from '../../testing/fakeHub'
import { fakeServices } from '../../testing/fakeServices'
import { renderApp } from '../../testing/renderApp'
import type { CallsService, Services } from '../../services/types'
import { createCallRuntime } from './callRuntime'
import type { CallRuntime } from './callRuntime'
import { selectCall } from './callSlice'

const USER = { uid: '100001', jid: 'user_100001@localhost', vcToken: 't', role: 2, nickName: 'Demo', name: 'Demo' }
const CONFIG_FREE_CALL_ON = { mainInfo: { commonConfig: { enablePaidUserFreeCall: true } } }

/** The lazy calls facade's behaviour with the real runtime over fake media. */
function callsOver(opened: { count: number }): CallsService {
  let current: { transport: object; runtime: CallRuntime } | null = null
  const media: MediaDevicesLike = {
    getUserMedia: async () => {
      throw new Error('no camera in this test')
    },
  }
  return {
    preload: async () => {},
    async open({ transport, ...binding }) {
      if (!transport) return null
      if (current?.transport === transport) return current.runtime
      opened.count += 1
      current?.runtime.dispose()
      current = { transport, runtime: createCallRuntime({ ...binding, transport, media }) }
      return current.runtime
    },
    current: () => current?.runtime ?? null,
  }
}

async function signedInApp(options: { gemsBalance: number; paid?: boolean; freeCall?: boolean; state?: 'connected' | 'connecting'; jid?: string } = { gemsBalance: 500 }) {
  const user = options.jid ? { ...USER, uid: options.jid.split('_')[1]!.split('@')[0]!, jid: options.jid } : USER
  const hub = fakeHub()
  const chat = fakeChatService({ me: user.jid, state: options.state ?? 'connected' })
  ;(chat as { hubTransport: HubTransport | null }).hubTransport = hub.transport
  const opened = { count: 0 }
  const services: Services = { ...fakeServices({ chat }), calls: callsOver(opened) }
  const app = await renderApp({
    path: '/goddess',
    services,
    preloadedState: {
      auth: { user },
      account: { gemsBalance: options.gemsBalance, paid: options.paid ?? true },
      ...(options.freeCall ? { config: { info: CONFIG_FREE_CALL_ON } } : {}),
    } as never,
  })
  return { ...app, hub, chat, opened }
}

const CALL_IN = { sid: 's-1', caller: 'anchor_200001@localhost', price: 60, iceServers: [] }

describe('incoming calls anywhere in the app', () => {
  it('binds the call layer once messaging is live and rings with the caller and the price', async () => {
    const { hub, opened } = await signedInApp()
    await waitFor(() => expect(opened.count).toBe(1))
    hub.deliver('CallIn', CALL_IN)
    const popup = await screen.findByRole('alertdialog')
    // Named as the directory names her, with her photo (or initial); never her raw id.
    await waitFor(() => expect(popup.textContent).toContain('Mia is calling you'))
    expect(popup.textContent).not.toMatch(/anchor_|200001/)
    expect(popup.textContent).toContain('60 gems per minute')
    expect(hub.sent).toEqual([{ action: 'CallReady', payload: { sid: 's-1' } }])
  })

  it('waits for the messaging login before binding', async () => {
    const { hub, chat, opened } = await signedInApp({ gemsBalance: 500, state: 'connecting' })
    hub.deliver('CallIn', CALL_IN)
    expect(opened.count).toBe(0)
    expect(screen.queryByRole('alertdialog')).toBeNull()
    act(() => chat.setState('connected'))
    await waitFor(() => expect(opened.count).toBe(1))
    hub.deliver('CallIn', CALL_IN)
    expect(await screen.findByRole('alertdialog')).toBeInstanceOf(Element)
  })

  it('accept answers the hub and opens the call screen', async () => {
    const { hub, router, store, opened } = await signedInApp()
    await waitFor(() => expect(opened.count).toBe(1))
    hub.deliver('CallIn', CALL_IN)
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(hub.sent.map((s) => s.action)).toEqual(['CallReady', 'CallAccept']))
    expect(hub.sent[1]?.payload).toEqual({ sid: 's-1' })
    await waitFor(() => expect(router.state.location.pathname).toBe('/videoview'))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(selectCall(store.getState())).toMatchObject({ status: 5, answered: true, peer: 'anchor_200001@localhost' })
    expect((await screen.findByRole('status', { name: '' })).textContent).toBe('Incoming call')
  })

  it('decline cancels the call at the hub and the pop-up goes', async () => {
    const { hub, router, store, opened } = await signedInApp()
    await waitFor(() => expect(opened.count).toBe(1))
    hub.deliver('CallIn', CALL_IN)
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(hub.sent.map((s) => s.action)).toEqual(['CallReady', 'CallCancel'])
    expect(hub.sent[1]?.payload).toMatchObject({ sid: 's-1' })
    expect(selectCall(store.getState()).status).toBe(3)
    expect(router.state.location.pathname).toBe('/goddess')
  })

  it("the hub's balance after a call (a refunded hold, a billed minute) becomes the account's balance", async () => {
    const { hub, store, opened } = await signedInApp({ gemsBalance: 440 })
    await waitFor(() => expect(opened.count).toBe(1))
    act(() => hub.deliver('ReChargeSuccess', { sid: 's-9', gemsBalance: 500, charged: 0 }))
    expect(store.getState().account.gemsBalance).toBe(500)
  })

  it("refuses a call-back without more gems than the price: 'coins_insufficient', no ring", async () => {
    const { hub, store, opened } = await signedInApp({ gemsBalance: 60, paid: false })
    await waitFor(() => expect(opened.count).toBe(1))
    hub.deliver('CallIn', CALL_IN)
    await waitFor(() => expect(hub.sent).toEqual([{ action: 'CallCancel', payload: { sid: 's-1', reason: 'coins_insufficient' } }]))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(selectCall(store.getState()).status).toBe(0)
  })

  it('rings a call-back when the balance exceeds the price', async () => {
    const { hub, opened } = await signedInApp({ gemsBalance: 61, paid: false })
    await waitFor(() => expect(opened.count).toBe(1))
    hub.deliver('CallIn', CALL_IN)
    expect(await screen.findByRole('alertdialog')).toBeInstanceOf(Element)
    expect(hub.sent.map((s) => s.action)).toEqual(['CallReady'])
  })

  it('rings a call-back for a paid user with the paid-user free call, even without gems', async () => {
    const { hub, opened } = await signedInApp({ gemsBalance: 0, paid: true, freeCall: true })
    await waitFor(() => expect(opened.count).toBe(1))
    hub.deliver('CallIn', CALL_IN)
    expect(await screen.findByRole('alertdialog')).toBeInstanceOf(Element)
  })

  it('rings a host for a user\'s call whatever the host\'s own balance', async () => {
    const { hub, opened } = await signedInApp({ gemsBalance: 0, paid: false, jid: 'anchor_200001@localhost' })
    await waitFor(() => expect(opened.count).toBe(1))
    hub.deliver('CallIn', { ...CALL_IN, caller: 'user_300001@localhost' })
    expect(await screen.findByRole('alertdialog')).toBeInstanceOf(Element)
    expect(hub.sent.map((s) => s.action)).toEqual(['CallReady'])
  })

  it('does not bind or ring for a signed-out visitor', async () => {
    const hub = fakeHub()
    const chat = fakeChatService({ state: 'connected' })
    ;(chat as { hubTransport: HubTransport | null }).hubTransport = hub.transport
    const opened = { count: 0 }
    await renderApp({ path: '/', services: { ...fakeServices({ chat }), calls: callsOver(opened) } })
    hub.deliver('CallIn', CALL_IN)
    expect(opened.count).toBe(0)
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })
})

describe('CallCheck after messaging reconnects during a call', () => {
  async function ringingCall() {
    const app = await signedInApp()
    await waitFor(() => expect(app.opened.count).toBe(1))
    app.hub.deliver('CallIn', CALL_IN)
    await screen.findByRole('alertdialog')
    return app
  }

  it('asks the hub whether the sid is alive and keeps the call when it is', async () => {
    const { hub, chat, store } = await ringingCall()
    act(() => chat.setState('disconnected'))
    act(() => chat.setState('connected'))
    await waitFor(() => expect(hub.sent.at(-1)).toEqual({ action: 'CallCheck', payload: { sid: 's-1' } }))
    hub.deliver('CallCheck', { sid: 's-1', alive: true, state: 'ringing' })
    expect(selectCall(store.getState())).toMatchObject({ status: 5, sid: 's-1', failure: null })
    expect(screen.getByRole('alertdialog')).toBeInstanceOf(Element)
  })

  it('ends the call cleanly when the hub no longer knows the sid', async () => {
    const { hub, chat, store } = await ringingCall()
    act(() => chat.setState('disconnected'))
    act(() => chat.setState('connected'))
    await waitFor(() => expect(hub.sent.map((s) => s.action)).toContain('CallCheck'))
    hub.deliver('CallError', { sid: 's-1', reason: 'sidNonExistent', action: 'CallCheck' })
    await waitFor(() => expect(selectCall(store.getState())).toMatchObject({ status: 4, failure: { reason: 'sidNonExistent' } }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it('does not ask anything on a reconnect without a call', async () => {
    const { hub, chat, opened } = await signedInApp()
    await waitFor(() => expect(opened.count).toBe(1))
    act(() => chat.setState('disconnected'))
    act(() => chat.setState('connected'))
    expect(hub.sent).toEqual([])
  })
})
