/** The envelope's endpoints (sign-in, account, configuration, maintenance) and the building blocks every service's schemas share. */
import { z } from 'zod'
import type * as C from '../types.ts'

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

/** `exact<T>()(schema)`: compile error unless the schema's output is exactly T. */
export function exact<T>() {
  return <S extends z.ZodType<T>>(schema: S & (Same<z.output<S>, T> extends true ? unknown : { contractMismatch: T })): S =>
    schema
}

// ---- building blocks -------------------------------------------------------------------------

const PAGE_SIZE_MAX = 50

export const jid = z.string().min(3).max(200).regex(/^[^@\s]+@[^@\s]+$/, 'expected a jid (local@domain)')
export const page = z.number().int().min(1).max(10_000)
export const size = z.number().int().min(1).max(PAGE_SIZE_MAX)
export const languageCode = z.string().regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, 'expected a language code such as en or pt-BR')
export const countryCode = z.string().regex(/^[A-Z]{2}$/, 'expected a two-letter country code such as IN')
export const emptyRequest = z.object({}).strict()
export const pageRequest = exact<C.PageRequest>()(z.object({ page, size }).strict())
export const targetJidRequest = exact<C.TargetJidRequest>()(z.object({ targetJid: jid }).strict())
export const nonNegative = z.number().int().min(0)
export const onlineStatus = exact<C.OnlineStatus>()(z.enum(['online', 'busy', 'offline']))
const gender = exact<C.Gender>()(z.enum(['female', 'male']))
export const url = z.string().regex(/^https?:\/\//, 'expected an absolute URL')

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), page: z.number().int().min(1), size: nonNegative, total: nonNegative, hasMore: z.boolean() }).strict()
}

const componentInfo = exact<C.ComponentInfo>()(
  z.object({ hubDomain: z.string(), giftDomain: z.string(), helpDomain: z.string() }).strict(),
)
const firstCallInfo = exact<C.FirstCallInfo>()(
  z
    .object({ freeFirstCallTotalTimes: nonNegative, freeFirstCallRemainingTimes: nonNegative, freeFirstCallDuration: nonNegative })
    .strict(),
)
export const anchorInfoShape = {
  uid: z.string().regex(/^\d+$/),
  jid: z.string().regex(/^anchor_\d+@/),
  nickName: z.string().min(1),
  avatarUrl: url,
  country: z.string().regex(/^[A-Z]{2}$/),
  language: z.string().min(2),
  gender,
  birthday: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  privateChatPrice: z.number().int().positive(),
  onlineStatus,
  photos: z.array(url),
  videos: z.array(
    exact<C.AnchorVideo>()(z.object({ url, coverUrl: url, durationSeconds: nonNegative }).strict()),
  ),
  about: z.string(),
  isClubAnchor: z.boolean(),
}
export const anchorInfo = exact<C.AnchorInfo>()(z.object(anchorInfoShape).strict())

// ---- login_service, account_service, common_service config, system_service maintenance -------

export const baseRequests = {
  userPwdLogin: exact<C.UserPwdLoginRequest>()(
    z.object({ uid: z.string().min(1, 'required').max(32), passwd: z.string().min(1, 'required').max(128) }).strict(),
  ),
  login: exact<C.LoginRequest>()(
    z
      .object({
        openId: z.string().max(256),
        token: z.string().max(4096),
        channel: z.string().max(32),
        credential: z.string().max(4096),
      })
      .strict(),
  ),
  account: exact<C.AccountRequest>()(z.object({ action: z.literal(1) }).strict()),
} as const

export const baseResponses = {
  login: exact<C.LoginResponse>()(
    z
      .object({
        userInfo: z
          .object({ id: z.string(), jid: z.string(), role: z.number().int(), vcToken: z.string().min(1), vcTokenExpiresAt: nonNegative })
          .strict(),
        completeUserInfoCheck: z.boolean(),
        componentInfo,
      })
      .strict(),
  ),
  none: z.null(),
  account: exact<C.AccountInfo>()(
    z.object({ paid: z.boolean(), gemsBalance: nonNegative, silverBalance: nonNegative, silverSpent: nonNegative }).strict(),
  ),
  config: exact<C.ConfigInfo>()(
    z
      .object({
        mainInfo: z
          .object({
            componentInfo,
            blockInfo: z.object({ blocked: z.boolean(), reason: z.string() }).strict(),
            commonConfig: z
              .object({ enableLuckyBox: z.boolean(), enablePaidUserFreeCall: z.boolean(), enableUserTaskEntrance: z.boolean() })
              .strict(),
            enableCallback: z.boolean(),
            firstCallInfo,
          })
          .strict(),
        veegoInfo: z
          .object({
            silverInfoConf: z.object({ enableSilverClub: z.boolean(), silverCallDuration: nonNegative, silverPerPaidClubMinute: nonNegative }).strict(),
            silverCall: z.object({ availableTimes: nonNegative }).strict(),
          })
          .strict(),
      })
      .strict(),
  ),
  firstCallInfo,
  maintenance: exact<C.MaintenanceStatusResponse>()(z.object({ maintananceStatus: z.number().int() }).strict()),
} as const

// ---- error bodies ----------------------------------------------------------------------------

/** A throttled login's body (`LOGIN_THROTTLED`, HTTP 429): the seconds to wait are whole and at least 1. */
export const loginThrottledBody = exact<C.LoginThrottledEnvelope>()(
  z
    .object({
      result: z.number().int(),
      data: z.null(),
      msg: z.string(),
      code: z.literal('LOGIN_THROTTLED'),
      retryAfterSeconds: z.number().int().min(1),
    })
    .strict(),
)
