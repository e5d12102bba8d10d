/** Account, profile, site configuration and translation (login_service website config, common_service personal info, account_service, translate_service). */
import { z } from 'zod'
import type * as C from '../types.ts'
import { countryCode, exact, jid, languageCode, nonNegative, onlineStatus } from './base.ts'

const ANCHOR_JIDS_MAX = 50

const accountSettingsShape = {
  lastSeen: z.boolean(),
  readReceipt: z.boolean(),
  joiningGroups: z.boolean(),
  privateMessages: z.boolean(),
  show_translate: z.enum(['on', 'off']),
  messageRetentionDays: z.union([z.literal(0), z.literal(1), z.literal(7), z.literal(30)]),
}
/** The settings an account changed (AccountSettings): the client applies them over its defaults. */
export const accountSettings = exact<Partial<C.AccountSettings>>()(z.object(accountSettingsShape).partial().strict())

function isPastDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && date.getTime() < Date.now()
}

const personalInfo = exact<C.PersonalInfo>()(
  z
    .object({
      uid: z.string(),
      jid: z.string(),
      nickName: z.string(),
      avatarUrl: z.string(),
      gender: z.enum(['female', 'male', '']),
      birthday: z.string(),
      country: z.string(),
      language: z.string(),
      about: z.string(),
      email: z.string(),
      settings: accountSettings,
    })
    .strict(),
)

export const accountRequests = {
  updatePersonalInfo: exact<C.UpdatePersonalInfoRequest>()(
    z
      .object({
        nickName: z.string().trim().min(1).max(32).optional(),
        avatarUrl: z.string().max(500).regex(/^(https?:\/\/\S+)?$/, 'expected an http(s) URL').optional(),
        gender: z.enum(['female', 'male', '']).optional(),
        birthday: z
          .string()
          .max(10)
          .refine((v) => v === '' || isPastDate(v), 'expected a past date as YYYY-MM-DD')
          .optional(),
        country: z.union([countryCode, z.literal('')]).optional(),
        language: z.union([languageCode, z.literal('')]).optional(),
        about: z.string().max(500).optional(),
        email: z.union([z.email().max(200), z.literal('')]).optional(),
        settings: accountSettings.refine((v) => Object.keys(v).length > 0, 'at least one setting is required').optional(),
      })
      .strict()
      .refine((v) => Object.keys(v).length > 0, 'at least one field is required'),
  ),
  reward: exact<C.RewardRequest>()(z.object({ rewardType: z.literal(3) }).strict()),
  anchorAccount: exact<C.AnchorAccountRequest>()(
    z.object({ targetJid: z.array(jid).min(1).max(ANCHOR_JIDS_MAX) }).strict(),
  ),
  translate: exact<C.TranslateRequest>()(
    z.object({ targetLang: languageCode, sourceText: z.string().min(1).max(5000) }).strict(),
  ),
} as const

export const accountResponses = {
  websiteConfig: exact<C.WebsiteConfig>()(
    z
      .object({
        appDownloadInfo: z
          .object({
            enabled: z.boolean(),
            appName: z.string(),
            version: z.string(),
            androidUrl: z.string(),
            iosUrl: z.string(),
            qrCodeUrl: z.string(),
            bonusGems: nonNegative,
          })
          .strict(),
        migrateDomain: z.string(),
        privacyPolicyUrl: z.string(),
        termsOfServiceUrl: z.string(),
        supportEmail: z.string(),
      })
      .strict(),
  ),
  personalInfo,
  reward: exact<C.RewardResponse>()(
    z
      .object({
        rewardType: z.literal(3),
        coins: z.number().int().positive(),
        gemsBalance: nonNegative,
        checkInDays: z.number().int().min(1),
        nextCheckInCountdown: z.number().int().min(1).max(86_400),
      })
      .strict(),
  ),
  anchorAccount: exact<C.AnchorAccountResponse>()(
    z
      .object({
        anchorAccountInfo: z.array(
          z.object({ uid: z.string(), jid: z.string(), privateChatPrice: z.number().int().positive(), onlineStatus }).strict(),
        ),
      })
      .strict(),
  ),
  paidUserFreeCall: exact<C.PaidUserFreeCall>()(
    z
      .object({ freeTimes: nonNegative, freeDuration: nonNegative, rechargeReminderTime: nonNegative, matchToFlashTime: nonNegative })
      .strict(),
  ),
  translate: exact<C.TranslateResponse>()(
    z.object({ translatedText: z.string(), targetLang: z.string(), translator: z.string() }).strict(),
  ),
} as const
