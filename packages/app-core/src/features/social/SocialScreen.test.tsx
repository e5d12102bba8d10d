import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeServices } from '../../testing/fakeServices'
import { renderApp } from '../../testing/renderApp'
import { discoverFakeApi, fakeDiscoverWorld } from '../../testing/discoverFixtures'
import { signedInAs } from '../../testing/testState'

// Screens are lazy chunks: the first render waits for their import, which takes longer on a busy machine.

function setup() {
  return renderApp({ path: '/friendreq', preloadedState: signedInAs(), services: fakeServices({ api: discoverFakeApi(fakeDiscoverWorld(12)) }) })
}

describe('SocialScreen (/friendreq)', () => {
  it('accepts a friend request, which then shows among friends', async () => {
    const user = userEvent.setup()
    await setup()
    const panel = await screen.findByRole('tabpanel', { name: 'Requests' })
    expect(await within(panel).findByText('Chloé 4')).toBeInstanceOf(Element)
    await user.click(within(panel).getByRole('button', { name: 'Accept' }))
    expect(await within(panel).findByRole('heading', { name: 'No friend requests right now' })).toBeInstanceOf(Element)
    await user.click(screen.getByRole('tab', { name: 'Friends' }))
    const friends = await screen.findByRole('tabpanel', { name: 'Friends' })
    expect(await within(friends).findByText('Chloé 4')).toBeInstanceOf(Element)
    expect(within(friends).getByText('Aisha 1')).toBeInstanceOf(Element)
  })

  it('declines a request', async () => {
    const user = userEvent.setup()
    await setup()
    await user.click(await screen.findByRole('button', { name: 'Decline' }))
    expect(await screen.findByRole('heading', { name: 'No friend requests right now' })).toBeInstanceOf(Element)
  })

  it('lists matches, who liked me, my likes, favourites and recommendations', async () => {
    const user = userEvent.setup()
    await setup()
    await user.click(await screen.findByRole('tab', { name: 'Matches' }))
    expect(await screen.findByText('Camille 10')).toBeInstanceOf(Element)
    await user.click(screen.getByRole('tab', { name: 'Liked me' }))
    expect(await screen.findByText('Elif 3', { exact: false })).toBeInstanceOf(Element)
    await user.click(screen.getByRole('tab', { name: 'Favourites' }))
    expect(await screen.findByText('Priya 2')).toBeInstanceOf(Element)
    await user.click(screen.getByRole('tab', { name: 'Recommended' }))
    await waitFor(() => expect(document.querySelectorAll('#social-panel .vc-anchor-card').length).toBeGreaterThan(0))
  })

  it('shows an error with retry', async () => {
    await renderApp({ path: '/friendreq', preloadedState: signedInAs(), services: fakeServices({ api: { getFriendList: async () => Promise.reject(new Error('x')) } }) })
    expect(await screen.findByRole('heading', { name: "We couldn't load this list" })).toBeInstanceOf(Element)
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInstanceOf(Element)
  })
})
