import { ApiError } from '@vchat/api-client'
import { describe, expect, it, vi } from 'vitest'
import { makeStore } from '../../app/store'
import { selectGemsBalance, selectIsPaidUser } from '../account'
import { selectConfig } from '../config'
import { demoLoginResponse, fakeServices } from '../../testing/fakeServices'
import {
  loginWithPassword,
  logout,
  selectComponentInfo,
  selectIsLoggedIn,
  selectLoginFailure,
  selectLoginStatus,
  selectUser,
} from './authSlice'

const credentials = { uid: '100001', passwd: 'demo1234', pathname: '/login' }

describe('loginWithPassword', () => {
  it('stores the user, logs in to messaging, then loads config and account', async () => {
    const calls: string[] = []
    const services = fakeServices({
      api: {
        userPwdLogin: async (params) => {
          calls.push(`login ${params.uid}`)
          return structuredClone(demoLoginResponse)
        },
        getConfig: async () => {
          calls.push('config')
          return (await fakeServices().api.getConfig())
        },
        getAccount: async () => {
          calls.push('account')
          return { paid: true, gemsBalance: 500, silverBalance: 0, silverSpent: 0 }
        },
      },
      chat: {
        login: async (c) => {
          calls.push(`chat ${c.jid}`)
        },
        fetchProfile: async () => ({ nickName: 'Demo One', name: 'Demo' }),
      },
    })
    const store = makeStore({ services })

    await store.dispatch(loginWithPassword(credentials))

    expect(calls.slice(0, 2)).toEqual(['login 100001', 'chat user_100001@localhost'])
    expect(calls.slice(2).sort()).toEqual(['account', 'config'])
    const state = store.getState()
    expect(selectUser(state)).toEqual({
      uid: '100001',
      jid: 'user_100001@localhost',
      vcToken: 'token-100001',
      role: 2,
      nickName: 'Demo One',
      name: 'Demo',
      vcTokenExpiresAt: demoLoginResponse.userInfo.vcTokenExpiresAt,
    })
    expect(selectLoginStatus(state)).toBe('succeeded')
    expect(selectGemsBalance(state)).toBe(500)
    expect(selectIsPaidUser(state)).toBe(true)
    expect(selectConfig(state)?.mainInfo.componentInfo.hubDomain).toBe('hub.localhost')
    expect(selectComponentInfo(state)?.giftDomain).toBe('gift.localhost')
  })

  it('makes the API client send the signed-in user', async () => {
    const services = fakeServices()
    const store = makeStore({ services })
    expect(services.auth.getUser()).toBeNull()
    await store.dispatch(loginWithPassword(credentials))
    expect(services.auth.getUser()?.vcToken).toBe('token-100001')
  })

  it('skips messaging login on payment routes', async () => {
    const chatLogin = vi.fn(async () => {})
    const store = makeStore({ services: fakeServices({ chat: { login: chatLogin } }) })
    await store.dispatch(loginWithPassword({ ...credentials, pathname: '/payresult' }))
    expect(chatLogin).not.toHaveBeenCalled()
    expect(selectIsLoggedIn(store.getState())).toBe(true)
    expect(selectGemsBalance(store.getState())).toBe(500)
  })

  it('keeps the login when messaging login fails (only logged)', async () => {
    const store = makeStore({
      services: fakeServices({ chat: { login: async () => Promise.reject(new Error('time out')) } }),
    })
    const result = await store.dispatch(loginWithPassword(credentials))
    expect(loginWithPassword.fulfilled.match(result)).toBe(true)
    expect(selectIsLoggedIn(store.getState())).toBe(true)
    expect(selectGemsBalance(store.getState())).toBe(500)
  })

  it('reports wrong credentials when the server answers result ≠ 1', async () => {
    const events: { event: string; properties?: Record<string, unknown> | undefined }[] = []
    const store = makeStore({
      services: fakeServices({
        events,
        api: {
          userPwdLogin: async () => {
            throw new ApiError('BACKEND_ERROR', 'the backend request error', { path: '/api/login_service/user_pwd_login', requestId: 'r1', result: 0 })
          },
        },
      }),
    })
    await store.dispatch(loginWithPassword(credentials))
    const state = store.getState()
    expect(selectUser(state)).toBeNull()
    expect(selectLoginStatus(state)).toBe('failed')
    expect(selectLoginFailure(state)).toEqual({ kind: 'invalid_credentials', reason: 'the backend request error' })
    expect(events).toContainEqual({ event: 'login_fail', properties: { reason: 'the backend request error' } })
  })

  it('reports a network failure', async () => {
    const store = makeStore({
      services: fakeServices({
        api: {
          userPwdLogin: async () => {
            throw new ApiError('NETWORK_ERROR', 'Network Error', { path: '/api/login_service/user_pwd_login', requestId: 'r2' })
          },
        },
      }),
    })
    await store.dispatch(loginWithPassword(credentials))
    expect(selectLoginFailure(store.getState())?.kind).toBe('network')
  })

  it("fails with 'invalid token' when the answer has no vcToken, and removes the stored user", async () => {
    const store = makeStore({
      preloadedState: {
        auth: {
          user: { uid: '1', jid: 'user_1@localhost', vcToken: 'old', role: 2, nickName: '', name: '' },
          componentInfo: demoLoginResponse.componentInfo,
        },
      },
      services: fakeServices({
        api: {
          userPwdLogin: async () => ({ ...structuredClone(demoLoginResponse), userInfo: { ...demoLoginResponse.userInfo, vcToken: '' } }),
        },
      }),
    })
    await store.dispatch(loginWithPassword(credentials))
    const state = store.getState()
    expect(selectLoginFailure(state)).toEqual({ kind: 'invalid_token', reason: 'invalid token' })
    expect(selectUser(state)).toBeNull()
    expect(selectComponentInfo(state)).toBeNull()
  })

  it("keeps 'unknown reason' when the failure carries no data", async () => {
    const store = makeStore({
      services: fakeServices({
        api: {
          userPwdLogin: async () => {
            // Rejecting with nothing: the failure has no data at all.
            return Promise.reject(undefined)
          },
        },
      }),
    })
    await store.dispatch(loginWithPassword(credentials))
    expect(selectLoginFailure(store.getState())).toEqual({ kind: 'unknown', reason: 'unknown reason' })
  })

  it('shows loading while the request is in flight', async () => {
    let release: (value: typeof demoLoginResponse) => void = () => {}
    const store = makeStore({
      services: fakeServices({ api: { userPwdLogin: () => new Promise((resolve) => (release = resolve)) } }),
    })
    const pending = store.dispatch(loginWithPassword(credentials))
    expect(selectLoginStatus(store.getState())).toBe('loading')
    release(structuredClone(demoLoginResponse))
    await pending
    expect(selectLoginStatus(store.getState())).toBe('succeeded')
  })
})

