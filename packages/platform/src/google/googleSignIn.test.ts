import { describe, expect, it, vi } from 'vitest'
import type { LoginRequest } from '@vchat/api-client'
import { createGoogleIdentitySignIn } from './identityServices'
import type { GoogleAccounts, PromptMomentNotification } from './identityServices'
import { subjectOfIdToken, toGoogleLoginRequest } from './loginRequest'
import { GoogleSignInError } from './types'

const CLIENT_ID = '731058246913-35428ac79cd24c204701234ee2b30f2a.apps.googleusercontent.com'

function idToken(claims: object): string {
  const encode = (value: object): string => {
    const bytes = new TextEncoder().encode(JSON.stringify(value))
    return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
  }
  return `${encode({ alg: 'RS256' })}.${encode(claims)}.signature`
}

type CodeConfig = Parameters<GoogleAccounts['oauth2']['initCodeClient']>[0]
type TokenConfig = Parameters<GoogleAccounts['oauth2']['initTokenClient']>[0]
type IdConfig = Parameters<GoogleAccounts['id']['initialize']>[0]

/** A fake of Google Identity Services at the `google.accounts` boundary. */
function fakeGis() {
  const calls = {
    code: [] as CodeConfig[],
    token: [] as TokenConfig[],
    initialize: [] as IdConfig[],
    prompts: [] as Array<((n: PromptMomentNotification) => void) | undefined>,
    cancels: 0,
    requested: 0,
  }
  const accounts: GoogleAccounts = {
    oauth2: {
      initCodeClient: (config) => {
        calls.code.push(config)
        return { requestCode: () => void (calls.requested += 1) }
      },
      initTokenClient: (config) => {
        calls.token.push(config)
        return { requestAccessToken: () => void (calls.requested += 1) }
      },
    },
    id: {
      initialize: (config) => void calls.initialize.push(config),
      prompt: (listener) => void calls.prompts.push(listener),
      cancel: () => void (calls.cancels += 1),
    },
  }
  return { accounts, calls }
}

function signInWith(gis = fakeGis(), clientId: string | null = CLIENT_ID) {
  const loadScript = vi.fn(async () => undefined)
  const google = createGoogleIdentitySignIn({ clientId, loadScript, getAccounts: () => gis.accounts })
  return { google, gis, loadScript }
}

describe('toGoogleLoginRequest (the login request shape)', () => {
  it('One Tap: the ID token as credential and its sub as openId', () => {
    const credential = idToken({ sub: '1098765', email: 'a@b.c' })
    const request: LoginRequest = toGoogleLoginRequest({ kind: 'credential', credential })
    expect(request).toEqual({ openId: '1098765', token: '', channel: 'google', credential })
  })

  it('token flow: the access token as token; code flow: the code as credential', () => {
    expect(toGoogleLoginRequest({ kind: 'token', accessToken: 'ya29.x' })).toEqual({
      openId: '',
      token: 'ya29.x',
      channel: 'google',
      credential: '',
    })
    expect(toGoogleLoginRequest({ kind: 'code', code: '4/0Ab' }, 'B1')).toEqual({
      openId: '',
      token: '',
      channel: 'B1',
      credential: '4/0Ab',
    })
  })

  it('reads no sub from a malformed token', () => {
    expect(subjectOfIdToken('not-a-jwt')).toBe('')
    expect(subjectOfIdToken('a.!!!.c')).toBe('')
    expect(subjectOfIdToken(idToken({ sub: 5 }))).toBe('')
    expect(subjectOfIdToken(idToken({ sub: 'ü-1' }))).toBe('ü-1')
  })
})

