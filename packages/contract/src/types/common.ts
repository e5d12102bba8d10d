/** common_service: presence, people, tasks, push, records, messaging locks, gifts, images, support, club, lucky boxes. */
import type { CursorPage, CursorPageRequest, Gender, OnlineStatus } from './base.ts'
import type { PayStatus } from './payment.ts'

// ---- common_service -------------------------------------------------------------------------

export interface MultiOnlineStatusRequest {
  /** 1–100 jids. */
  jids: string[]
}

export interface OnlineStatusItem {
  jid: string
  onlineStatus: OnlineStatus
}

export interface MultiOnlineStatusResponse {
  /** One entry per jid asked for, in order; unknown jids read offline. */
  statusList: OnlineStatusItem[]
}

/**
 * Our addition (SPEC §7 has no call that names accounts by jid): who these jids are, for every place
 * that names a person (conversations, notices, calls, call history).
 */
export interface UserProfilesRequest {
  /** 1–100 jids. */
  jids: string[]
}

/** How the product names and shows an account. */
export interface UserBrief {
  uid: string
  jid: string
  nickName: string
  /** Absolute URL; '' when the account has no photo. */
  avatarUrl: string
  /** ISO 3166-1 alpha-2, or ''. */
  country: string
  gender: Gender | ''
  /** Hosts have a profile page and a call price; users do not. */
  kind: 'anchor' | 'user'
}

export interface UserProfilesResponse {
  /** The known accounts among the jids asked for, in the order asked; unknown jids are left out. */
  users: UserBrief[]
}

/** SPEC §4: task status 1 in progress, 2 claimable (red dot); 3 (our addition) claimed. */
export type TaskStatus = 1 | 2 | 3
export const TASK_IN_PROGRESS = 1
export const TASK_CLAIMABLE = 2
export const TASK_CLAIMED = 3
/** SPEC §4: check-in status 3 = completed today; 2 (our addition) = today's check-in is open. */
export type CheckInStatus = 2 | 3
export const CHECK_IN_OPEN = 2
export const CHECK_IN_COMPLETED = 3

export interface CheckInTaskInfo {
  status: CheckInStatus
  /** Today's place in the 7-day cycle (1–7). */
  day: number
  /** Gems of each day of the cycle. */
  rewards: number[]
}

export interface UserTaskInfo {
  taskKey: string
  taskStatus: TaskStatus
  title: string
  coins: number
  progress: number
  target: number
  /** Resets at the user's local midnight. */
  daily: boolean
}

/** SPEC §3 task info. Days follow the user's time zone (deviceInfo.timezoneOffset). */
export interface TaskInfo {
  /** Consecutive days checked in (a missed day starts again at 0). */
  checkInDays: number
  checkInTaskInfo: CheckInTaskInfo
  /** Gems today's check-in gives. */
  coins: number
  isRemindCheckIn: boolean
  /** Seconds until the next check-in opens; 0 while today's is open. */
  nextCheckInCountdown: number
  userTaskInfos: UserTaskInfo[]
}

export interface TaskCompletedRequest {
  taskKey: string
}

export interface TaskCompletedResponse {
  taskKey: string
  taskStatus: TaskStatus
  coins: number
  gemsBalance: number
}

/**
 * The web push token (Firebase Cloud Messaging) of this browser, uploaded after login when new, different
 * from the stored one, or 7 days old (SPEC §4). The server keeps one token per user and device.
 */
export interface UploadPushTokenRequest {
  /** The FCM registration token. */
  pushToken: string
  /** Always 'web' from this client. */
  platform: 'web'
}

export interface UploadPushTokenResponse {
  /** When the server stored the token (ms since the epoch). */
  updatedAt: number
}

export interface CheckInNotificationRequest {
  enable: boolean
}

export interface CheckInNotificationResponse {
  isRemindCheckIn: boolean
}

export interface TriggerAutoMessageRequest {
  anchorJid: string
}

export interface TriggerAutoMessageResponse {
  /** False when this anchor already greeted the user today. */
  triggered: boolean
  anchorJid: string
  text: string
}

