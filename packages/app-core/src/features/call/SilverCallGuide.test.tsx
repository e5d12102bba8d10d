import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { HubTransport } from '@vchat/xmpp-chat'
import { fakeChatService } from '../../testing/fakeChat'
import { fakeServices } from '../../testing/fakeServices'
import { renderApp } from '../../testing/renderApp'
import type { Services } from '../../services/types'
import { selectCall } from './callSlice'
import { hubAndCalls } from './callTestHarness'

const USER = { uid: '100001', jid: 'user_100001@localhost', vcToken: 't', role: 2, nickName: 'Demo', name: 'Demo' }

async function openSilverCall(availableTimes: number) {
  const hub = hubAndCalls()
  const chat = fakeChatService({ me: USER.jid, state: 'connected' })
  ;(chat as { hubTransport: HubTransport | null }).hubTransport = hub.transport
  const services: Services = {
    ...fakeServices({ chat, api: { getClubCallTimes: async () => ({ availableTimes, totalTimes: 3, silverCallDuration: 60, resetCountdown: 100 }) } }),
    calls: hub.calls,
  }
  const app = await renderApp({ path: '/video/200001?tier=silver', services, preloadedState: { auth: { user: USER }, account: { gemsBalance: 500 } } })
  return { ...app, hub }
}

describe('silver calls: the guide, then the call', () => {
  it('explains the silver call with its length and the calls left, and calls only once confirmed', async () => {
    const { hub, store } = await openSilverCall(2)
    expect(await screen.findByRole('heading', { name: 'Silver call' })).toBeInstanceOf(Element)
    expect(await screen.findByText('You have 2 silver calls left today.')).toBeInstanceOf(Element)
    expect(screen.getByText('Each silver call lasts up to 60 seconds.')).toBeInstanceOf(Element)
    expect(hub.sent).toEqual([])

    fireEvent.click(screen.getByRole('button', { name: 'Start silver call' }))
    await waitFor(() => expect(hub.sent[0]?.action).toBe('SessionRequest'))
    expect(hub.sent[0]?.payload).toMatchObject({ callee: 'anchor_200001@localhost', silver: true, timezoneOffset: expect.any(Number) })
    expect(selectCall(store.getState())).toMatchObject({ status: 1, tier: 'silver' })

    hub.deliver('SessionSuccess', { sid: 's-1', price: 25, tier: 'silver', silverCallDuration: 60, silverTimesLeft: 1, silverBalance: 75, gemsBalance: 500 })
    expect(await screen.findByText('25 silver coins per minute')).toBeInstanceOf(Element)
    expect(screen.getByText('You have 1 silver call left today.')).toBeInstanceOf(Element)
    expect(screen.getByText('Silver balance: 75 coins')).toBeInstanceOf(Element)
  })

  it('offers no start when none are left today', async () => {
    const { hub } = await openSilverCall(0)
    expect(await screen.findByText("You have used all of today's silver calls. New ones are available tomorrow.")).toBeInstanceOf(Element)
    expect((screen.getByRole('button', { name: 'Start silver call' }) as HTMLButtonElement).disabled).toBe(true)
    expect(hub.sent).toEqual([])
  })

  it("shows the hub's refusal when the day's silver calls are used up", async () => {
    const { hub } = await openSilverCall(1)
    fireEvent.click(await screen.findByRole('button', { name: 'Start silver call' }))
    await waitFor(() => expect(hub.sent[0]?.action).toBe('SessionRequest'))
    hub.deliver('CallCancel', { reason: 'silver-times-used', availableTimes: 0 })
    expect((await screen.findByRole('alert')).textContent).toBe("You have used all of today's silver calls.")
  })

  it('"Not now" goes to the host\'s profile without calling', async () => {
    const { hub, router } = await openSilverCall(2)
    fireEvent.click(await screen.findByRole('button', { name: 'Not now' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/anchorprofile'))
    expect(hub.sent).toEqual([])
  })
})
