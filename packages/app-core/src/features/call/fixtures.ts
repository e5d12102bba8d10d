import type { CallApi } from './callApi'

/**
 * The call endpoints as the local backend answers them for the demo user 100001, who has paid: no
 * free first call left, one paid-user free call (60 s; reminder 45 s before the end). Ratings and
 * reports are accepted.
 */
export function callFakeApi(): CallApi {
  return {
    getFirstCallInfo: async () => ({ freeFirstCallTotalTimes: 1, freeFirstCallRemainingTimes: 0, freeFirstCallDuration: 60 }),
    getPaidUserFreeCall: async () => ({ freeTimes: 1, freeDuration: 60, rechargeReminderTime: 45, matchToFlashTime: 15 }),
    // The server keeps the stars and the report (the dev-server's rules are tested there).
    rateCall: async ({ sid, stars }) => ({ sid, stars }),
    reportUser: async () => ({ reported: true }),
  }
}
