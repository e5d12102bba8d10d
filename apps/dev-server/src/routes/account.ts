import type { AccountInfo, ConfigInfo, FirstCallInfo, PaidUserFreeCall } from '@vchat/contract'
import type { DatabaseSync } from 'node:sqlite'
import {
  CLUB_CALLS_FREE,
  CLUB_CALLS_PAID,
  FREE_FIRST_CALL_TIMES,
  MATCH_TO_FLASH_S,
  PAID_USER_FREE_CALL_ENABLED,
  RECHARGE_REMINDER_S,
  SILVER_CALL_DURATION_S,
  SILVER_PER_PAID_CLUB_MINUTE,
} from '../constants.ts'
import type { UserRow } from '../db/users.ts'
import { ok, productRoute, refuse, signedIn, type Route } from '../http/routes.ts'
import { anchorByJid } from '../world/anchors.ts'
import { freeCallDurationS, freeCallsLeft, silverCallsLeft } from '../xmpp/callRecords.ts'
import { checkIn } from '../world/tasks.ts'
import { componentInfo } from './common.ts'
import { withBlockReason } from './devAccount.ts'

function accountInfo(user: UserRow): AccountInfo {
  return {
    paid: user.paid === 1,
    gemsBalance: user.gems_balance,
    silverBalance: user.silver_balance,
    silverSpent: user.silver_spent,
  }
}

/**
 * The free first call offer (SPEC §3 firstCallInfo): what is left is counted from the call records
 * as the hub counts it when it grants the call, so the app never offers a free call the hub refuses.
 */
function firstCallInfo(db: DatabaseSync, user: UserRow): FirstCallInfo {
  return {
    freeFirstCallTotalTimes: FREE_FIRST_CALL_TIMES,
    freeFirstCallRemainingTimes: freeCallsLeft(db, user, 'first'),
    freeFirstCallDuration: freeCallDurationS('first'),
  }
}

/** The paid user's free call (SPEC §3): `freeTimes` is what is left, counted as the hub counts it. */
function paidUserFreeCall(db: DatabaseSync, user: UserRow): PaidUserFreeCall {
  return {
    freeTimes: freeCallsLeft(db, user, 'paid'),
    freeDuration: freeCallDurationS('paid'),
    rechargeReminderTime: RECHARGE_REMINDER_S,
    matchToFlashTime: MATCH_TO_FLASH_S,
  }
}

/** Silver club calls a user has per day. */
export function clubCallsPerDay(user: UserRow): number {
  return user.paid === 1 ? CLUB_CALLS_PAID : CLUB_CALLS_FREE
}

/** The config's mainInfo: components, block status, feature switches and the first-call offer. */
export function mainInfo(db: DatabaseSync, user: UserRow, domain: string): ConfigInfo['mainInfo'] {
  return {
    componentInfo: componentInfo(domain),
    blockInfo: { blocked: user.blocked === 1, reason: '' },
    commonConfig: { enableLuckyBox: true, enablePaidUserFreeCall: PAID_USER_FREE_CALL_ENABLED, enableUserTaskEntrance: true },
    enableCallback: true,
    firstCallInfo: firstCallInfo(db, user),
  }
}

/** When the config is asked for: `now` (ms) and the device's `timezoneOffset` (minutes east of UTC). */
interface ConfigMoment {
  db: DatabaseSync
  now: number
  timezoneOffset: number
}

/**
 * The config (combine_info). `silverCall.availableTimes` is what is left today, counted as the hub and
 * club_call_times count it: the day's allowance less the silver calls answered since the user's local midnight.
 */
function configInfo(user: UserRow, domain: string, moment: ConfigMoment): ConfigInfo {
  return {
    mainInfo: mainInfo(moment.db, user, domain),
    veegoInfo: {
      silverInfoConf: { enableSilverClub: true, silverCallDuration: SILVER_CALL_DURATION_S, silverPerPaidClubMinute: SILVER_PER_PAID_CLUB_MINUTE },
      silverCall: { availableTimes: silverCallsLeft(moment.db, user, moment.now, moment.timezoneOffset) },
    },
  }
}

export const accountRoutes: Route[] = [
  productRoute('getAccount', {
    handle: (request) => ok(accountInfo(signedIn(request))),
  }),
  productRoute('getConfig', {
    handle(request) {
      const user = signedIn(request)
      const moment = { db: request.app.db, now: request.app.now(), timezoneOffset: request.dayOffsetMinutes }
      return ok(withBlockReason(request.app.db, user.uid, configInfo(user, request.app.domain, moment)))
    },
  }),
  productRoute('claimCheckInReward', {
    handle(request) {
      const result = checkIn(request.app.db, signedIn(request).uid, {
        now: request.app.now(),
        offsetMinutes: request.dayOffsetMinutes,
      })
      return typeof result === 'string' ? refuse(result) : ok(result)
    },
  }),
  productRoute('getAnchorAccounts', {
    handle({ app, data }) {
      const anchorAccountInfo = [...new Set(data.targetJid)].flatMap((jid) => {
        const row = anchorByJid(app.db, jid)
        return row ? [{ uid: row.uid, jid: row.jid, privateChatPrice: row.private_chat_price, onlineStatus: row.online_status }] : []
      })
      return ok({ anchorAccountInfo })
    },
  }),
  productRoute('getFirstCallInfo', {
    handle: (request) => ok(firstCallInfo(request.app.db, signedIn(request))),
  }),
  productRoute('getPaidUserFreeCall', {
    handle: (request) => ok(paidUserFreeCall(request.app.db, signedIn(request))),
  }),
]
