import { GoogleSignInError, toGoogleLoginRequest } from '@vchat/platform'
import type { GoogleSignIn } from '@vchat/platform'
import { describe, expect, it, vi } from 'vitest'
import { GoogleAuthError, createGoogleAuth } from './googleAuth'

function fakeGoogle(overrides: Partial<GoogleSignIn> = {}): GoogleSignIn & { cancelled: number } {
  const google = {
    cancelled: 0,
    isAvailable: () => true,
    signIn: async () => ({ kind: 'code' as const, code: 'auth-code-1' }),
    prompt: async () => ({ kind: 'credential' as const, credential: 'header.eyJzdWIiOiIxMjM0NSJ9.sig' }),
    cancelPrompt: () => {
      google.cancelled += 1
    },
    ...overrides,
  }
  return google
}

const load = (google: GoogleSignIn) => vi.fn(async () => ({ signIn: google, toLoginRequest: toGoogleLoginRequest }))

describe('Google sign-in service', () => {
  it('without a client id is unavailable and loads nothing', async () => {
    const loader = load(fakeGoogle())
    const auth = createGoogleAuth({ clientId: null, load: loader })
    expect(auth.available).toBe(false)
    await expect(auth.signIn()).rejects.toMatchObject({ reason: 'not_configured' })
    await expect(auth.prompt()).resolves.toBeNull()
    expect(loader).not.toHaveBeenCalled()
  })

  it('the button (code flow) gives the login request: credential = the code, channel google', async () => {
    const google = fakeGoogle()
    const signIn = vi.spyOn(google, 'signIn')
    const auth = createGoogleAuth({ clientId: '1-abc.apps.googleusercontent.com', load: load(google) })
    expect(auth.available).toBe(true)
    await expect(auth.signIn()).resolves.toEqual({ openId: '', token: '', channel: 'google', credential: 'auth-code-1' })
    expect(signIn).toHaveBeenCalledWith('code')
  })

  it('One Tap gives the ID token as credential and its subject as openId; dismissed gives null', async () => {
    const auth = createGoogleAuth({ clientId: '1-abc.apps.googleusercontent.com', load: load(fakeGoogle()) })
    await expect(auth.prompt()).resolves.toEqual({ openId: '12345', token: '', channel: 'google', credential: 'header.eyJzdWIiOiIxMjM0NSJ9.sig' })
    const dismissed = createGoogleAuth({ clientId: 'x', load: load(fakeGoogle({ prompt: async () => null })) })
    await expect(dismissed.prompt()).resolves.toBeNull()
  })

  it('a closed popup rejects with its reason; a failed script load with script_failed, retried next time', async () => {
    const closed = createGoogleAuth({ clientId: 'x', load: load(fakeGoogle({ signIn: async () => Promise.reject(new GoogleSignInError('popup_closed')) })) })
    await expect(closed.signIn()).rejects.toBeInstanceOf(GoogleAuthError)
    await expect(closed.signIn()).rejects.toMatchObject({ reason: 'popup_closed' })
    const loader = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ signIn: fakeGoogle(), toLoginRequest: toGoogleLoginRequest })
    const flaky = createGoogleAuth({ clientId: 'x', load: loader })
    await expect(flaky.signIn()).rejects.toMatchObject({ reason: 'script_failed' })
    await expect(flaky.signIn()).resolves.toMatchObject({ credential: 'auth-code-1' })
  })

  it('cancelPrompt closes a showing One Tap', async () => {
    const google = fakeGoogle()
    const auth = createGoogleAuth({ clientId: 'x', load: load(google) })
    auth.cancelPrompt()
    await auth.prompt()
    auth.cancelPrompt()
    expect(google.cancelled).toBe(1)
  })
})
