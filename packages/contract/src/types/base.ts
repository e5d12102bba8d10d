/** The envelope every request carries, the SPEC §7 endpoints' own types and the shapes the others share (pages, people, hosts). */

/** SPEC §7 deviceInfo. fbp/fbc are sent only with payment_service/create_order. */
export interface DeviceInfo {
  localLanguage: string
  configLanguage: string
  /** The browser's user agent. */
  fingerprint: string
  /** The device id from the fingerprint adapter (stored locally). */
  androidId: string
  screenHeight: number
  screenWidth: number
  timezoneId: string
  /** Minutes east of UTC, e.g. 330 for Asia/Kolkata. */
  timezoneOffset: number
  platform: 'ios' | 'android'
  gaClientId: string
  deviceModel: string
  webUuid: string
  adid: string
  fbp?: string
  fbc?: string
}

/** SPEC §7 clientInfo; channel 'B1', web version 1.0.0 (SPEC §9). */
export interface ClientInfo {
  channel: string
  pkgName: string
  versionCode: string
  versionName: string
  host: string
}

/** SPEC §7 userInfo: empty strings and role 2 for a visitor. */
export interface EnvelopeUserInfo {
  id: string
  jid: string
  vcToken: string
  role: number
}

/** Every product call is POST with this body. */
export interface RequestEnvelope<TData = unknown> {
  deviceInfo: DeviceInfo
  clientInfo: ClientInfo
  userInfo: EnvelopeUserInfo
  data: TData
}

/** Every product answer. Product success means result === 1; msg is only logged by the client. */
export interface ResponseEnvelope<TData = unknown> {
  result: number
  data: TData
  msg: string
}

export const RESULT_OK = 1

// ---- login_service -------------------------------------------------------------------------

export interface UserPwdLoginRequest {
  uid: string
  passwd: string
}

/** Google / third-party sign-in (SPEC §7): openId, token, channel, credential. */
export interface LoginRequest {
  openId: string
  token: string
  channel: string
  credential: string
}

export interface ComponentInfo {
  hubDomain: string
  giftDomain: string
  helpDomain: string
}

export interface LoginUserInfo {
  id: string
  jid: string
  role: number
  vcToken: string
  /** Our addition: when the vcToken stops being accepted (ms since epoch). */
  vcTokenExpiresAt: number
}

export interface LoginResponse {
  userInfo: LoginUserInfo
  /** True when the profile still needs completing (complete-profile panel). */
  completeUserInfoCheck: boolean
  componentInfo: ComponentInfo
}

// ---- account_service -----------------------------------------------------------------------

export interface AccountRequest {
  action: 1
}

export interface AccountInfo {
  paid: boolean
  gemsBalance: number
  silverBalance: number
  silverSpent: number
}

// ---- config (account_service/combine_info) --------------------------------------------------

export interface BlockInfo {
  blocked: boolean
  reason: string
}

export interface CommonConfig {
  enableLuckyBox: boolean
  enablePaidUserFreeCall: boolean
  enableUserTaskEntrance: boolean
}

export interface FirstCallInfo {
  freeFirstCallTotalTimes: number
  freeFirstCallRemainingTimes: number
  freeFirstCallDuration: number
}

export interface MainInfo {
  componentInfo: ComponentInfo
  blockInfo: BlockInfo
  commonConfig: CommonConfig
  enableCallback: boolean
  firstCallInfo: FirstCallInfo
}

export interface SilverInfoConf {
  enableSilverClub: boolean
  silverCallDuration: number
  /**
   * Silver credited for every minute paid in gems in a call with a club host (our addition: how
   * silver is earned; 0 = it is not). The server credits it when the call ends (a `club_call` reward
   * record); clients only show the rule.
   */
  silverPerPaidClubMinute: number
}

export interface VeegoInfo {
  silverInfoConf: SilverInfoConf
  silverCall: { availableTimes: number }
}

