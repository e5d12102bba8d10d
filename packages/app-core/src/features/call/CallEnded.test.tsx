import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { makeStore } from '../../app/store'
import { fakeServices, manualClock } from '../../testing/fakeServices'
import { renderApp } from '../../testing/renderApp'
import { DEMO_NOW, demoCallRecords } from '../../testing/callRecordFixtures'
import { CALL_STATUS, loadCallSummary, rateCall, snapshotChanged } from './callSlice'

const USER = { uid: '100001', jid: 'user_100001@localhost', vcToken: 't', role: 2, nickName: 'Demo', name: 'Demo' }
const HOST = 'anchor_200001@localhost'

/** A call with host 200001 that was talked in for 2 min 15 s and has just ended. */
function endedCall(patch: Record<string, unknown> = {}) {
  return {
    auth: { user: USER },
    account: { gemsBalance: 380 },
    call: {
      status: CALL_STATUS.Disconnected,
      direction: 'outgoing' as const,
      peer: HOST,
      sid: 'sid-0',
      connectedAt: DEMO_NOW,
      endedAt: DEMO_NOW + 135_000,
      summary: { gemsCharged: 180, silverCharged: 0, silverEarned: 0, minutes: 3, freeKind: null },
      summaryStatus: 'ready' as const,
      ...patch,
    },
  }
}

