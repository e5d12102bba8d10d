import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { makeStore } from '../../app/store'
import { fakeServices } from '../../testing/fakeServices'
import { renderApp } from '../../testing/renderApp'
import { CALL_STATUS, failureMessageKey, mediaStateChanged, qualityChanged, selectCall, selectCallBalance, snapshotChanged, talkSeconds } from './callSlice'
import { callBackRefusal, startCall } from './callThunks'
import type { CallRuntime } from './callRuntime'

const USER = { uid: '100001', jid: 'user_100001@localhost', vcToken: 't', role: 2, nickName: 'Demo', name: 'Demo' }

describe('call slice', () => {
  it('records when remote media arrived and clears it for the next call', () => {
    const store = makeStore({ services: fakeServices() })
    const base = { direction: 'outgoing' as const, peer: 'anchor_200001@localhost', sid: 's1', price: 60, failure: null }
    store.dispatch(snapshotChanged({ ...base, status: CALL_STATUS.Connecting, at: 1_000 }))
    store.dispatch(snapshotChanged({ ...base, status: CALL_STATUS.Connected, at: 2_000 }))
    expect(selectCall(store.getState())).toMatchObject({ status: 2, connectedAt: 2_000, price: 60 })
    store.dispatch(snapshotChanged({ ...base, status: CALL_STATUS.Initial, at: 3_000 }))
    expect(selectCall(store.getState())).toMatchObject({ status: 0, connectedAt: null, sid: null })
  })

  it('counts talk time without the media drops: the timer stands still while reconnecting, and a call ending mid-drop keeps it out', () => {
    const store = makeStore({ services: fakeServices() })
    const base = { direction: 'outgoing' as const, peer: 'anchor_200001@localhost', sid: 's1', price: 60, failure: null }
    store.dispatch(snapshotChanged({ ...base, status: CALL_STATUS.Connecting, at: 0 }))
    store.dispatch(snapshotChanged({ ...base, status: CALL_STATUS.Connected, at: 1_000 }))
    store.dispatch(qualityChanged('good'))
    store.dispatch(mediaStateChanged({ state: 'reconnecting', at: 31_000 }))
    expect(selectCall(store.getState())).toMatchObject({ media: 'reconnecting', reconnectingSince: 31_000, quality: 'good' })
    // 30 s of talk, then 6 s down: the timer still says 30 s.
    expect(talkSeconds(selectCall(store.getState()), 37_000)).toBe(30)
    store.dispatch(mediaStateChanged({ state: 'connected', at: 37_000 }))
    expect(selectCall(store.getState())).toMatchObject({ media: 'connected', reconnectingSince: null, pausedMs: 6_000 })
    expect(talkSeconds(selectCall(store.getState()), 47_000)).toBe(40)
    store.dispatch(mediaStateChanged({ state: 'reconnecting', at: 47_000 }))
    store.dispatch(snapshotChanged({ ...base, status: CALL_STATUS.Failed, failure: { reason: 'media-lost' }, at: 62_000 }))
    const ended = selectCall(store.getState())
    expect(ended).toMatchObject({ pausedMs: 21_000, reconnectingSince: null, endedAt: 62_000 })
    expect(talkSeconds(ended, ended.endedAt!)).toBe(40)
    expect(failureMessageKey(ended)).toBe('errors.media-lost')
    // The next call starts with no drops and no quality reading.
    store.dispatch(snapshotChanged({ ...base, sid: 's2', status: CALL_STATUS.Connecting, at: 70_000 }))
    expect(selectCall(store.getState())).toMatchObject({ pausedMs: 0, quality: null, media: 'connected' })
  })

  it('maps failures, hub end reasons and start refusals to translation keys', () => {
    expect(failureMessageKey({ failure: { reason: 'timeOut' }, endedReason: null, startError: null })).toBe('errors.timeOut')
    expect(failureMessageKey({ failure: null, endedReason: 'gems-insufficient', startError: null })).toBe('ended.gems-insufficient')
    expect(failureMessageKey({ failure: null, endedReason: null, startError: 'xmpp not connected' })).toBe('errors.xmpp not connected')
    expect(failureMessageKey({ failure: null, endedReason: null, startError: null })).toBeNull()
  })

  it('shows the hub-reported balance during a call, else the account balance', () => {
    const store = makeStore({ services: fakeServices(), preloadedState: { account: { gemsBalance: 500 } } })
    expect(selectCallBalance(store.getState())).toBe(500)
    store.dispatch({ type: 'call/balanceReported', payload: 440 })
    expect(selectCallBalance(store.getState())).toBe(440)
  })
})

