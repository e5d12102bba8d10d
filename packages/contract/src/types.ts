/**
 * The product API's types: what every request carries and what every endpoint answers, shared by the
 * client (@vchat/api-client), the local backend (apps/dev-server) and the app. SPEC §3 and §7 are the
 * source; where the spec says "not shown" the shape here is our design and is documented in the
 * api-client README. The zod schemas in schemas.ts are checked to match each type exactly.
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
/** The normal state (SPEC §4). */
export const MAINTENANCE_OFF = 0

// ---- errors (HTTP level, from the local backend) --------------------------------------------

/** Body of a 400/401 answer: result 0 and a msg naming the offending field. */
export type ErrorEnvelope = ResponseEnvelope<null>

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

// ---- anchorlist_services --------------------------------------------------------------------

/** hot, new and recommended lists: paging plus an optional language filter ('all' or omitted = all). */
export interface AnchorListRequest extends PageRequest {
  language?: string
}

export type AnchorPage = Page<AnchorInfo>

// ---- public/live_hosts (our addition: GET, no envelope in the request, no login) -------------

/**
 * A host as a visitor may see her on the landing page: face, name, flag, age and presence; nothing
 * paid (price, photos, videos) and nothing about the viewer. Fields of `AnchorInfo`, so a card that
 * shows a host shows either.
 */
export type PublicHost = Pick<AnchorInfo, 'uid' | 'jid' | 'nickName' | 'avatarUrl' | 'country' | 'gender' | 'birthday' | 'onlineStatus'>

/** `GET /api/public/live_hosts?language=<code>`: the wall a visitor sees before signing in. */
export interface PublicHostsRequest {
  /** Interface language code: hosts speaking it first; absent = every language. */
  language?: string
}

export interface PublicHostsResponse {
  /** At most PUBLIC_HOSTS_LIMIT hosts, online first, then busy, then by popularity. */
  list: PublicHost[]
}

/**
 * One host by jid (our addition: SPEC §7 finds hosts through its lists only, so a profile link to a
 * host beyond the first pages could not open). `anchor` is null when no host has this jid.
 */
export interface AnchorProfileRequest {
  jid: string
}

export interface AnchorProfileResponse {
  anchor: AnchorInfo | null
}

/** Swipe cards: the next anchors the user has neither liked nor passed. */
export interface SwipeAnchorListRequest {
  size: number
}

export interface SwipeAnchorListResponse {
  list: AnchorInfo[]
  /** How many unswiped anchors are left after this batch. */
  remaining: number
}

export interface ClubAnchorItem extends AnchorInfo {
  /** Silver coins per minute of a club (silver) call. */
  silverCallPrice: number
}

/** SPEC §7 reads status and clubAnchorItem; status 1 = the silver club is open, 0 = closed. */
export interface ClubAnchorListResponse {
  status: number
  clubAnchorItem: ClubAnchorItem[]
  page: number
  size: number
  total: number
  hasMore: boolean
}

export interface StoryLineRequest {
  anchorJid: string
}

/** SPEC §3 story messages: story_id, step, text. */
export interface StoryStep {
  step: number
  text: string
  /** Seconds after the previous step. */
  delaySeconds: number
}

export interface StoryLine {
  story_id: string
  anchorJid: string
  coverUrl: string
  steps: StoryStep[]
}

export interface ContactPopupInfo {
  show: boolean
  /** An online anchor to suggest, null when none. */
  anchor: AnchorInfo | null
  greeting: string
  /** Seconds to wait before showing the pop-up. */
  showAfterSeconds: number
}

/**
 * The exclusive-girl page (exclusive_anchor_list, our design: SPEC §2 names the page only): hosts who
 * take exclusive one-to-one calls, open to paid users. Free users see the list locked.
 */
export interface ExclusiveAnchorItem extends AnchorInfo {
  /** Gems per minute of an exclusive call. */
  exclusivePrice: number
  /** The host's own words for the page (plain text). */
  exclusiveIntro: string
}

export interface ExclusiveAnchorListResponse extends Page<ExclusiveAnchorItem> {
  /** True for paid users: calls and chats with these hosts are open. */
  unlocked: boolean
}

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
}

export type CallRecordsRequest = CursorPageRequest
export type CallRecordsResponse = CursorPage<CallRecord>

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

// ---- friends_service ------------------------------------------------------------------------

export type RelationAction =
  | 'like'
  | 'unlike'
  | 'pass'
  | 'add_friend'
  | 'accept_friend'
  | 'reject_friend'
  | 'remove_friend'

export interface ChangeRelationRequest {
  targetJid: string
  action: RelationAction
}

/** none; sent (I asked); received (they asked: /friendreq); friends. */
export type FriendStatus = 'none' | 'sent' | 'received' | 'friends'

export interface FriendsRelative {
  targetJid: string
  liked: boolean
  likedMe: boolean
  friendStatus: FriendStatus
  favorite: boolean
}

/** A person in a relation list: named as everywhere (`UserBrief`), with presence and since when. */
export interface RelationUser extends Omit<UserBrief, 'kind'> {
  onlineStatus: OnlineStatus
  /** When the relation started (ms since the epoch). */
  since: number
}