describe('the end of a call', () => {
  it('names the host, shows how long it lasted and what the server charged, and offers call again and chat', async () => {
    const { router } = await renderApp({ path: '/video/200001', preloadedState: endedCall() })
    expect(await screen.findByRole('heading', { name: 'Mia' })).toBeInstanceOf(HTMLElement)
    expect(screen.getByRole('status').textContent).toBe('Call ended')
    expect(screen.getByTestId('call-duration').textContent).toBe('Duration 02:15')
    expect(screen.getByTestId('call-cost').textContent).toBe('Spent: 180 gems')
    expect(screen.queryByTestId('call-silver-earned')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Chat' }))
    expect(router.state.location.pathname + router.state.location.search).toBe(`/message?with=${encodeURIComponent(HOST)}`)
  })

  it('call again asks for confirmation first: the price is shown anew and nothing starts by itself', async () => {
    await renderApp({ path: '/video/200001', preloadedState: endedCall() })
    fireEvent.click(await screen.findByRole('button', { name: 'Call again' }))
    expect(await screen.findByRole('button', { name: 'Start video call' })).toBeInstanceOf(HTMLButtonElement)
    expect(screen.queryByTestId('call-duration')).toBeNull()
  })

  it('a free call says free; a cost not known yet says so; a call that never connected shows no figures', async () => {
    const free = await renderApp({ path: '/video/200001', preloadedState: endedCall({ summary: { gemsCharged: 0, silverCharged: 0, silverEarned: 0, minutes: 1, freeKind: 'first' } }) })
    expect((await screen.findByTestId('call-cost')).textContent).toBe('Free call')
    free.unmount()
    const silver = await renderApp({ path: '/video/200001', preloadedState: endedCall({ summary: { gemsCharged: 0, silverCharged: 25, silverEarned: 0, minutes: 1, freeKind: null } }) })
    expect((await screen.findByTestId('call-cost')).textContent).toBe('Spent: 25 silver coins')
    silver.unmount()
    const club = await renderApp({ path: '/video/200001', preloadedState: endedCall({ summary: { gemsCharged: 180, silverCharged: 0, silverEarned: 15, minutes: 3, freeKind: null } }) })
    expect((await screen.findByTestId('call-cost')).textContent).toBe('Spent: 180 gems')
    expect(screen.getByTestId('call-silver-earned').textContent).toBe('Earned: 15 silver coins')
    club.unmount()
    const loading = await renderApp({ path: '/video/200001', preloadedState: endedCall({ summary: null, summaryStatus: 'loading' }) })
    expect((await screen.findByTestId('call-cost')).textContent).toBe('Checking what the call cost…')
    loading.unmount()
    const unknown = await renderApp({ path: '/video/200001', preloadedState: endedCall({ summary: null, summaryStatus: 'failed' }) })
    expect((await screen.findByTestId('call-cost')).textContent).toBe('What this call cost will show in your video history.')
    unknown.unmount()
    await renderApp({ path: '/video/200001', preloadedState: endedCall({ connectedAt: null, failure: { reason: 'timeOut' }, status: CALL_STATUS.Failed }) })
    expect(await screen.findByText('No answer. Please try again later.')).toBeInstanceOf(HTMLElement)
    expect(screen.queryByTestId('call-duration')).toBeNull()
    expect(screen.queryByTestId('call-cost')).toBeNull()
    expect(screen.getByRole('button', { name: 'Call again' })).toBeInstanceOf(HTMLButtonElement)
    // Nothing to rate or report about a call that never got going.
    expect(screen.queryByRole('radiogroup')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Report Mia' })).toBeNull()
  })

  it('reads the record again while the hub is still closing it: the silver earned shows once the record is closed', async () => {
    const clock = manualClock(DEMO_NOW)
    const open = { ...demoCallRecords[0]!, sid: 'sid-open', endTime: null, silverEarned: 0 }
    const closed = { ...open, endTime: DEMO_NOW + 1_000, silverEarned: 5 }
    const getCallRecords = vi.fn().mockResolvedValueOnce({ list: [open], nextCursor: null }).mockResolvedValue({ list: [closed], nextCursor: null })
    const store = makeStore({ services: fakeServices({ clock, api: { getCallRecords } }) })
    store.dispatch(snapshotChanged({ status: CALL_STATUS.Connecting, direction: 'outgoing', peer: HOST, sid: 'sid-open', price: 60, failure: null, at: DEMO_NOW }))
    const loading = store.dispatch(loadCallSummary('sid-open'))
    // The second read comes once the clock has moved on (ticked until it has, not for a fixed time).
    await vi.waitFor(() => {
      clock.tick(600)
      expect(getCallRecords).toHaveBeenCalledTimes(2)
    })
    await loading
    expect(getCallRecords).toHaveBeenCalledTimes(2)
    expect(store.getState().call?.summary).toMatchObject({ gemsCharged: 120, silverEarned: 5 })
  })

  it('reads the summary of the call that ended from the server, and drops one that comes back after another call started', async () => {
    const store = makeStore({ services: fakeServices({ api: { getCallRecords: async () => ({ list: structuredClone([...demoCallRecords]), nextCursor: null }) } }) })
    store.dispatch(snapshotChanged({ status: CALL_STATUS.Connecting, direction: 'outgoing', peer: HOST, sid: 'sid-3', price: 60, failure: null, at: DEMO_NOW }))
    await store.dispatch(loadCallSummary('sid-3'))
    expect(store.getState().call).toMatchObject({ summary: { gemsCharged: 0, silverCharged: 0, silverEarned: 0, minutes: 1, freeKind: 'first' }, summaryStatus: 'ready' })
    store.dispatch(snapshotChanged({ status: CALL_STATUS.Disconnected, direction: 'outgoing', peer: HOST, sid: 'sid-3', price: 60, failure: null, at: DEMO_NOW + 5_000 }))
    const late = store.dispatch(loadCallSummary('sid-0'))
    await late
    expect(store.getState().call?.summary?.freeKind).toBe('first')
    await waitFor(() => expect(store.getState().call?.endedAt).toBe(DEMO_NOW + 5_000))
  })
})

describe('rating and reporting a call that ended', () => {
  it("sends the chosen stars with the call's id and says when the server kept them; a failure says so and a new choice retries", async () => {
    let fail = true
    const rate = vi.fn(async ({ sid, stars }: { sid: string; stars: 1 | 2 | 3 | 4 | 5 }) => {
      if (fail) throw new Error('offline')
      return { sid, stars }
    })
    await renderApp({ path: '/video/200001', preloadedState: endedCall(), services: fakeServices({ api: { rateCall: rate } }) })
    const stars = await screen.findByRole('radiogroup', { name: 'How was your call with Mia?' })
    expect(stars.querySelectorAll('input[type="radio"]')).toHaveLength(5)
    fireEvent.click(screen.getByRole('radio', { name: '2 out of 5' }))
    expect(await screen.findByText('Your rating could not be saved. Tap a star to try again.')).toBeInstanceOf(HTMLElement)
    fail = false
    fireEvent.click(screen.getByRole('radio', { name: '4 out of 5' }))
    expect(await screen.findByText('Thanks! You rated this call 4 out of 5.')).toBeInstanceOf(HTMLElement)
    expect(rate.mock.calls.map(([request]) => request)).toEqual([
      { sid: 'sid-0', stars: 2 },
      { sid: 'sid-0', stars: 4 },
    ])
    expect((screen.getByRole('radio', { name: '4 out of 5' }) as HTMLInputElement).checked).toBe(true)
  })

  it('reports the host: a reason is required, "something else" needs words, a failure keeps what was typed, and the screen says it was received', async () => {
    let fail = true
    const report = vi.fn(async () => {
      if (fail) throw new Error('offline')
      return { reported: true }
    })
    await renderApp({ path: '/video/200001', preloadedState: endedCall(), services: fakeServices({ api: { reportUser: report } }) })
    fireEvent.click(await screen.findByRole('button', { name: 'Report Mia' }))
    const sheet = await screen.findByRole('dialog', { name: 'Report Mia' })
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }))
    expect(await screen.findByText('Choose what happened.')).toBeInstanceOf(HTMLElement)
    fireEvent.click(screen.getByRole('radio', { name: 'Something else' }))
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }))
    expect(await screen.findByText('A few words, please: what happened?')).toBeInstanceOf(HTMLElement)
    expect(report).not.toHaveBeenCalled()
    fireEvent.change(screen.getByLabelText('Tell us what happened'), { target: { value: '  asked for my card number ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }))
    expect(await screen.findByText('Your report could not be sent. Try again.')).toBeInstanceOf(HTMLElement)
    expect(sheet.isConnected).toBe(true)
    expect((screen.getByLabelText('Tell us what happened') as HTMLTextAreaElement).value).toBe('  asked for my card number ')
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }))
    expect(await screen.findByText('Thanks. Our team will review your report.')).toBeInstanceOf(HTMLElement)
    expect(screen.queryByRole('dialog', { name: 'Report Mia' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Report Mia' })).toBeNull()
    expect(report).toHaveBeenLastCalledWith({ sid: 'sid-0', targetJid: HOST, reason: 'other', detail: 'asked for my card number' })
  })

  it("an answer for an earlier call's rating changes nothing on the next call's end screen", async () => {
    let answer: (value: { sid: string; stars: 5 }) => void = () => {}
    const store = makeStore({ services: fakeServices({ api: { rateCall: () => new Promise((resolve) => (answer = resolve)) } }) })
    store.dispatch(snapshotChanged({ status: CALL_STATUS.Disconnected, direction: 'outgoing', peer: HOST, sid: 'sid-a', price: 60, failure: null, at: DEMO_NOW }))
    const pending = store.dispatch(rateCall({ sid: 'sid-a', stars: 5 }))
    expect(store.getState().call?.feedback).toEqual({ stars: 5, rating: 'saving', report: 'idle' })
    store.dispatch(snapshotChanged({ status: CALL_STATUS.Connecting, direction: 'outgoing', peer: HOST, sid: 'sid-b', price: 60, failure: null, at: DEMO_NOW + 1_000 }))
    answer({ sid: 'sid-a', stars: 5 })
    await pending
    expect(store.getState().call?.feedback).toEqual({ stars: null, rating: 'idle', report: 'idle' })
  })
})
