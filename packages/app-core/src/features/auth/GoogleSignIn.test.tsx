import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { GoogleAuthError } from '../../services/googleAuth'
import type { ExternalLoginRequest, GoogleAuthService } from '../../services/types'
import { demoLoginResponse, fakeServices } from '../../testing/fakeServices'
import { renderApp } from '../../testing/renderApp'

const codeRequest: ExternalLoginRequest = { openId: '', token: '', channel: 'google', credential: 'auth-code-1' }

function fakeGoogle(overrides: Partial<GoogleAuthService> = {}): GoogleAuthService {
  return { available: true, signIn: async () => codeRequest, prompt: async () => null, cancelPrompt: () => {}, ...overrides }
}

type Events = { event: string; properties?: Record<string, unknown> | undefined }[]

describe('Google sign-in on the login screen', () => {
  it('with a client id: the button signs in through /login with the Google request, tracks success and continues', async () => {
    const user = userEvent.setup()
    const login = vi.fn(async () => structuredClone(demoLoginResponse))
    const events: Events = []
    const { router, store } = await renderApp({ path: '/login', services: fakeServices({ google: fakeGoogle(), api: { login }, events }) })
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/match'))
    expect(login).toHaveBeenCalledWith(codeRequest)
    expect(store.getState().auth.user?.uid).toBe('100001')
    expect(events).toContainEqual({ event: 'login_success', properties: { method: 'google' } })
  })

  it('One Tap signs in by itself when Google returns a credential', async () => {
    const oneTap: ExternalLoginRequest = { openId: '12345', token: '', channel: 'google', credential: 'jwt' }
    const login = vi.fn(async () => structuredClone(demoLoginResponse))
    const events: Events = []
    const { router } = await renderApp({ path: '/login', services: fakeServices({ google: fakeGoogle({ prompt: async () => oneTap }), api: { login }, events }) })
    await waitFor(() => expect(router.state.location.pathname).toBe('/match'))
    expect(login).toHaveBeenCalledWith(oneTap)
    expect(events).toContainEqual({ event: 'login_success', properties: { method: 'google_one_tap' } })
  })

  it('a closed popup is tracked with its reason and explained; nothing is sent', async () => {
    const user = userEvent.setup()
    const login = vi.fn()
    const events: Events = []
    await renderApp({ path: '/login', services: fakeServices({ google: fakeGoogle({ signIn: async () => Promise.reject(new GoogleAuthError('popup_closed')) }), api: { login }, events }) })
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }))
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Google sign-in did not finish. Please try again.')
    expect(events).toContainEqual({ event: 'login_fail', properties: { reason: 'popup_closed', method: 'google' } })
    expect(login).not.toHaveBeenCalled()
  })

  it("a refused login is tracked with 'unknown reason' when there is no data, and the stored component info is cleared", async () => {
    const user = userEvent.setup()
    const events: Events = []
    const { store } = await renderApp({ path: '/login', services: fakeServices({ google: fakeGoogle(), api: { login: async () => Promise.reject(undefined) }, events }) })
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }))
    await waitFor(() => expect(events.some((e) => e.event === 'login_fail')).toBe(true))
    expect(events).toContainEqual({ event: 'login_fail', properties: { reason: 'unknown reason', method: 'google' } })
    expect(store.getState().auth.componentInfo).toBeNull()
    expect(store.getState().auth.user).toBeNull()
  })

  it('without a client id the button is disabled and explains why', async () => {
    await renderApp({ path: '/login', services: fakeServices() })
    const button = await screen.findByRole('button', { name: 'Sign in with Google' })
    expect(button).toHaveProperty('disabled', true)
    expect(screen.getByText(/not configured for this build/)).toBeInstanceOf(Element)
  })

  it('local builds offer the development sign-in in its place: dev:<uid> through /login', async () => {
    const user = userEvent.setup()
    const login = vi.fn(async () => structuredClone(demoLoginResponse))
    const events: Events = []
    const { router } = await renderApp({ path: '/login', services: fakeServices({ devSignIn: true, api: { login }, events }) })
    const form = await screen.findByRole('group', { name: 'Development sign-in' })
    expect(form).toBeInstanceOf(Element)
    await user.click(screen.getByRole('button', { name: 'Continue with development sign-in' }))
    expect(screen.getByText('Enter your user ID')).toBeInstanceOf(Element)
    expect(login).not.toHaveBeenCalled()
    const fields = screen.getAllByLabelText('User ID')
    await user.type(fields[0]!, '100001')
    await user.click(screen.getByRole('button', { name: 'Continue with development sign-in' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/match'))
    expect(login).toHaveBeenCalledWith({ openId: '', token: 'dev:100001', channel: 'google', credential: '' })
    expect(events).toContainEqual({ event: 'login_success', properties: { method: 'dev' } })
  })
})
