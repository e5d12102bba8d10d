/** Account, profile, site configuration and translation (login_service, common_service personal info, account_service, translate_service). */
import type { Gender, OnlineStatus } from './base.ts'

// ---- login_service/get_website_config ------------------------------------------------------

export interface AppDownloadInfo {
  /** Show the download page and panels. */
  enabled: boolean
  appName: string
  version: string
  androidUrl: string
  iosUrl: string
  qrCodeUrl: string
  /** Gems offered for installing the app. */
  bonusGems: number
}

export interface WebsiteConfig {
  appDownloadInfo: AppDownloadInfo
  /** Where the /domain page sends visitors ('' when no migration is under way). */
  migrateDomain: string
  privacyPolicyUrl: string
  termsOfServiceUrl: string
  supportEmail: string
}

// ---- common_service personal info -----------------------------------------------------------

/** /deletemessagesettings: messages older than this many days are deleted; 0 keeps them. */
export const MESSAGE_RETENTION_CHOICES = [0, 1, 7, 30] as const
export type MessageRetentionDays = (typeof MESSAGE_RETENTION_CHOICES)[number]

/**
 * The settings of SPEC §3 that follow the account to every device (SPEC leaves their storage open:
 * they travel in the personal info). Theme and notification choices belong to each device and are
 * not here.
 */
export interface AccountSettings {
  lastSeen: boolean
  readReceipt: boolean
  joiningGroups: boolean
  privateMessages: boolean
  /** SPEC §5 spelling and values. */
  show_translate: 'on' | 'off'
  messageRetentionDays: MessageRetentionDays
}

/** What an account that never changed a setting has. */
export const DEFAULT_ACCOUNT_SETTINGS = {
  lastSeen: true,
  readReceipt: true,
  joiningGroups: true,
  privateMessages: true,
  show_translate: 'on',
  messageRetentionDays: 0,
} as const satisfies AccountSettings

export interface PersonalInfo {
  uid: string
  jid: string
  nickName: string
  avatarUrl: string
  gender: Gender | ''
  /** YYYY-MM-DD or '' */
  birthday: string
  country: string
  language: string
  about: string
  email: string
  /** The settings this account changed, on any device; the others are `DEFAULT_ACCOUNT_SETTINGS`. */
  settings: Partial<AccountSettings>
}

/**
 * At least one field; each is validated (nickName 1–32 chars, birthday YYYY-MM-DD in the past, …).
 * `settings` changes only the settings it names.
 */
export type UpdatePersonalInfoRequest = Partial<
  Pick<PersonalInfo, 'nickName' | 'avatarUrl' | 'gender' | 'birthday' | 'country' | 'language' | 'about' | 'email'>
> & { settings?: Partial<AccountSettings> }

// ---- account_service ------------------------------------------------------------------------

/** SPEC §7 shows rewardType 3 only; it claims today's daily check-in reward. */
export const REWARD_TYPE_CHECK_IN = 3

export interface RewardRequest {
  rewardType: typeof REWARD_TYPE_CHECK_IN
}

export interface RewardResponse {
  rewardType: typeof REWARD_TYPE_CHECK_IN
  /** Gems credited by this claim. */
  coins: number
  gemsBalance: number
  checkInDays: number
  /** Seconds until the next check-in opens (the user's next local midnight). */
  nextCheckInCountdown: number
}

export interface AnchorAccountRequest {
  /** 1–50 anchor jids. */
  targetJid: string[]
}

export interface AnchorAccountInfo {
  uid: string
  jid: string
  privateChatPrice: number
  onlineStatus: OnlineStatus
}

export interface AnchorAccountResponse {
  /** One entry per known anchor jid asked for; unknown jids are left out. */
  anchorAccountInfo: AnchorAccountInfo[]
}

/** SPEC §3 paid-user free call. Durations in seconds. */
export interface PaidUserFreeCall {
  freeTimes: number
  freeDuration: number
  /** Seconds into a free call at which the recharge reminder shows. */
  rechargeReminderTime: number
  /** Seconds after which a match turns into a flash (MatchToFlash). */
  matchToFlashTime: number
}

// ---- translate_service ----------------------------------------------------------------------

export interface TranslateRequest {
  targetLang: string
  sourceText: string
}

export interface TranslateResponse {
  translatedText: string
  targetLang: string
  /** Which translator answered ('development' for the local backend's marked stand-in). */
  translator: string
}
