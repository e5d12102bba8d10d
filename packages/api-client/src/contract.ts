/**
 * The product API contract: request and response types shared by the client (this package) and the
 * local backend (apps/dev-server imports these types). SPEC §3 and §7 are the source; where the spec
 * says "not shown" the shape here is our design and is documented in this package's README.
 */

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

// ---- errors (HTTP level, from the local backend) --------------------------------------------

/** Body of a 400/401 answer: result 0 and a msg naming the offending field. */
export type ErrorEnvelope = ResponseEnvelope<null>