describe('createGoogleIdentitySignIn', () => {
  it('is unavailable without a client id and loads nothing', async () => {
    for (const clientId of ['', null]) {
      const { google, loadScript } = signInWith(fakeGis(), clientId)
      expect(google.isAvailable()).toBe(false)
      await expect(google.signIn('code')).rejects.toMatchObject({ reason: 'not_configured' })
      expect(await google.prompt()).toBeNull()
      expect(loadScript).not.toHaveBeenCalled()
    }
  })

  it('code flow: loads GIS, opens the popup with the client id and scopes, resolves the code', async () => {
    const { google, gis, loadScript } = signInWith()
    expect(google.isAvailable()).toBe(true)
    const signingIn = google.signIn('code')
    await vi.waitFor(() => expect(gis.calls.code).toHaveLength(1))
    expect(loadScript).toHaveBeenCalledWith('https://accounts.google.com/gsi/client')
    expect(gis.calls.code[0]).toMatchObject({ client_id: CLIENT_ID, scope: 'email profile openid', ux_mode: 'popup' })
    expect(gis.calls.requested).toBe(1)
    gis.calls.code[0]?.callback({ code: '4/0Ab' })
    expect(await signingIn).toEqual({ kind: 'code', code: '4/0Ab' })
  })

  it('token flow resolves the access token; a refusal rejects with its reason', async () => {
    const { google, gis } = signInWith()
    const signingIn = google.signIn('token')
    await vi.waitFor(() => expect(gis.calls.token).toHaveLength(1))
    expect(gis.calls.token[0]).toMatchObject({ client_id: CLIENT_ID, scope: 'email profile openid' })
    gis.calls.token[0]?.callback({ access_token: 'ya29.x' })
    expect(await signingIn).toEqual({ kind: 'token', accessToken: 'ya29.x' })

    const denied = google.signIn('token')
    await vi.waitFor(() => expect(gis.calls.token).toHaveLength(2))
    gis.calls.token[1]?.callback({ error: 'access_denied' })
    await expect(denied).rejects.toMatchObject({ name: 'GoogleSignInError', reason: 'access_denied' })
  })

  it('a closed or blocked popup rejects with that reason', async () => {
    const { google, gis } = signInWith()
    const closed = google.signIn('code')
    await vi.waitFor(() => expect(gis.calls.code).toHaveLength(1))
    gis.calls.code[0]?.error_callback?.({ type: 'popup_closed' })
    await expect(closed).rejects.toMatchObject({ reason: 'popup_closed' })
    const blocked = google.signIn('code')
    await vi.waitFor(() => expect(gis.calls.code).toHaveLength(2))
    gis.calls.code[1]?.error_callback?.({ type: 'popup_failed_to_open' })
    await expect(blocked).rejects.toMatchObject({ reason: 'popup_failed_to_open' })
  })

  it('a script that fails to load rejects with script_failed', async () => {
    const google = createGoogleIdentitySignIn({
      clientId: CLIENT_ID,
      loadScript: () => Promise.reject(new Error('blocked')),
      getAccounts: () => undefined,
    })
    await expect(google.signIn('code')).rejects.toBeInstanceOf(GoogleSignInError)
    await expect(google.signIn('code')).rejects.toMatchObject({ reason: 'script_failed' })
    expect(await google.prompt()).toBeNull()
  })

  it('One Tap uses FedCM, initialises once and resolves the credential', async () => {
    const { google, gis } = signInWith()
    const prompting = google.prompt()
    await vi.waitFor(() => expect(gis.calls.prompts).toHaveLength(1))
    expect(gis.calls.initialize).toEqual([
      expect.objectContaining({ client_id: CLIENT_ID, use_fedcm_for_prompt: true, auto_select: false }),
    ])
    const credential = idToken({ sub: '42' })
    gis.calls.initialize[0]?.callback({ credential })
    expect(await prompting).toEqual({ kind: 'credential', credential })

    const again = google.prompt()
    await vi.waitFor(() => expect(gis.calls.prompts).toHaveLength(2))
    gis.calls.prompts[1]?.({ isSkippedMoment: () => true })
    expect(await again).toBeNull()
    expect(gis.calls.initialize).toHaveLength(1)
  })

  it('One Tap resolves null when not displayed, dismissed, or cancelled', async () => {
    const { google, gis } = signInWith()
    const notShown = google.prompt()
    await vi.waitFor(() => expect(gis.calls.prompts).toHaveLength(1))
    gis.calls.prompts[0]?.({ isNotDisplayed: () => true })
    expect(await notShown).toBeNull()

    const dismissed = google.prompt()
    await vi.waitFor(() => expect(gis.calls.prompts).toHaveLength(2))
    gis.calls.prompts[1]?.({ isDismissedMoment: () => true, getDismissedReason: () => 'cancel_called' })
    expect(await dismissed).toBeNull()

    const cancelled = google.prompt()
    await vi.waitFor(() => expect(gis.calls.prompts).toHaveLength(3))
    google.cancelPrompt()
    expect(await cancelled).toBeNull()
    expect(gis.calls.cancels).toBe(1)
  })

  it('a dismissal because the credential came back keeps the credential', async () => {
    const { google, gis } = signInWith()
    const prompting = google.prompt()
    await vi.waitFor(() => expect(gis.calls.prompts).toHaveLength(1))
    gis.calls.prompts[0]?.({ isDismissedMoment: () => true, getDismissedReason: () => 'credential_returned' })
    gis.calls.initialize[0]?.callback({ credential: 'a.b.c' })
    expect(await prompting).toEqual({ kind: 'credential', credential: 'a.b.c' })
  })
})