describe('starting a call (SPEC §5)', () => {
  it("is refused with 'xmpp not connected' while messaging is not live", async () => {
    const store = makeStore({ services: fakeServices(), preloadedState: { auth: { user: USER } } })
    expect((await store.dispatch(startCall({ uid: '200001' }))).payload).toBe(false)
    expect(selectCall(store.getState()).startError).toBe('xmpp not connected')
  })

  it("is refused with 'null jid' without a jid", async () => {
    const store = makeStore({ services: fakeServices({ chat: { state: 'connected' } }) })
    await store.dispatch(startCall({ uid: '200001' }))
    expect(selectCall(store.getState()).startError).toBe('null jid')
  })

  it("the call-back rule needs more gems than the price, or the paid-user free call ('coins_insufficient')", () => {
    const state = (gemsBalance: number, paid = false) =>
      makeStore({ services: fakeServices(), preloadedState: { account: { gemsBalance, paid } } }).getState()
    expect(callBackRefusal(state(60), 60)).toBe('coins_insufficient')
    expect(callBackRefusal(state(61), 60)).toBeNull()
    // The paid-user free call counts as the server counts it: rings while one is left, not once used.
    const withOffer = (paidLeft: number) =>
      makeStore({
        services: fakeServices(),
        preloadedState: { account: { gemsBalance: 0, paid: true }, call: { offer: { firstLeft: 0, firstDurationS: 60, paidLeft, paidDurationS: 60, rechargeReminderS: 45 } } },
      }).getState()
    expect(callBackRefusal(withOffer(1), 60)).toBeNull()
    expect(callBackRefusal(withOffer(0), 60)).toBe('coins_insufficient')
    // A call to the user from another user (not a host) rings as it comes.
    expect(callBackRefusal(withOffer(0), 60, 'user_100002@localhost')).toBeNull()
  })
})

