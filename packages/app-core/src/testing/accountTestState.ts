import type { PreloadedAppState } from '../app/state'
import { demoConfig, demoLoginResponse } from './fakeServices'

/** A signed-in user 100001 with config loaded (the task entrance on, not blocked). */
export function signedInState(overrides: PreloadedAppState = {}): PreloadedAppState {
  return {
    ...overrides,
    auth: {
      user: { uid: '100001', jid: demoLoginResponse.userInfo.jid, vcToken: 'token-100001', role: 2, nickName: 'Demo User', name: '' },
      ...overrides.auth,
    },
    account: { paid: true, gemsBalance: 500, silverBalance: 20, silverSpent: 0, ...overrides.account },
    config: { info: structuredClone(demoConfig), ...overrides.config },
  }
}

/** The same user with blockInfo saying the account is blocked. */
export function blockedState(reason = 'Spam reports'): PreloadedAppState {
  const info = structuredClone(demoConfig)
  info.mainInfo.blockInfo = { blocked: true, reason }
  return signedInState({ config: { info } })
}
