import { describe, expect, it } from 'vitest'
import { createCallRouter } from './callRouter'
import { leaderLockName } from './protocol'

const ME = 'user_100001@localhost'

describe('createCallRouter', () => {
  it('routes by sid, the requester and the front tab; forgets a tab that is gone', () => {
    const router = createCallRouter('leader')
    expect(router.route({ action: 'ReChargeSuccess', payload: {} })).toBeNull()
    router.toFront('t1')
    expect(router.route({ action: 'CallIn', payload: { sid: 'x' } })).toBe('t1')
    expect(router.route({ action: 'CallCancel', payload: { sid: 'x' } })).toBe('t1')
    router.sent('t2', 'SessionRequest', { callee: 'y' })
    expect(router.route({ action: 'SessionSuccess', payload: { sid: 'y' } })).toBe('t2')
    expect(router.route({ action: 'SessionTerminate', payload: { sid: 'y' } })).toBe('t2')
    router.gone('t1')
    expect(router.front).toBe('leader')
    expect(router.route({ action: 'CallCancel', payload: { sid: 'x' } })).toBeNull()
    expect(router.route({ action: 'CallError', payload: { reason: 'blocked' } })).toBeNull()
    expect(leaderLockName(ME)).toContain(ME)
  })
})
