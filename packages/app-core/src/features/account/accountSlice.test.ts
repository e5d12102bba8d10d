import { describe, expect, it } from 'vitest'
import type { AccountInfo } from '@vchat/api-client'
import { makeStore } from '../../app/store'
import { signedInState } from '../../testing/accountTestState'
import { fakeServices } from '../../testing/fakeServices'
import { gemsBalanceChanged, loadAccount } from './accountSlice'

const info = (gemsBalance: number): AccountInfo => ({ paid: true, gemsBalance, silverBalance: 0, silverSpent: 0 })

describe('account balance', () => {
  it('a balance the hub reports while the account request is out is not overwritten by its older answer', async () => {
    let answer: (value: AccountInfo) => void = () => {}
    const services = fakeServices({ api: { getAccount: () => new Promise<AccountInfo>((resolve) => (answer = resolve)) } })
    const store = makeStore({ services, preloadedState: signedInState() })
    const loading = store.dispatch(loadAccount())
    // The refund of a cancelled call arrives, then the answer the server gave before the refund.
    store.dispatch(gemsBalanceChanged(500))
    answer(info(455))
    await loading
    expect(store.getState().account.gemsBalance).toBe(500)
    expect(store.getState().account.paid).toBe(true)
  })

  it('without a report meanwhile, the answer is the balance', async () => {
    const services = fakeServices({ api: { getAccount: async () => info(455) } })
    const store = makeStore({ services, preloadedState: signedInState() })
    store.dispatch(gemsBalanceChanged(500))
    await store.dispatch(loadAccount())
    expect(store.getState().account.gemsBalance).toBe(455)
  })
})
