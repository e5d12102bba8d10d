import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ApiError } from '@vchat/api-client'
import { describe, expect, it, vi } from 'vitest'
import { makeStore } from '../../app/store'
import { fakeChatService } from '../../testing/fakeChat'
import { fakeServices, manualClock } from '../../testing/fakeServices'
import { renderApp } from '../../testing/renderApp'
import { demoPayRecords, pagedPayRecords } from '../../testing/walletFixtures'
import { loadAccount } from '../account'

const USER = { uid: '100001', jid: 'user_100001@localhost', vcToken: 'token-100001', role: 2, nickName: 'Demo', name: 'Demo' }
const refused = (path: string) => new ApiError('UNAUTHORIZED', `HTTP 401 from ${path}`, { path, requestId: 'r-1', status: 401 })

describe('a session the server no longer takes', () => {
  it('signs the user out on a 401, opens the login popup saying why, and returns to the same screen after signing in', async () => {
    const user = userEvent.setup()
    const chat = fakeChatService()
    const chatLogout = vi.spyOn(chat, 'logout')
    const records = pagedPayRecords(demoPayRecords)
    let refuse = true
    const getPayRecords = vi.fn(async (request: Parameters<typeof records>[0]) => {
      if (refuse) throw refused('/api/common_service/pay_records_v2')
      return records(request)
    })
    const { store, router } = await renderApp({ path: '/paymenthistory', services: fakeServices({ chat, api: { getPayRecords } }), preloadedState: { auth: { user: USER } } })

    expect(await screen.findByText('Your session has ended. Please sign in again to continue where you were.')).toBeInstanceOf(HTMLElement)
    expect(store.getState().auth.user).toBeNull()
    expect(chatLogout).toHaveBeenCalledTimes(1)
    expect(router.state.location.pathname).toBe('/login')

    refuse = false
    await user.type(screen.getByLabelText('User ID'), '100001')
    await user.type(screen.getByLabelText('Password'), 'demo1234')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/paymenthistory'))
    expect(store.getState().auth.notice).toBeNull()
    expect(screen.queryByText('Your session has ended. Please sign in again to continue where you were.')).toBeNull()
  })

  it('several refusals at once sign out once', async () => {
    const chat = fakeChatService()
    const chatLogout = vi.spyOn(chat, 'logout')
    const store = makeStore({ services: fakeServices({ chat, api: { getAccount: async () => Promise.reject(refused('/api/account_service/account')) } }), preloadedState: { auth: { user: USER } } })
    await Promise.all([store.dispatch(loadAccount()), store.dispatch(loadAccount()), store.dispatch(loadAccount())])
    await waitFor(() => expect(store.getState().auth).toMatchObject({ user: null, notice: 'expired' }))
    expect(chatLogout).toHaveBeenCalledTimes(1)
  })

  it('a token within the hour of expiring signs out before the call it would fail; one with more time left, and other errors, do not', async () => {
    const clock = manualClock(Date.UTC(2026, 10, 1, 12))
    const fresh = makeStore({
      services: fakeServices({ clock, api: { getAccount: async () => Promise.reject(new ApiError('NETWORK_ERROR', 'offline', { path: '/x', requestId: 'r' })) } }),
      preloadedState: { auth: { user: { ...USER, vcTokenExpiresAt: clock.now() + 2 * 3_600_000 } } },
    })
    await fresh.dispatch(loadAccount())
    expect(fresh.getState().auth.user?.uid).toBe('100001')

    const expiring = makeStore({ services: fakeServices({ clock }), preloadedState: { auth: { user: { ...USER, vcTokenExpiresAt: clock.now() + 30 * 60_000 } } } })
    void expiring.dispatch(loadAccount())
    await waitFor(() => expect(expiring.getState().auth).toMatchObject({ user: null, notice: 'expired' }))
  })
})
