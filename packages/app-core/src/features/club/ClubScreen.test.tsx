import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { demoConfig, fakeServices } from '../../testing/fakeServices'
import { renderApp } from '../../testing/renderApp'
import { discoverFakeApi, fakeDiscoverWorld } from '../../testing/discoverFixtures'
import { signedInAs } from '../../testing/testState'

// Screens are lazy chunks: the first render waits for their import, which takes longer on a busy machine.

const twelveHosts = discoverFakeApi(fakeDiscoverWorld(12))
const signedIn = { ...signedInAs(), account: { paid: true, gemsBalance: 500, silverBalance: 20, silverSpent: 7 } }

describe('ClubScreen (/club, /silveranchor)', () => {
  it('shows club anchors with silver prices, the silver balance and spent, call times and reward records', async () => {
    await renderApp({ path: '/club', preloadedState: signedIn })
    expect(await screen.findByRole('heading', { name: 'Silver club' })).toBeInstanceOf(Element)
    expect(screen.getByTestId('silver-balance').textContent).toBe('20')
    expect(screen.getByTestId('silver-spent').textContent).toBe('7')
    expect(await screen.findByText('1 of 3 calls left today, 30 s each')).toBeInstanceOf(Element)
    expect((await screen.findAllByText(/silver per minute/)).length).toBeGreaterThan(0)
    expect(screen.getByText('+30 silver')).toBeInstanceOf(Element)
  })

  it('lists only the silver anchors on /silveranchor', async () => {
    await renderApp({ path: '/silveranchor', preloadedState: signedIn })
    expect(await screen.findByRole('heading', { name: 'Silver anchors' })).toBeInstanceOf(Element)
    expect((await screen.findAllByText(/silver per minute/)).length).toBeGreaterThan(0)
    expect(screen.queryByText('Reward records')).toBeNull()
  })

  it('is closed when the switch is off, and retries after an error', async () => {
    const off = structuredClone(demoConfig)
    off.veegoInfo.silverInfoConf.enableSilverClub = false
    const { unmount } = await renderApp({ path: '/club', preloadedState: { ...signedIn, config: { info: off } } })
    expect(await screen.findByRole('heading', { name: 'The silver club is closed' })).toBeInstanceOf(Element)
    unmount()
    let fail = true
    const user = userEvent.setup()
    await renderApp({
      path: '/club',
      preloadedState: signedIn,
      services: fakeServices({ api: { getClubCallTimes: async () => { if (fail) throw new Error('x'); return { availableTimes: 0, totalTimes: 3, silverCallDuration: 30, resetCountdown: 10 } } } }),
    })
    expect(await screen.findByRole('heading', { name: "We couldn't load the club" })).toBeInstanceOf(Element)
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('0 of 3 calls left today, 30 s each')).toBeInstanceOf(Element)
  })

  it("offers a silver call with each host: calls left and length shown, opening the host's silver call guide", async () => {
    const user = userEvent.setup()
    const { router } = await renderApp({ path: '/club', preloadedState: signedIn, services: fakeServices({ api: twelveHosts }) })
    // The fake club: hosts 200004, 200008, 200012 at 5, 10 and 5 silver per minute; 1 call left today, 30 s.
    const action = await screen.findByRole('button', { name: 'Silver call with Chloé 4' })
    expect(action.hasAttribute('disabled')).toBe(false)
    expect(document.getElementById(action.getAttribute('aria-describedby') ?? '')?.textContent).toBe('1 call left today · 30 s each')
    expect(screen.getAllByRole('button', { name: /^Silver call with / })).toHaveLength(3)
    await user.click(action)
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/video/200004?tier=silver'))
  })

  it('disables the silver calls with the reason when none are left today', async () => {
    await renderApp({
      path: '/silveranchor',
      preloadedState: signedIn,
      services: fakeServices({ api: { ...twelveHosts, getClubCallTimes: async () => ({ availableTimes: 0, totalTimes: 3, silverCallDuration: 30, resetCountdown: 10 }) } }),
    })
    const actions = await screen.findAllByRole('button', { name: /^Silver call with / })
    expect(actions).toHaveLength(3)
    for (const action of actions) {
      expect(action.hasAttribute('disabled')).toBe(true)
      expect(document.getElementById(action.getAttribute('aria-describedby') ?? '')?.textContent).toBe('No silver calls left today')
    }
  })

  it('disables only the hosts whose price per minute the silver balance does not cover', async () => {
    const poor = { ...signedInAs(), account: { paid: false, gemsBalance: 0, silverBalance: 7, silverSpent: 0 } }
    await renderApp({ path: '/club', preloadedState: poor, services: fakeServices({ api: twelveHosts }) })
    const cheap = await screen.findByRole('button', { name: 'Silver call with Chloé 4' })
    const dear = screen.getByRole('button', { name: 'Silver call with Sara 8' })
    expect(cheap.hasAttribute('disabled')).toBe(false)
    expect(dear.hasAttribute('disabled')).toBe(true)
    expect(document.getElementById(dear.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Not enough silver: 10 per minute, you have 7')
    // The club says how silver is earned once, under the balance, not under every host.
    expect(screen.getAllByText('Earn silver: every minute you pay in gems with a club host gives you 5 silver.', { selector: 'p' })).toHaveLength(1)
  })

  it('says nothing about earning where the server pays no silver for calls', async () => {
    const services = fakeServices({ api: twelveHosts })
    const getConfig = services.api.getConfig
    services.api.getConfig = async (...args) => {
      const config = await getConfig(...args)
      return { ...config, veegoInfo: { ...config.veegoInfo, silverInfoConf: { ...config.veegoInfo.silverInfoConf, silverPerPaidClubMinute: 0 } } }
    }
    await renderApp({ path: '/club', preloadedState: signedInAs(), services })
    await screen.findByRole('button', { name: 'Silver call with Chloé 4' })
    expect(screen.queryByText(/^Earn silver/)).toBeNull()
  })
})
