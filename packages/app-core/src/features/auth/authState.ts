/**
 * The auth state's types, apart from the slice: `app/state.ts` gathers every slice's state type
 * from modules like this one, so a slice can import the root state type without an import cycle.
 */
import type { ComponentInfo } from '@vchat/api-client'
import type { MainUser } from '../../services/types'

/**
 * Why a login failed. `invalid_credentials`: the server answered with result ≠ 1; `network`: no usable
 * answer (offline, time-out, HTTP error); `invalid_token`: the answer had no vcToken (SPEC §5);
 * `throttled`: too many wrong passwords for the uid or from this address, the server refuses every
 * attempt for `retryAfterSeconds` (the contract's LOGIN_THROTTLED); `unknown`: anything else
 * ('unknown reason', SPEC §8).
 */
export type LoginFailureKind = 'invalid_credentials' | 'network' | 'invalid_token' | 'throttled' | 'unknown'

export interface LoginFailure {
  kind: LoginFailureKind
  reason: string
  /** `throttled`: the whole seconds the server asks to wait, as of its answer. */
  retryAfterSeconds?: number
}

export type LoginStatus = 'idle' | 'loading' | 'succeeded' | 'failed'

export interface AuthState {
  user: MainUser | null
  /** componentInfo of the last login (hub, gift and help domains). */
  componentInfo: ComponentInfo | null
  /** The server asks for the profile to be completed. */
  completeUserInfoCheck: boolean
  status: LoginStatus
  failure: LoginFailure | null
  /**
   * Why the user is signed out when it was not their choice: `expired`, the server no longer took
   * the session's token (a 401) or it was within SPEC §9's hour of expiring. The login popup says
   * so; a login clears it.
   */
  notice?: 'expired' | null
}
