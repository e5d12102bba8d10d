/**
 * The auth state's types, apart from the slice: `app/state.ts` gathers every slice's state type
 * from modules like this one, so a slice can import the root state type without an import cycle.
 */
import type { ComponentInfo } from '@vchat/api-client'
import type { MainUser } from '../../services/types'

/**
 * Why a login failed. `invalid_credentials`: the server answered with result ≠ 1; `network`: no usable
 * answer (offline, time-out, HTTP error); `invalid_token`: the answer had no vcToken (SPEC §5);
 * `unknown`: anything else ('unknown reason', SPEC §8).
 */
export type LoginFailureKind = 'invalid_credentials' | 'network' | 'invalid_token' | 'unknown'

export interface LoginFailure {
  kind: LoginFailureKind
  reason: string
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
