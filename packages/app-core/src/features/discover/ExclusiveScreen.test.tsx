import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeServices } from '../../testing/fakeServices'
import { renderApp } from '../../testing/renderApp'
import { discoverFakeApi, fakeDiscoverWorld } from '../../testing/discoverFixtures'
import { signedInAs } from '../../testing/testState'

// Screens are lazy chunks: the first render waits for their import, which takes longer on a busy machine.

describe('exclusive-girl page (/goddess?view=exclusive)', () => {
  it('is reached from the wall and lists the exclusive hosts with intro and price; paid users call', async () => {
    const user = userEvent.setup()
    const world = fakeDiscoverWorld(64)
    const { router } = await renderApp({ path: '/goddess', preloadedState: signedInAs(), services: fakeServices({ api: discoverFakeApi(world) }) })
    await user.click(await screen.findByRole('link', { name: 'Exclusive girls' }))
    expect(await screen.findByRole('heading', { name: 'Exclusive girls' })).toBeInstanceOf(Element)
    const list = await screen.findByTestId('exclusive-list')
    expect(list.getAttribute('data-count')).toBe('8')
    const first = list.querySelector('li') as HTMLElement
    expect(within(first).getByText('Only for you: long calls with Elif 3.')).toBeInstanceOf(Element)
    // Host 3 costs 80 gems per minute, exclusively twice that.
    expect(within(first).getByText('160')).toBeInstanceOf(Element)
    expect(screen.queryByTestId('exclusive-locked')).toBeNull()
    await user.click(within(first).getByRole('button', { name: 'Video call' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/video/200003'))
  })

  it('is locked for free users, with the way to recharge', async () => {
    const world = fakeDiscoverWorld(64)
    world.paid = false
    await renderApp({ path: '/goddess?view=exclusive', preloadedState: signedInAs('100002'), services: fakeServices({ api: discoverFakeApi(world) }) })
    const locked = await screen.findByTestId('exclusive-locked')
    expect(within(locked).getByText('Members only')).toBeInstanceOf(Element)
    expect(within(locked).getByRole('link', { name: 'Recharge' }).getAttribute('href')).toBe('/paymenthistory')
    expect(within(screen.getByTestId('exclusive-list')).queryByRole('button', { name: 'Video call' })).toBeNull()
  })

  it('shows the empty state, and the error with a retry', async () => {
    const user = userEvent.setup()
    const { unmount } = await renderApp({
      path: '/goddess?view=exclusive',
      preloadedState: signedInAs(),
      services: fakeServices({ api: { getExclusiveAnchors: async () => ({ list: [], page: 1, size: 20, total: 0, hasMore: false, unlocked: true }) } }),
    })
    expect(await screen.findByRole('heading', { name: 'No exclusive hosts right now' })).toBeInstanceOf(Element)
    unmount()
    let fail = true
    const api = discoverFakeApi(fakeDiscoverWorld(64))
    await renderApp({
      path: '/goddess?view=exclusive',
      preloadedState: signedInAs(),
      services: fakeServices({ api: { getExclusiveAnchors: async (request) => (fail ? Promise.reject(new Error('x')) : api.getExclusiveAnchors(request)) } }),
    })
    expect(await screen.findByRole('heading', { name: "We couldn't load the exclusive hosts" })).toBeInstanceOf(Element)
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect((await screen.findByTestId('exclusive-list')).getAttribute('data-count')).toBe('8')
  })
})