export interface LikeListRequest extends PageRequest {
  /** like: whom I liked; liked_me: who liked me; match: both. */
  type: 'like' | 'liked_me' | 'match'
}

export interface FriendListRequest extends PageRequest {
  /** friends; received: requests to me (/friendreq); sent: my pending requests. */
  type: 'friends' | 'received' | 'sent'
}

export type RelationPage = Page<RelationUser>

export interface ChangeUserFavoriteRequest {
  targetJid: string
  favorite: boolean
}

export interface UserFavorite {
  targetJid: string
  favorite: boolean
}

/** enable_user_favorite: may the user add favourites, and how many are used. */
export interface FavoriteCapability {
  enabled: boolean
  limit: number
  count: number
}

// ---- payment_service ------------------------------------------------------------------------

/** SPEC §3: success is TXN_SUCCESS; PENDING, TXN_FAILURE and EXPIRED are our names. */
export type PayStatus = 'PENDING' | 'TXN_SUCCESS' | 'TXN_FAILURE' | 'EXPIRED'
export const PAY_STATUS_SUCCESS = 'TXN_SUCCESS'

export interface PaymentChannelsRequest {
  /** Country whose channels and prices to show; omitted = the user's country. */
  country?: string
}

export interface PayChannel {
  channelId: string
  name: string
  type: 'card' | 'upi' | 'wallet'
}

/** SPEC §3 SKU: sku, price, country, currency (+ gems it buys). */
export interface Sku {
  sku: string
  price: number
  country: string
  currency: string
  gems: number
  bonusGems: number
  tag: '' | 'hot' | 'best'
}

export interface PaymentCountry {
  country: string
  currency: string
  channels: PayChannel[]
  skus: Sku[]
}

export interface SavedCard {
  cardId: string
  brand: string
  last4: string
  expiryMonth: number
  expiryYear: number
  holderName: string
}

export interface UserPayInfo {
  paid: boolean
  /** No successful order yet: the first-recharge bonus applies. */
  firstRecharge: boolean
  email: string
  name: string
}

export interface PaymentExtendInfo {
  defaultCountry: string
  firstRechargeBonusPercent: number
  /** A pending order expires after this many seconds. */
  orderExpiresInSeconds: number
}

export interface PaymentChannelsResponse {
  countries: PaymentCountry[]
  cards: SavedCard[]
  gpayIsHide: boolean
  userPayInfo: UserPayInfo
  extend_info: PaymentExtendInfo
}

export interface CreateOrderRequest {
  /**
   * The client's idempotency key (8–64 of A–Z a–z 0–9 _ -): a retried create_order with the same
   * key returns the same order.
   */
  clientOrderKey: string
  sku: string
  country: string
  channelId: string
  cardId?: string
}

/** SPEC §3 orderDetail: orderId, currency, amount (+ what was bought and when it expires). */
export interface OrderDetail {
  orderId: string
  currency: string
  amount: number
  sku: string
  gems: number
  country: string
  channelId: string
  createdAt: number
  expiresAt: number
}

export interface CreateOrderResponse {
  orderId: string
  payStatus: PayStatus
  orderDetail: OrderDetail
  /** Page where the payment is completed (the local backend's payment simulator). */
  checkoutUrl: string
}

/**
 * Keeps a card for the signed-in user. The card itself never reaches the product API: the app's card
 * vault adapter sends the number, expiry, name and security code to the payment provider, which
 * answers a single-use token; this request carries that token only.
 */
export interface SaveBankCardRequest {
  /** The provider's single-use card token (`tok_…`), valid for minutes. */
  cardToken: string
  /**
   * The user chose "Save this card for later payments". False: the card pays the current purchase
   * only and is never offered again (payment_channels lists saved cards only).
   */
  keep: boolean
}

export interface PayOrderStatusRequest {
  orderId: string
}

export interface PayOrderStatusResponse {
  payStatus: PayStatus
  orderDetail: OrderDetail
  /** Gems this order credited (0 unless TXN_SUCCESS). */
  gemsCredited: number
  gemsBalance: number
}

/**
 * Pays an order with a kept card. No security code: it was given to the provider with the card, or the
 * provider's 3-D Secure page (`authenticationUrl`) asks for it.
 */
export interface AuthenticationPaymentRequest {
  orderId: string
  cardId: string
}

export interface AuthenticationPaymentResponse {
  orderId: string
  payStatus: PayStatus
  /** True when the card issuer asks for a challenge at `authenticationUrl`. */
  requiresChallenge: boolean
  authenticationUrl: string
}

// ---- image host -----------------------------------------------------------------------------

export interface UploadProgress {
  loaded: number
  /** Bytes to send, when known. */
  total: number | undefined
  /** 0–1, when total is known. */
  progress: number | undefined
}

export interface UploadImageRequest {
  file: Blob
  /** The original file name; only its extension is kept. */
  fileName: string
  onProgress?: (progress: UploadProgress) => void
}

/** The image host answers `{ url }` (not the product envelope). */
export interface UploadImageResponse {
  url: string
}