export interface PayRecord {
  orderId: string
  sku: string
  gems: number
  amount: number
  currency: string
  payStatus: PayStatus
  channelId: string
  createdAt: number
  paidAt: number | null
}

export type PayRecordsRequest = CursorPageRequest
export type PayRecordsResponse = CursorPage<PayRecord>

/** How a call ended up: still ringing or connected, or ended (after connecting), cancelled or missed. */
export type CallRecordState = 'ringing' | 'connected' | 'ended' | 'cancelled' | 'missed'

/** One one-to-one call as the hub recorded it (SPEC §3 call attachment: sid, caller, callee, times, reason). */
export interface CallRecord {
  sid: string
  /** Bare jids. */
  caller: string
  callee: string
  /** Whether the signed-in user placed the call or received it. */
  direction: 'outgoing' | 'incoming'
  /** The other side: bare jid, uid and nickname. */
  peerJid: string
  peerUid: string
  peerNickName: string
  state: CallRecordState
  /** Why it ended: 'hangup', 'peer-hangup', 'rejected', 'timeOut', 'gems-insufficient', … ('' while active). */
  reason: string
  /** ms since epoch: the request, the answer (null if never answered) and the end (null while active). */
  startTime: number
  connectingTime: number | null
  endTime: number | null
  /**
   * Connected time whose media was down while the call recovered (ICE restart), ms: neither billed nor
   * part of the call's duration, which is `endTime − connectingTime − pausedMs` (our design).
   */
  pausedMs: number
  /** Gems per minute and what was charged: every started minute (free calls charge nothing). */
  price: number
  minutes: number
  gemsCharged: number
  /** 'first' or 'paid' for a free call, else null. */
  freeKind: 'first' | 'paid' | null
  /** The other side's picture ('' when none). */
  peerAvatarUrl: string
  /** 'silver' for a silver (low-tier) call, paid in silver coins and limited to silverCallDuration. */
  tier: 'standard' | 'silver'
  /** Silver coins charged (silver calls; gemsCharged is then 0). */
  silverCharged: number
  /**
   * Silver coins the call earned this user: every whole minute paid in gems with a silver-club host
   * earns `silverInfoConf.silverPerPaidClubMinute` (our design; 0 for every other call and side).
   */
  silverEarned: number
}

export type CallRecordsRequest = CursorPageRequest
export type CallRecordsResponse = CursorPage<CallRecord>

/** Stars a participant gives a call that connected, 1 (bad) to 5 (great). Our design: SPEC names no rating. */
export type CallStars = 1 | 2 | 3 | 4 | 5

/**
 * rate_call: the signed-in user rates a call they took part in and that connected. Rating again
 * replaces the earlier stars (the user changed their mind); the server answers what it kept.
 */
export interface RateCallRequest {
  sid: string
  stars: CallStars
}
export interface RateCallResponse {
  sid: string
  stars: CallStars
}

/**
 * Why a user reports another account (our design: SPEC names no report). What the report sheet offers,
 * in this order; `other` asks for a few words.
 */
export const REPORT_REASONS = ['nudity', 'harassment', 'scam', 'underage', 'fake', 'other'] as const
export type ReportReason = (typeof REPORT_REASONS)[number]
/** At most this many characters of the reporter's own words. */
export const REPORT_DETAIL_MAX = 500

/**
 * report_user: the signed-in user reports another account, from a call (`sid`) or elsewhere. The
 * same reporter reporting the same account again within a day is answered `reported: true` and kept
 * once; a report of oneself or of an unknown account is refused.
 */
export interface ReportUserRequest {
  targetJid: string
  reason: ReportReason
  /** The reporter's own words (required for `other`), at most REPORT_DETAIL_MAX characters. */
  detail?: string
  /** The call the report is about, when it comes from a call's end screen. */
  sid?: string
}
export interface ReportUserResponse {
  reported: boolean
}

export interface SendMsgLockResponse {
  targetJid: string
  /** True when the user may not message this account yet. */
  locked: boolean
  /** 'none', or why it is locked ('free_user': recharge or become friends first). */
  reason: 'none' | 'free_user'
}

/**
 * A gift for sale (SPEC §3 gift entity); the list is our design (SPEC names no endpoint). A gift is
 * bought over XMPP (GiftBuy) at `gemsPrice`; `iconUrl` is on the image host.
 */
