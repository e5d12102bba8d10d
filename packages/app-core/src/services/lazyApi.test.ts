import { describe, expect, it, vi } from 'vitest'
import { fakeApi } from '../testing/fakeServices'
import { createLazyApi } from './lazyApi'
import type { ApiService } from './types'

describe('createLazyApi', () => {
  it('loads nothing until the first call, then loads once and forwards every call', async () => {
    const client = fakeApi({ getMaintenanceStatus: async () => ({ maintananceStatus: 2 }) })
    const load = vi.fn(async () => client)
    const api = createLazyApi(load)
    expect(load).not.toHaveBeenCalled()
    expect(api.cancelAll()).toBe(0)
    expect(api.cancel('r1')).toBe(false)

    const [status, account] = await Promise.all([api.getMaintenanceStatus(), api.getAccount()])
    expect(status).toEqual({ maintananceStatus: 2 })
    expect(account.gemsBalance).toBe(500)
    expect((await api.userPwdLogin({ uid: '100001', passwd: 'demo1234' })).userInfo.jid).toBe('user_100001@localhost')
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('passes cancel calls to a loaded client', async () => {
    const cancel = vi.fn(() => true)
    const cancelAll = vi.fn(() => 3)
    const api = createLazyApi(async () => fakeApi({ cancel, cancelAll }))
    await api.logout()
    expect(api.cancel('r1')).toBe(true)
    expect(api.cancelAll()).toBe(3)
    expect(cancel).toHaveBeenCalledWith('r1')
  })

  it('rejects the call when loading fails and loads again on the next call', async () => {
    const load = vi.fn<() => Promise<ApiService>>().mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module')).mockResolvedValue(fakeApi())
    const api = createLazyApi(load)
    await expect(api.getConfig()).rejects.toThrow('Failed to fetch dynamically imported module')
    await expect(api.getMaintenanceStatus()).resolves.toEqual({ maintananceStatus: 1 })
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('passes errors of the real client through unchanged', async () => {
    const failure = Object.assign(new Error('wrong password'), { name: 'ApiError', code: 'BACKEND_ERROR' })
    const api = createLazyApi(async () => fakeApi({ userPwdLogin: async () => Promise.reject(failure) }))
    await expect(api.userPwdLogin({ uid: '1', passwd: 'x' })).rejects.toBe(failure)
  })
})
