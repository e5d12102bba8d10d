import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderApp } from '../../testing/renderApp'
import { testBrand } from '../../testing/testBrand'
import { signedInAs } from '../../testing/testState'
import { fakePublicHosts } from '../../testing/discoverFixtures'
import { fakeServices } from '../../testing/fakeServices'
import { ApiError } from '@vchat/api-client'
import { landingVariantFor } from './LandingScreen'

// Popup routes load the sheet's chunk first, which takes longer on a busy machine.

const variantIn = (root: ParentNode = document) => /vc-landing--(\w+)/.exec(root.querySelector('.vc-landing')?.className ?? '')?.[1]
const variantOf = () => variantIn()

describe('landingVariantFor', () => {
  it('takes a known ?v=, else compact in the pop-up, else the brand variant', () => {
    expect(landingVariantFor('?v=call', 'default', false)).toBe('call')
    expect(landingVariantFor('?v=compact', 'second', false)).toBe('compact')
    expect(landingVariantFor('?v=classic', 'second', true)).toBe('classic')
    expect(landingVariantFor('?v=jackpot', 'default', false)).toBe('classic')
    expect(landingVariantFor('', 'default', true)).toBe('compact')
    expect(landingVariantFor('', 'second', false)).toBe('call')
    expect(landingVariantFor('', 'third', false)).toBe('classic')
  })
})

describe('LandingScreen (/ and /onlinevideochat)', () => {
  it('classic: headline, three features and the footer', async () => {
    await renderApp({ path: '/' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Live video chat with people around the world' })).toBeInstanceOf(Element)
    expect(variantOf()).toBe('classic')
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['One tap to a live call', 'Chat before you call', 'Private and safe'])
    expect(screen.getByRole('link', { name: 'About' })).toBeInstanceOf(Element)
  })

  it('call: the one-tap call leads and the other features follow (brand second, or ?v=call)', async () => {
    const { unmount } = await renderApp({ path: '/?v=call' })
    expect(await screen.findByRole('heading', { level: 1, name: 'One tap to a live call' })).toBeInstanceOf(Element)
    expect(variantOf()).toBe('call')
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Chat before you call', 'Private and safe'])
    unmount()
    await renderApp({ path: '/', brand: { ...testBrand, id: 'second' } })
    expect(await screen.findByRole('heading', { level: 1, name: 'One tap to a live call' })).toBeInstanceOf(Element)
  })

  it('compact in the /onlinevideochat pop-up, over the goddess wall; its call-to-action opens the login', async () => {
    const user = userEvent.setup()
    const { router } = await renderApp({ path: '/onlinevideochat' })
    const dialog = await screen.findByRole('dialog', { name: 'Online video chat' })
    expect(await within(dialog).findByRole('heading', { level: 1, name: 'Live video chat with people around the world' })).toBeInstanceOf(Element)
    expect(variantIn(dialog)).toBe('compact')
    expect(within(dialog).queryByRole('heading', { level: 3 })).toBeNull()
    await user.click(within(dialog).getByRole('link', { name: 'Log in to start' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })

  it('keeps its variant behind the login pop-up', async () => {
    const user = userEvent.setup()
    await renderApp({ path: '/?v=call' })
    await user.click(await screen.findByRole('link', { name: 'Log in to start' }))
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInstanceOf(Element)
    expect(variantIn(document.querySelector('.vc-app-background') ?? document)).toBe('call')
  })

  it('sends signed-in visitors to /match from / and /onlinevideochat', async () => {
    const { router, unmount } = await renderApp({ path: '/onlinevideochat', preloadedState: signedInAs() })
    await waitFor(() => expect(router.state.location.pathname).toBe('/match'))
    unmount()
    const second = await renderApp({ path: '/?v=compact', preloadedState: signedInAs() })
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/match'))
  })
})

describe('LandingScreen: who is live now (the public wall)', () => {
  const liveSection = async () => screen.findByRole('region', { name: 'Live now' })

  it('shows the live hosts a visitor may see, with names and presence, asked in the visitor language', async () => {
    const hosts = fakePublicHosts(12)
    const getPublicHosts = vi.fn(async () => ({ list: hosts }))
    await renderApp({ path: '/', services: fakeServices({ api: { getPublicHosts } }) })
    const section = await liveSection()
    const items = await within(section).findAllByRole('listitem')
    expect(items).toHaveLength(12)
    expect(within(items[0]!).getByRole('link').textContent).toContain(hosts[0]?.nickName)
    expect(within(section).getAllByText('Online').length).toBeGreaterThan(0)
    expect(getPublicHosts).toHaveBeenCalledWith({ language: 'en' }, expect.objectContaining({ signal: expect.any(AbortSignal) }))
    // Every picture keeps its place before it arrives and waits until it is near the screen.
    for (const image of section.querySelectorAll('img')) expect(image.getAttribute('loading')).toBe('lazy')
    const portraits = section.querySelectorAll('img.vc-anchor-card__image')
    expect(portraits).toHaveLength(12)
    for (const image of portraits) {
      expect(image.getAttribute('width')).toBe('480')
      expect(image.getAttribute('height')).toBe('640')
    }
  })

  it('a face is a way in: the login sheet opens, and after login the app continues to her profile', async () => {
    const user = userEvent.setup()
    const hosts = fakePublicHosts(3)
    const { router } = await renderApp({ path: '/', services: fakeServices({ api: { getPublicHosts: async () => ({ list: hosts }) } }) })
    const section = await liveSection()
    await user.click((await within(section).findAllByRole('link', { name: new RegExp(hosts[1]!.nickName) }))[0]!)
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInstanceOf(Element)
    const state = router.state.location.state as { from?: { pathname: string; search: string } }
    expect(state.from).toMatchObject({ pathname: '/anchorprofile', search: `?jid=${encodeURIComponent(hosts[1]!.jid)}` })
  })

  it('says so when the wall cannot load, and a retry shows the faces', async () => {
    const user = userEvent.setup()
    let fail = true
    const getPublicHosts = vi.fn(async () => {
      if (fail) throw new ApiError('NETWORK_ERROR', 'network error', { path: '/api/public/live_hosts', requestId: '' })
      return { list: fakePublicHosts(4) }
    })
    await renderApp({ path: '/', services: fakeServices({ api: { getPublicHosts } }) })
    const section = await liveSection()
    const alert = await within(section).findByRole('alert')
    expect(alert.textContent).toContain("We couldn't load who's live right now.")
    fail = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(4))
    expect(within(section).queryByRole('alert')).toBeNull()
  })

  it('says when no one is live, and keeps the page usable', async () => {
    await renderApp({ path: '/', services: fakeServices({ api: { getPublicHosts: async () => ({ list: [] }) } }) })
    const section = await liveSection()
    expect(await within(section).findByText(/No one is live this minute/)).toBeInstanceOf(Element)
    expect(screen.getByRole('link', { name: 'Log in to start' })).toBeInstanceOf(Element)
  })

  it('shows placeholders while the wall loads, announced to screen readers', async () => {
    await renderApp({ path: '/', services: fakeServices({ api: { getPublicHosts: () => new Promise(() => {}) } }) })
    const section = await liveSection()
    expect(section.getAttribute('aria-busy')).toBe('true')
    expect(within(section).getByRole('status').textContent).toBe("Finding who's live…")
  })
})