describe('logout', () => {
  it('calls the API, then clears user, config and balance', async () => {
    const apiLogout = vi.fn(async () => null)
    const chatLogout = vi.fn(async () => {})
    const services = fakeServices({ api: { logout: apiLogout }, chat: { logout: chatLogout } })
    const store = makeStore({ services })
    await store.dispatch(loginWithPassword(credentials))
    let tokenDuringLogout: string | undefined
    apiLogout.mockImplementation(async () => {
      tokenDuringLogout = services.auth.getUser()?.vcToken
      return null
    })

    await store.dispatch(logout())

    expect(tokenDuringLogout).toBe('token-100001')
    expect(chatLogout).toHaveBeenCalled()
    const state = store.getState()
    expect(selectUser(state)).toBeNull()
    expect(selectConfig(state)).toBeNull()
    expect(selectGemsBalance(state)).toBeNull()
  })

  it('still signs out locally when the logout call fails', async () => {
    const store = makeStore({
      preloadedState: { auth: { user: { uid: '1', jid: 'user_1@localhost', vcToken: 't', role: 2, nickName: '', name: '' } }, account: { gemsBalance: 5 } },
      services: fakeServices({ api: { logout: async () => Promise.reject(new Error('offline')) } }),
    })
    await store.dispatch(logout())
    expect(selectIsLoggedIn(store.getState())).toBe(false)
    expect(selectGemsBalance(store.getState())).toBeNull()
  })
})
