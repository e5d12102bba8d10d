import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeServices } from '../../testing/fakeServices'
import { renderApp } from '../../testing/renderApp'
import { discoverFakeApi, fakeDiscoverWorld } from '../../testing/discoverFixtures'
import { signedInAs } from '../../testing/testState'

// Screens are lazy chunks: the first render waits for their import, which takes longer on a busy machine.

function setup(uid = '100001') {
  const world = fakeDiscoverWorld(12)
  return renderApp({ path: '/match', preloadedState: signedInAs(uid), services: fakeServices({ api: discoverFakeApi(world) }) })
}

const topCard = () => document.querySelector('.vc-matchdeck__card[data-jid]')?.getAttribute('data-jid')

describe('MatchScreen (/match)', () => {
  it('shows the swipe deck for uids at or below the split, the card switcher for odd uids above it', async () => {
    await setup()
    expect(await screen.findByRole('heading', { name: 'Swipe to match' })).toBeInstanceOf(Element)
    expect(document.querySelector('[data-variant]')?.getAttribute('data-variant')).toBe('swipe')
  })

  it('uses the switch variant for odd uids above 264457000', async () => {
    await setup('264457001')
    expect(await screen.findByRole('heading', { name: 'Find your match' })).toBeInstanceOf(Element)
    expect(await screen.findByRole('button', { name: 'Next' })).toBeInstanceOf(Element)
  })

  it('skips, likes and opens the match pop-up on a mutual like', async () => {
    const user = userEvent.setup()
    await setup()
    await screen.findByRole('button', { name: 'Skip' })
    expect(topCard()).toBe('anchor_200001@localhost')
    await user.click(screen.getByRole('button', { name: 'Skip' }))
    await waitFor(() => expect(topCard()).toBe('anchor_200002@localhost'))
    await user.click(screen.getByRole('button', { name: 'Like' }))
    await waitFor(() => expect(topCard()).toBe('anchor_200003@localhost'))
    expect(screen.queryByRole('dialog', { name: "It's a match!" })).toBeNull()
    // 200003 already likes the user.
    await user.click(screen.getByRole('button', { name: 'Like' }))
    const dialog = await screen.findByRole('dialog', { name: "It's a match!" })
    expect(within(dialog).getByText('You and Elif 3 like each other.', { exact: false })).toBeInstanceOf(Element)
    await user.click(within(dialog).getByRole('button', { name: 'Keep looking' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: "It's a match!" })).toBeNull())
  })

  it('swipes by dragging the card', async () => {
    await setup()
    await screen.findByRole('button', { name: 'Skip' })
    const card = document.querySelector('.vc-matchdeck__card[data-jid]') as HTMLElement
    fireEvent.pointerDown(card, { clientX: 200 })
    fireEvent.pointerUp(card, { clientX: 40 })
    await waitFor(() => expect(topCard()).toBe('anchor_200002@localhost'))
    // A short drag is no swipe.
    const next = document.querySelector('.vc-matchdeck__card[data-jid]') as HTMLElement
    fireEvent.pointerDown(next, { clientX: 200 })
    fireEvent.pointerUp(next, { clientX: 230 })
    expect(topCard()).toBe('anchor_200002@localhost')
  })

  it('opens the profile and the video call of the top card', async () => {
    const user = userEvent.setup()
    const { router } = await setup()
    await user.click(await screen.findByRole('button', { name: 'Video call' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/video/200001'))
  })

  it('shows the empty state when nobody is left, and the error with a retry', async () => {
    const { unmount } = await renderApp({
      path: '/match',
      preloadedState: signedInAs(),
      services: fakeServices({ api: { getSwipeAnchors: async () => ({ list: [], remaining: 0 }) } }),
    })
    expect(await screen.findByRole('heading', { name: "You've seen everyone for now" })).toBeInstanceOf(Element)
    unmount()
    await renderApp({ path: '/match', preloadedState: signedInAs(), services: fakeServices({ api: { getSwipeAnchors: async () => Promise.reject(new Error('x')) } }) })
    expect(await screen.findByRole('heading', { name: "We couldn't load new people" })).toBeInstanceOf(Element)
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInstanceOf(Element)
  })
})