describe('call screen', () => {
  it('a paid call whose balance cannot pay the next minute offers gems without hanging up', async () => {
    const connected = (gemsBalance: number) => ({ auth: { user: USER }, account: { gemsBalance }, call: { status: CALL_STATUS.Connected, direction: 'outgoing' as const, peer: 'anchor_200001@localhost', sid: 's1', price: 60, connectedAt: 0, gemsBalance } })
    const rich = await renderApp({ path: '/videoview', preloadedState: connected(500) })
    expect(await screen.findByRole('button', { name: 'Hang up' })).toBeInstanceOf(HTMLElement)
    expect(screen.queryByText(/don't cover the next minute/)).toBeNull()
    rich.unmount()
    await renderApp({ path: '/videoview', preloadedState: connected(40) })
    expect(await screen.findByText(/Your gems don't cover the next minute/)).toBeInstanceOf(HTMLElement)
    fireEvent.click(screen.getByRole('button', { name: 'Buy gems' }))
    expect(await screen.findByRole('dialog', { name: 'Buy gems' })).toBeInstanceOf(HTMLElement)
    expect(screen.getByRole('button', { name: 'Hang up' })).toBeInstanceOf(HTMLElement)
  })

  it('while the media is being recovered the status says nothing of "Connected": the indicator says "Reconnecting…"', async () => {
    const state = (media: 'connected' | 'reconnecting') => ({
      auth: { user: USER },
      account: { gemsBalance: 500 },
      call: { status: CALL_STATUS.Connected, direction: 'outgoing' as const, peer: 'anchor_200001@localhost', sid: 's1', price: 60, connectedAt: 0, gemsBalance: 500, media, quality: 'lost' as const, reconnectingSince: media === 'reconnecting' ? 0 : null },
    })
    const up = await renderApp({ path: '/videoview', preloadedState: state('connected') })
    expect(await screen.findByText('Connected')).toBeInstanceOf(HTMLElement)
    up.unmount()
    await renderApp({ path: '/videoview', preloadedState: state('reconnecting') })
    expect(await screen.findByText('Reconnecting…', { selector: '.vc-call-quality__message' })).toBeInstanceOf(HTMLElement)
    expect(screen.queryByText('Connected')).toBeNull()
  })

  it('offers switch camera only where the device has another camera, and switches from the click', async () => {
    const switchCamera = vi.fn(async () => true)
    const runtimeWith = (cameras: number) =>
      // Only what the call screen reads of a runtime: its streams and its engine's camera controls.
      ({
        localStream: () => null,
        remoteStream: () => null,
        onStreams: () => () => {},
        engine: { canSwitchCamera: async () => cameras > 1, switchCamera, setMicrophoneMuted: (muted: boolean) => muted, setCameraOff: (off: boolean) => off },
      }) as unknown as CallRuntime
    const connected = { auth: { user: USER }, account: { gemsBalance: 500 }, call: { status: CALL_STATUS.Connected, direction: 'outgoing' as const, peer: 'anchor_200001@localhost', sid: 's1', price: 60, connectedAt: 0 } }

    const one = await renderApp({ path: '/videoview', services: { ...fakeServices(), calls: { preload: async () => {}, open: async () => null, current: () => runtimeWith(1) } }, preloadedState: connected })
    expect(await screen.findByRole('button', { name: 'Hang up' })).toBeInstanceOf(HTMLElement)
    expect(screen.queryByRole('button', { name: 'Switch camera' })).toBeNull()
    one.unmount()

    await renderApp({ path: '/videoview', services: { ...fakeServices(), calls: { preload: async () => {}, open: async () => null, current: () => runtimeWith(2) } }, preloadedState: connected })
    fireEvent.click(await screen.findByRole('button', { name: 'Switch camera' }))
    expect(switchCamera).toHaveBeenCalledTimes(1)
  })


  it('shows the translated gems-insufficient failure and the coin store link', async () => {
    await renderApp({
      path: '/videoview',
      preloadedState: {
        auth: { user: USER },
        account: { gemsBalance: 0 },
        call: { status: CALL_STATUS.Failed, direction: 'outgoing', failure: { reason: 'Gems insufficient' } },
      },
    })
    expect((await screen.findByText("You don't have enough gems for this call.")).getAttribute('role')).toBe('alert')
    expect(screen.getByRole('button', { name: 'Buy gems' })).toBeInstanceOf(HTMLButtonElement)
    expect(screen.getByRole('status').textContent).toBe('Call failed')
  })

  it('with no call (opened on its own, or a finished call closed) says so and leads to the hosts', async () => {
    const ended = { auth: { user: USER }, account: { gemsBalance: 500 }, call: { status: CALL_STATUS.Disconnected, direction: 'outgoing' as const, peer: 'anchor_200001@localhost' } }
    const { router } = await renderApp({ path: '/videoview', preloadedState: ended })
    // The call screen's own Close (the pop-up around it has one too).
    const callScreen = await screen.findByRole('region', { name: 'Video call' })
    fireEvent.click(within(callScreen).getByRole('button', { name: 'Close' }))
    expect(await screen.findByRole('heading', { name: 'No call right now' })).toBeInstanceOf(HTMLElement)
    expect(screen.queryByRole('button', { name: 'Hang up' })).toBeNull()
    fireEvent.click(screen.getByRole('link', { name: 'Find someone to call' }))
    expect(router.state.location.pathname).toBe('/goddess')
  })
})
