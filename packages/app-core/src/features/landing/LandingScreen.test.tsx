import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderApp } from '../../testing/renderApp'
import { testBrand } from '../../testing/testBrand'
import { signedInAs } from '../discover/testState'
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
