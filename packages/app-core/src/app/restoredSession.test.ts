import { describe, expect, it, vi } from 'vitest'
import { demoAccount, demoLoginResponse, fakeServices } from '../testing/fakeServices'
import { refreshRestoredSession } from './restoredSession'
import { makeStore } from './store'

const signedIn = {
  auth: { user: { uid: '100001', jid: 'user_100001@localhost', vcToken: 't', role: 2, nickName: '', name: '' }, componentInfo: demoLoginResponse.componentInfo },
  account: { paid: false, gemsBalance: 0 },
}

describe('a restored session', () => {
  it('asks the server for the account again: a stale stored balance is replaced', async () => {
    const getAccount = vi.fn(async () => ({ ...demoAccount, gemsBalance: 12 }))
    const store = makeStore({ services: fakeServices({ api: { getAccount } }), preloadedState: signedIn })
    refreshRestoredSession(store)
    await vi.waitFor(() => expect(store.getState().account.gemsBalance).toBe(12))
    expect(getAccount).toHaveBeenCalledTimes(1)
  })

  it('asks nothing for a visitor', () => {
    const getAccount = vi.fn(async () => ({ ...demoAccount }))
    const store = makeStore({ services: fakeServices({ api: { getAccount } }) })
    refreshRestoredSession(store)
    expect(getAccount).not.toHaveBeenCalled()
  })
})
