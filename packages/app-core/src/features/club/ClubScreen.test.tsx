import { configure, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { demoConfig, fakeServices } from '../../testing/fakeServices'
import { renderApp } from '../../testing/renderApp'
import { signedInAs } from '../discover/testState'

// Screens are lazy chunks: the first render waits for their import, which takes longer on a busy machine.
configure({ asyncUtilTimeout: 5000 })

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
})