export interface GiftInfo {
  id: string
  type: number
  gemsPrice: number
  tabId: number
  priority: number
  title: string
  iconUrl: string
  isActive: boolean
  showArea: number
}

/** The gifts for sale, by priority (gift_list). */
export interface GiftListResponse {
  list: GiftInfo[]
}

/**
 * Unlocks a paid image (SPEC §3 image payNeed/payPrice; the endpoint is our design): the image a host
 * sent, by its URL on the image host, for `price` gems. Unlocking the same image again is free.
 */
export interface UnlockImageRequest {
  url: string
  anchorJid: string
  /**
   * The price the user was shown and agreed to. Never what is charged: the server charges its own
   * price, and only when this one matches it (else 'price_changed', nothing charged).
   */
  price: number
}

export interface UnlockImageResponse {
  url: string
  /** False when nothing was unlocked (and nothing charged). */
  unlocked: boolean
  /** 'gems_insufficient': the gems do not cover the price; 'price_changed': the price shown was not the server's. */
  reason: 'none' | 'gems_insufficient' | 'price_changed'
  /** The server's price of this image (what an unlock costs, or cost). */
  price: number
  /** The gems after the call. */
  gemsBalance: number
  /**
   * Once unlocked: a short-lived signed URL that shows the image ('' when not unlocked). The message's
   * `url` names the image but does not open it; ask unlocked_images for a fresh one once this expires.
   */
  viewUrl: string
}

/**
 * Which of these paid images the signed-in user has already unlocked (our design, beside unlock_image):
 * read only, nothing is charged. Asked when a thread loads, so an image unlocked before (another
 * device, a cleared local database) shows unlocked. At most 50 URLs.
 */
export interface UnlockedImagesRequest {
  urls: string[]
}

export interface UnlockedImagesResponse {
  /** The asked URLs (as given) this user has unlocked. */
  urls: string[]
  /** For each of those, by the URL as asked: a fresh short-lived signed URL that shows it. */
  viewUrls: Record<string, string>
}

export interface UserSupportInfo {
  supportJid: string
  supportEmail: string
  faqUrl: string
  workingHours: string
}

export interface ClubRewardRecord {
  id: string
  silver: number
  reason: string
  anchorJid: string
  createdAt: number
}

export interface ClubCallTimes {
  availableTimes: number
  totalTimes: number
  /** Seconds per silver call. */
  silverCallDuration: number
  /** Seconds until the times reset (the user's next local midnight). */
  resetCountdown: number
}

export interface AnchorOnlineNoticeRequest {
  anchorJid: string
  enable: boolean
}

export interface AnchorOnlineNoticeResponse {
  anchorJid: string
  enabled: boolean
  onlineStatus: OnlineStatus
}

/**
 * The lucky box (switch commonConfig.enableLuckyBox; our design: SPEC names the box, its switch and its
 * reward panel only). One box per rule, each opened at most once per user: `welcome` at once,
 * `first_like` after the first liked host, `first_match` after the first mutual like.
 */
export type LuckyBoxRule = 'welcome' | 'first_like' | 'first_match'

/** locked: the rule is not met yet; ready: it can be opened; opened: its reward was paid. */
export type LuckyBoxStatus = 'locked' | 'ready' | 'opened'

export interface LuckyBoxItem {
  rule: LuckyBoxRule
  status: LuckyBoxStatus
  /** The range the reward is drawn from (gems). */
  minGems: number
  maxGems: number
  /** Gems this box paid (0 unless opened). */
  gems: number
  /** When it was opened (ms since epoch), null unless opened. */
  openedAt: number | null
}

export interface LuckyBoxInfo {
  /** commonConfig.enableLuckyBox as the server applies it. */
  enabled: boolean
  boxes: LuckyBoxItem[]
}

export interface OpenLuckyBoxRequest {
  rule: LuckyBoxRule
}

/** Disabled, locked or already opened → result 0. */
export interface OpenLuckyBoxResponse {
  box: LuckyBoxItem
  /** Gems credited by this opening. */
  gems: number
  gemsBalance: number
}
