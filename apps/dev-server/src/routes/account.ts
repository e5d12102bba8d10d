import type { AccountInfo, AccountRequest, ConfigInfo } from '@vchat/api-client'
import { z } from 'zod'
import {
  FREE_FIRST_CALL_DURATION_S,
  FREE_FIRST_CALL_TIMES,
  SILVER_CALL_DURATION_S,
} from '../constants.ts'
import type { UserRow } from '../db/users.ts'
import { ok, productRoute, type Route } from '../http/routes.ts'
import { componentInfo } from './common.ts'

const accountSchema = z.object({ action: z.literal(1) }) satisfies z.ZodType<AccountRequest>

export function accountInfo(user: UserRow): AccountInfo {
  return {
    paid: user.paid === 1,
    gemsBalance: user.gems_balance,
    silverBalance: user.silver_balance,
    silverSpent: user.silver_spent,
  }
}

export function configInfo(user: UserRow, domain: string): ConfigInfo {
  const paid = user.paid === 1
  return {
    mainInfo: {
      componentInfo: componentInfo(domain),
      blockInfo: { blocked: user.blocked === 1, reason: '' },
      commonConfig: { enableLuckyBox: true, enablePaidUserFreeCall: true, enableUserTaskEntrance: true },
      enableCallback: true,
      firstCallInfo: {
        freeFirstCallTotalTimes: FREE_FIRST_CALL_TIMES,
        freeFirstCallRemainingTimes: paid ? 0 : FREE_FIRST_CALL_TIMES,
        freeFirstCallDuration: FREE_FIRST_CALL_DURATION_S,
      },
    },
    veegoInfo: {
      silverInfoConf: { enableSilverClub: true, silverCallDuration: SILVER_CALL_DURATION_S },
      silverCall: { availableTimes: 0 },
    },
  }
}

export const accountRoutes: Route[] = [
  productRoute('/api/account_service/account', {
    data: accountSchema,
    auth: true,
    handle: ({ user }) => ok(accountInfo(user as UserRow)),
  }),
  productRoute('/api/account_service/combine_info', {
    data: z.unknown(),
    auth: true,
    handle: ({ app, user }) => ok(configInfo(user as UserRow, app.domain)),
  }),
]