export interface ConfigInfo {
  mainInfo: MainInfo
  veegoInfo: VeegoInfo
}

// ---- system_maintenance --------------------------------------------------------------------

/** 2 means the server is in maintenance (SPEC §4); anything else is normal. */
export interface MaintenanceStatusResponse {
  maintananceStatus: number
}

export const MAINTENANCE_ON = 2
/** The normal state (SPEC §4). */
export const MAINTENANCE_OFF = 0

// ---- errors (HTTP level, from the local backend) --------------------------------------------

/** Body of a 400/401 answer: result 0 and a msg naming the offending field. */
export type ErrorEnvelope = ResponseEnvelope<null>

/**
 * Error codes: the few HTTP-level errors a client must tell apart by more than the status carry one
 * in `code` beside `msg` (which stays for the logs), so no client parses a human sentence.
 *
 * `LOGIN_THROTTLED`: user_pwd_login is refused without checking the password because too many wrong
 * passwords came for this uid or from this address (`LOGIN_THROTTLED_STATUS`, 429, with a
 * `Retry-After` header in seconds and the same number in `retryAfterSeconds`). Even the right password
 * is refused until then; the screen can say how long to wait.
 */
export const LOGIN_THROTTLED = 'LOGIN_THROTTLED'
/** 429 Too Many Requests: the status of a `LOGIN_THROTTLED` answer. */
export const LOGIN_THROTTLED_STATUS = 429

/** Every code an error body may carry. */
export type ErrorCode = typeof LOGIN_THROTTLED

/** Body of a throttled login: the error envelope plus its code and the whole seconds to wait (≥ 1). */
export interface LoginThrottledEnvelope extends ErrorEnvelope {
  code: typeof LOGIN_THROTTLED
  retryAfterSeconds: number
}

// =============================================================================================
// Shapes our design adds where SPEC §7 says "not shown". Documented in README.md (the contract).
// =============================================================================================

// ---- shared shapes -------------------------------------------------------------------------

/** Page-based paging: `page` starts at 1, `size` is 1–50. */
export interface PageRequest {
  page: number
  size: number
}

/** One page of a list; `total` counts every item, `hasMore` says whether page + 1 has items. */
export interface Page<T> {
  list: T[]
  page: number
  size: number
  total: number
  hasMore: boolean
}

/** Cursor paging for lists that grow at the head (pay records): omit `cursor` for the first page. */
export interface CursorPageRequest {
  cursor?: string
  size: number
}

export interface CursorPage<T> {
  list: T[]
  /** Pass as `cursor` for the next page; null at the end. */
  nextCursor: string | null
}

export type Gender = 'female' | 'male'

/** Presence of an anchor or user: online (free to call), busy (in a call) or offline. */
export type OnlineStatus = 'online' | 'busy' | 'offline'

export interface AnchorVideo {
  url: string
  coverUrl: string
  durationSeconds: number
}

/**
 * An anchor (host) as every list and profile shows it. Image URLs are the original size; add the
 * 480 px quality suffix with `withImageQuality(url)` for avatars, profiles and the discover wall.
 */
export interface AnchorInfo {
  uid: string
  /** `anchor_<uid>@<domain>` */
  jid: string
  nickName: string
  avatarUrl: string
  /** ISO 3166 alpha-2 code from the SPEC §9 flag list. */
  country: string
  /** Interface language code (en, ar, hi, tr, fr, es, …). */
  language: string
  gender: Gender
  /** YYYY-MM-DD */
  birthday: string
  /** Gems per minute of a private call. */
  privateChatPrice: number
  onlineStatus: OnlineStatus
  photos: string[]
  videos: AnchorVideo[]
  about: string
  /** Member of the silver club (club_anchor_list). */
  isClubAnchor: boolean
}

/** A request naming one other account by jid (anchor or user). */
export interface TargetJidRequest {
  targetJid: string
}
