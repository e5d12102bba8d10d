import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { fakeServices } from '../../testing/fakeServices'
import { renderApp } from '../../testing/renderApp'
import { validateLoginForm } from './LoginScreen'

function backendError() {
  const error = new Error('the backend request error') as Error & { code: string }
  error.name = 'ApiError'
  error.code = 'BACKEND_ERROR'
  return error
}

describe('validateLoginForm', () => {
  it('requires a numeric uid and a password', () => {
    expect(validateLoginForm('', '')).toEqual({ uid: 'uidRequired', passwd: 'passwordRequired' })
    expect(validateLoginForm('abc', 'x')).toEqual({ uid: 'uidDigits' })
    expect(validateLoginForm(' 100001 ', 'x')).toEqual({})
  })
})

describe('LoginScreen', () => {
  it('shows translated validation errors and sends nothing', async () => {
    const user = userEvent.setup()
    const userPwdLogin = vi.fn()
    await renderApp({ path: '/userpassword', services: fakeServices({ api: { userPwdLogin } }) })
    await user.click(await screen.findByRole('button', { name: 'Log in' }))
    expect(screen.getByText('Enter your user ID')).toBeInstanceOf(Element)
    expect(screen.getByText('Enter your password')).toBeInstanceOf(Element)
    expect(screen.getByLabelText('User ID').getAttribute('aria-invalid')).toBe('true')

    await user.type(screen.getByLabelText('User ID'), 'abc')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(screen.getByText('A user ID contains digits only')).toBeInstanceOf(Element)
    expect(userPwdLogin).not.toHaveBeenCalled()
  })

  it('submits uid and password, shows busy, then continues', async () => {
    const user = userEvent.setup()
    let release: () => void = () => {}
    const base = fakeServices()
    const userPwdLogin = vi.fn(async (params: { uid: string; passwd: string }) => {
      await new Promise<void>((resolve) => (release = resolve))
      return base.api.userPwdLogin(params)
    })
    const { router } = await renderApp({ path: '/userpassword', services: fakeServices({ api: { userPwdLogin } }) })
    await user.type(await screen.findByLabelText('User ID'), '100001')
    await user.type(screen.getByLabelText('Password'), 'demo1234')
    await user.click(screen.getByRole('button', { name: 'Log in' }))

    expect(userPwdLogin).toHaveBeenCalledWith({ uid: '100001', passwd: 'demo1234' })
    const submit = screen.getByRole('button', { name: /Log in/ })
    expect(submit.getAttribute('aria-busy')).toBe('true')
    release()
    await waitFor(() => expect(router.state.location.pathname).toBe('/match'))
  })

  it('says wrong uid or password when the server refuses', async () => {
    const user = userEvent.setup()
    await renderApp({
      path: '/userpassword',
      services: fakeServices({ api: { userPwdLogin: async () => Promise.reject(backendError()) } }),
    })
    await user.type(await screen.findByLabelText('User ID'), '100001')
    await user.type(screen.getByLabelText('Password'), 'wrong')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong user ID or password')
  })

  it('says network error when the server cannot be reached', async () => {
    const user = userEvent.setup()
    const offline = Object.assign(new Error('Network Error'), { name: 'ApiError', code: 'NETWORK_ERROR' })
    await renderApp({ path: '/userpassword', services: fakeServices({ api: { userPwdLogin: async () => Promise.reject(offline) } }) })
    await user.type(await screen.findByLabelText('User ID'), '100001')
    await user.type(screen.getByLabelText('Password'), 'demo1234')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Network error. Please try again.')
  })

  it('after too many wrong passwords says how long to wait, in seconds or in minutes, and sends again when asked', async () => {
    const user = userEvent.setup()
    const throttled = (seconds: number) => Object.assign(new Error('HTTP 429'), { name: 'ApiError', code: 'LOGIN_THROTTLED', retryAfterSeconds: seconds })
    const userPwdLogin = vi.fn().mockRejectedValueOnce(throttled(45)).mockRejectedValueOnce(throttled(600))
    await renderApp({ path: '/userpassword', services: fakeServices({ api: { userPwdLogin } }) })
    await user.type(await screen.findByLabelText('User ID'), '100001')
    await user.type(screen.getByLabelText('Password'), 'demo1234')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Too many sign-in attempts. Try again in 45 seconds.')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many sign-in attempts. Try again in 10 minutes.'))
    expect(userPwdLogin).toHaveBeenCalledTimes(2)
    // What was typed stays, to try again once the wait is over.
    expect((screen.getByLabelText('User ID') as HTMLInputElement).value).toBe('100001')
  })

  it('disables Google sign-in with an explanation when no client is configured', async () => {
    await renderApp({ path: '/login' })
    const google = await screen.findByRole('button', { name: 'Sign in with Google' })
    expect((google as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText(/Google sign-in is not configured/)).toBeInstanceOf(Element)
  })

  it('offers Google sign-in when a client is configured', async () => {
    await renderApp({ path: '/login', services: fakeServices({ googleClientId: '1-abc.apps.googleusercontent.com' }) })
    const google = await screen.findByRole('button', { name: 'Sign in with Google' })
    expect((google as HTMLButtonElement).disabled).toBe(false)
  })
})
