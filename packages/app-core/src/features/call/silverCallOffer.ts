import type { ClubCallTimes } from '@vchat/api-client'

/** The silver call screen of a club host: its guide first (SPEC §2 /video/{uid}, tier silver). */
export const silverCallPath = (uid: string): string => `/video/${encodeURIComponent(uid)}?tier=silver`

/** Why a silver call cannot start now, or null when it can (as far as the app knows). */
export type SilverCallBlock = 'none-left' | 'balance-short' | null

/**
 * A silver call needs a call left today (availableTimes, as the server counts them) and the silver for
 * its first minute (the hub holds one minute's silver price when the call starts). Unknown figures
 * (not loaded yet) block nothing: the guide checks the calls left again before the call.
 */
export function silverCallBlock(times: ClubCallTimes | null, price: number | null, silverBalance: number | null): SilverCallBlock {
  if (times !== null && times.availableTimes <= 0) return 'none-left'
  if (price !== null && silverBalance !== null && silverBalance < price) return 'balance-short'
  return null
}
