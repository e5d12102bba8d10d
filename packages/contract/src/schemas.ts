/**
 * @vchat/contract/schemas — runtime schemas of the product API. Every schema is checked at compile
 * time to produce exactly its type in types.ts (`exact<T>()`), and `endpointSchemas` is checked to
 * give every row of the endpoint table a request and a response schema of that row's types, so a type
 * the schema does not follow, or an endpoint without schemas, fails `tsc`. Request schemas validate
 * what a backend accepts (the dev-server answers HTTP 400 naming the field otherwise); response
 * schemas check what it answers (every answer in development, and the contract test).
 */
import { z } from 'zod'
import { PUBLIC_HOSTS_LIMIT, type EndpointName, type Endpoints } from './endpoints.ts'
import type * as C from './types.ts'

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

/** `exact<T>()(schema)`: compile error unless the schema's output is exactly T. */
function exact<T>() {
  return <S extends z.ZodType<T>>(schema: S & (Same<z.output<S>, T> extends true ? unknown : { contractMismatch: T })): S =>
    schema
}

// ---- request building blocks ------------------------------------------------------------------

const PAGE_SIZE_MAX = 50
const JIDS_MAX = 100
const ANCHOR_JIDS_MAX = 50

const jid = z.string().min(3).max(200).regex(/^[^@\s]+@[^@\s]+$/, 'expected a jid (local@domain)')
const page = z.number().int().min(1).max(10_000)
const size = z.number().int().min(1).max(PAGE_SIZE_MAX)
const languageCode = z.string().regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, 'expected a language code such as en or pt-BR')
const countryCode = z.string().regex(/^[A-Z]{2}$/, 'expected a two-letter country code such as IN')
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

const emptyRequest = z.object({}).strict()
const pageRequest = exact<C.PageRequest>()(z.object({ page, size }).strict())
const targetJidRequest = exact<C.TargetJidRequest>()(z.object({ targetJid: jid }).strict())

function isPastDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && date.getTime() < Date.now()
}

const requests = {
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
  reward: exact<C.RewardRequest>()(z.object({ rewardType: z.literal(3) }).strict()),
  anchorAccount: exact<C.AnchorAccountRequest>()(
    z.object({ targetJid: z.array(jid).min(1).max(ANCHOR_JIDS_MAX) }).strict(),
  ),
  updatePersonalInfo: exact<C.UpdatePersonalInfoRequest>()(
    z
      .object({
        nickName: z.string().trim().min(1).max(32).optional(),
        avatarUrl: z.string().max(500).regex(/^(https?:\/\/\S+)?$/, 'expected an http(s) URL').optional(),
        gender: z.enum(['female', 'male', '']).optional(),
        birthday: z
          .string()
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
  translate: exact<C.TranslateRequest>()(
    z.object({ targetLang: languageCode, sourceText: z.string().min(1).max(5000) }).strict(),
  ),
  anchorList: exact<C.AnchorListRequest>()(
    z.object({ page, size, language: z.union([languageCode, z.literal('all')]).optional() }).strict(),
  ),
  anchorProfile: exact<C.AnchorProfileRequest>()(z.object({ jid }).strict()),
  /** The public wall's query string (GET /api/public/live_hosts). */
  publicHosts: exact<C.PublicHostsRequest>()(z.object({ language: languageCode.optional() }).strict()),
  swipe: exact<C.SwipeAnchorListRequest>()(z.object({ size }).strict()),
  storyLine: exact<C.StoryLineRequest>()(z.object({ anchorJid: jid }).strict()),
  multiOnlineStatus: exact<C.MultiOnlineStatusRequest>()(
    z.object({ jids: z.array(jid).min(1).max(JIDS_MAX) }).strict(),
  ),
  userProfiles: exact<C.UserProfilesRequest>()(z.object({ jids: z.array(jid).min(1).max(JIDS_MAX) }).strict()),
  taskCompleted: exact<C.TaskCompletedRequest>()(
    z.object({ taskKey: z.string().regex(/^[a-z_]{1,64}$/, 'expected a task key') }).strict(),
  ),
  uploadPushToken: exact<C.UploadPushTokenRequest>()(
    z.object({ pushToken: z.string().regex(/^[A-Za-z0-9_:.-]{16,4096}$/, 'expected a push registration token'), platform: z.literal('web') }).strict(),
  ),
  checkInNotification: exact<C.CheckInNotificationRequest>()(z.object({ enable: z.boolean() }).strict()),
  triggerAutoMessage: exact<C.TriggerAutoMessageRequest>()(z.object({ anchorJid: jid }).strict()),
  payRecords: exact<C.PayRecordsRequest>()(
    z.object({ cursor: z.string().regex(/^\d{1,20}$/, 'expected a cursor from nextCursor').optional(), size }).strict(),
  ),
  callRecords: exact<C.CallRecordsRequest>()(
    z.object({ cursor: z.string().regex(/^\d{1,20}$/, 'expected a cursor from nextCursor').optional(), size }).strict(),
  ),
  anchorOnlineNotice: exact<C.AnchorOnlineNoticeRequest>()(
    z.object({ anchorJid: jid, enable: z.boolean() }).strict(),
  ),
  changeRelation: exact<C.ChangeRelationRequest>()(
    z
      .object({
        targetJid: jid,
        action: z.enum(['like', 'unlike', 'pass', 'add_friend', 'accept_friend', 'reject_friend', 'remove_friend']),
      })
      .strict(),
  ),
  likeList: exact<C.LikeListRequest>()(
    z.object({ page, size, type: z.enum(['like', 'liked_me', 'match']) }).strict(),
  ),
  friendList: exact<C.FriendListRequest>()(
    z.object({ page, size, type: z.enum(['friends', 'received', 'sent']) }).strict(),
  ),
  changeUserFavorite: exact<C.ChangeUserFavoriteRequest>()(
    z.object({ targetJid: jid, favorite: z.boolean() }).strict(),
  ),
  paymentChannels: exact<C.PaymentChannelsRequest>()(z.object({ country: countryCode.optional() }).strict()),
  createOrder: exact<C.CreateOrderRequest>()(
    z
      .object({
        clientOrderKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'expected 8–64 of A–Z a–z 0–9 _ -'),
        sku: z.string().regex(/^[a-z0-9_]{1,64}$/, 'expected a sku id'),
        country: countryCode,
        channelId: z.string().regex(/^[a-z_]{1,32}$/, 'expected a channel id'),
        cardId: z.string().regex(/^card_[a-f0-9]{16}$/, 'expected a saved card id').optional(),
      })
      .strict(),
  ),
  saveBankCard: exact<C.SaveBankCardRequest>()(
    z
      .object({
        cardToken: z.string().regex(/^tok_[A-Za-z0-9]{16,64}$/, 'expected a card token from the payment provider'),
        keep: z.boolean(),
      })
      .strict(),
  ),
  payOrderStatus: exact<C.PayOrderStatusRequest>()(
    z.object({ orderId: z.string().regex(/^ord_[a-f0-9]{20}$/, 'expected an order id') }).strict(),
  ),
  authenticationPayment: exact<C.AuthenticationPaymentRequest>()(
    z
      .object({
        orderId: z.string().regex(/^ord_[a-f0-9]{20}$/, 'expected an order id'),
        cardId: z.string().regex(/^card_[a-f0-9]{16}$/, 'expected a saved card id'),
      })
      .strict(),
  ),
} as const

// ---- responses --------------------------------------------------------------------------------

const nonNegative = z.number().int().min(0)
const onlineStatus = exact<C.OnlineStatus>()(z.enum(['online', 'busy', 'offline']))
const gender = exact<C.Gender>()(z.enum(['female', 'male']))
const url = z.string().regex(/^https?:\/\//, 'expected an absolute URL')
const payStatus = exact<C.PayStatus>()(z.enum(['PENDING', 'TXN_SUCCESS', 'TXN_FAILURE', 'EXPIRED']))

function pageOf<T extends z.ZodType>(item: T) {
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
const anchorInfoShape = {
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
const anchorInfo = exact<C.AnchorInfo>()(z.object(anchorInfoShape).strict())
/** How an account is named (UserBrief without `kind`), shared by the relation lists and user_profiles. */
const personShape = {
  uid: z.string(),
  jid: z.string(),
  nickName: z.string(),
  avatarUrl: z.string(),
  country: z.string(),
  gender: z.enum(['female', 'male', '']),
}
const userBrief = exact<C.UserBrief>()(z.object({ ...personShape, kind: z.enum(['anchor', 'user']) }).strict())
const relationUser = exact<C.RelationUser>()(z.object({ ...personShape, onlineStatus, since: nonNegative }).strict())
const friendsRelative = exact<C.FriendsRelative>()(
  z
    .object({
      targetJid: z.string(),
      liked: z.boolean(),
      likedMe: z.boolean(),
      friendStatus: z.enum(['none', 'sent', 'received', 'friends']),
      favorite: z.boolean(),
    })
    .strict(),
)
const userFavorite = exact<C.UserFavorite>()(z.object({ targetJid: z.string(), favorite: z.boolean() }).strict())
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
const taskStatus = z.union([z.literal(1), z.literal(2), z.literal(3)])
const orderDetail = exact<C.OrderDetail>()(
  z
    .object({
      orderId: z.string(),
      currency: z.string().regex(/^[A-Z]{3}$/),
      amount: z.number().positive(),
      sku: z.string(),
      gems: z.number().int().positive(),
      country: z.string(),
      channelId: z.string(),
      createdAt: nonNegative,
      expiresAt: nonNegative,
    })
    .strict(),
)
const savedCard = exact<C.SavedCard>()(
  z
    .object({
      cardId: z.string(),
      brand: z.string(),
      last4: z.string().regex(/^\d{4}$/),
      expiryMonth: z.number().int(),
      expiryYear: z.number().int(),
      holderName: z.string(),
    })
    .strict(),
)

const responses = {
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
            silverInfoConf: z.object({ enableSilverClub: z.boolean(), silverCallDuration: nonNegative }).strict(),
            silverCall: z.object({ availableTimes: nonNegative }).strict(),
          })
          .strict(),
      })
      .strict(),
  ),
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
  firstCallInfo,
  paidUserFreeCall: exact<C.PaidUserFreeCall>()(
    z
      .object({ freeTimes: nonNegative, freeDuration: nonNegative, rechargeReminderTime: nonNegative, matchToFlashTime: nonNegative })
      .strict(),
  ),
  translate: exact<C.TranslateResponse>()(
    z.object({ translatedText: z.string(), targetLang: z.string(), translator: z.string() }).strict(),
  ),
  maintenance: exact<C.MaintenanceStatusResponse>()(z.object({ maintananceStatus: z.number().int() }).strict()),
  anchorPage: exact<C.AnchorPage>()(pageOf(anchorInfo)),
  anchorProfile: exact<C.AnchorProfileResponse>()(z.object({ anchor: anchorInfo.nullable() }).strict()),
  publicHosts: exact<C.PublicHostsResponse>()(
    z
      .object({
        list: z
          .array(
            z
              .object({
                uid: anchorInfoShape.uid,
                jid: anchorInfoShape.jid,
                nickName: anchorInfoShape.nickName,
                avatarUrl: anchorInfoShape.avatarUrl,
                country: anchorInfoShape.country,
                gender: anchorInfoShape.gender,
                birthday: anchorInfoShape.birthday,
                onlineStatus: anchorInfoShape.onlineStatus,
              })
              .strict(),
          )
          .max(PUBLIC_HOSTS_LIMIT),
      })
      .strict(),
  ),
  swipe: exact<C.SwipeAnchorListResponse>()(z.object({ list: z.array(anchorInfo), remaining: nonNegative }).strict()),
  clubAnchors: exact<C.ClubAnchorListResponse>()(
    z
      .object({
        status: z.number().int(),
        clubAnchorItem: z.array(z.object({ ...anchorInfoShape, silverCallPrice: z.number().int().positive() }).strict()),
        page: z.number().int().min(1),
        size: nonNegative,
        total: nonNegative,
        hasMore: z.boolean(),
      })
      .strict(),
  ),
  storyLine: exact<C.StoryLine>()(
    z
      .object({
        story_id: z.string(),
        anchorJid: z.string(),
        coverUrl: url,
        steps: z.array(z.object({ step: z.number().int().min(1), text: z.string().min(1), delaySeconds: nonNegative }).strict()).min(1),
      })
      .strict(),
  ),
  contactPopup: exact<C.ContactPopupInfo>()(
    z.object({ show: z.boolean(), anchor: anchorInfo.nullable(), greeting: z.string(), showAfterSeconds: nonNegative }).strict(),
  ),
  multiOnlineStatus: exact<C.MultiOnlineStatusResponse>()(
    z.object({ statusList: z.array(z.object({ jid: z.string(), onlineStatus }).strict()) }).strict(),
  ),
  userProfiles: exact<C.UserProfilesResponse>()(z.object({ users: z.array(userBrief) }).strict()),
  taskInfo: exact<C.TaskInfo>()(
    z
      .object({
        checkInDays: nonNegative,
        checkInTaskInfo: z
          .object({
            status: z.union([z.literal(2), z.literal(3)]),
            day: z.number().int().min(1).max(7),
            rewards: z.array(z.number().int().positive()).length(7),
          })
          .strict(),
        coins: z.number().int().positive(),
        isRemindCheckIn: z.boolean(),
        nextCheckInCountdown: z.number().int().min(0).max(86_400),
        userTaskInfos: z.array(
          z
            .object({
              taskKey: z.string(),
              taskStatus,
              title: z.string(),
              coins: z.number().int().positive(),
              progress: nonNegative,
              target: z.number().int().positive(),
              daily: z.boolean(),
            })
            .strict(),
        ),
      })
      .strict(),
  ),
  taskCompleted: exact<C.TaskCompletedResponse>()(
    z.object({ taskKey: z.string(), taskStatus, coins: z.number().int().positive(), gemsBalance: nonNegative }).strict(),
  ),
  uploadPushToken: exact<C.UploadPushTokenResponse>()(z.object({ updatedAt: z.number().int().nonnegative() }).strict()),
  checkInNotification: exact<C.CheckInNotificationResponse>()(z.object({ isRemindCheckIn: z.boolean() }).strict()),
  triggerAutoMessage: exact<C.TriggerAutoMessageResponse>()(
    z.object({ triggered: z.boolean(), anchorJid: z.string(), text: z.string().min(1) }).strict(),
  ),
  payRecords: exact<C.PayRecordsResponse>()(
    z
      .object({
        list: z.array(
          exact<C.PayRecord>()(
            z
              .object({
                orderId: z.string(),
                sku: z.string(),
                gems: z.number().int().positive(),
                amount: z.number().positive(),
                currency: z.string(),
                payStatus,
                channelId: z.string(),
                createdAt: nonNegative,
                paidAt: nonNegative.nullable(),
              })
              .strict(),
          ),
        ),
        nextCursor: z.string().nullable(),
      })
      .strict(),
  ),
  callRecords: exact<C.CallRecordsResponse>()(
    z
      .object({
        list: z.array(
          exact<C.CallRecord>()(
            z
              .object({
                sid: z.string().min(1),
                caller: z.string(),
                callee: z.string(),
                direction: z.enum(['outgoing', 'incoming']),
                peerJid: z.string(),
                peerUid: z.string(),
                peerNickName: z.string(),
                peerAvatarUrl: z.string(),
                tier: z.enum(['standard', 'silver']),
                silverCharged: z.number().int().min(0),
                state: z.enum(['ringing', 'connected', 'ended', 'cancelled', 'missed']),
                reason: z.string(),
                startTime: nonNegative,
                connectingTime: nonNegative.nullable(),
                endTime: nonNegative.nullable(),
                price: nonNegative,
                minutes: nonNegative,
                gemsCharged: nonNegative,
                freeKind: z.enum(['first', 'paid']).nullable(),
              })
              .strict(),
          ),
        ),
        nextCursor: z.string().nullable(),
      })
      .strict(),
  ),
  sendMsgLock: exact<C.SendMsgLockResponse>()(
    z.object({ targetJid: z.string(), locked: z.boolean(), reason: z.enum(['none', 'free_user']) }).strict(),
  ),
  userSupport: exact<C.UserSupportInfo>()(
    z.object({ supportJid: z.string(), supportEmail: z.string(), faqUrl: z.string(), workingHours: z.string() }).strict(),
  ),
  clubRewardRecords: exact<C.Page<C.ClubRewardRecord>>()(
    pageOf(
      z
        .object({ id: z.string(), silver: z.number().int(), reason: z.string(), anchorJid: z.string(), createdAt: nonNegative })
        .strict(),
    ),
  ),
  clubCallTimes: exact<C.ClubCallTimes>()(
    z
      .object({
        availableTimes: nonNegative,
        totalTimes: nonNegative,
        silverCallDuration: nonNegative,
        resetCountdown: z.number().int().min(1).max(86_400),
      })
      .strict(),
  ),
  anchorOnlineNotice: exact<C.AnchorOnlineNoticeResponse>()(
    z.object({ anchorJid: z.string(), enabled: z.boolean(), onlineStatus }).strict(),
  ),
  friendsRelative,
  relationPage: exact<C.RelationPage>()(pageOf(relationUser)),
  userFavorite,
  favoriteCapability: exact<C.FavoriteCapability>()(
    z.object({ enabled: z.boolean(), limit: nonNegative, count: nonNegative }).strict(),
  ),
  paymentChannels: exact<C.PaymentChannelsResponse>()(
    z
      .object({
        countries: z.array(
          z
            .object({
              country: z.string(),
              currency: z.string(),
              channels: z.array(
                z.object({ channelId: z.string(), name: z.string(), type: z.enum(['card', 'upi', 'wallet']) }).strict(),
              ).min(1),
              skus: z
                .array(
                  z
                    .object({
                      sku: z.string(),
                      price: z.number().positive(),
                      country: z.string(),
                      currency: z.string(),
                      gems: z.number().int().positive(),
                      bonusGems: nonNegative,
                      tag: z.enum(['', 'hot', 'best']),
                    })
                    .strict(),
                )
                .min(1),
            })
            .strict(),
        ),
        cards: z.array(savedCard),
        gpayIsHide: z.boolean(),
        userPayInfo: z.object({ paid: z.boolean(), firstRecharge: z.boolean(), email: z.string(), name: z.string() }).strict(),
        extend_info: z
          .object({ defaultCountry: z.string(), firstRechargeBonusPercent: nonNegative, orderExpiresInSeconds: z.number().int().positive() })
          .strict(),
      })
      .strict(),
  ),
  createOrder: exact<C.CreateOrderResponse>()(
    z.object({ orderId: z.string(), payStatus, orderDetail, checkoutUrl: url }).strict(),
  ),
  savedCard,
  payOrderStatus: exact<C.PayOrderStatusResponse>()(
    z.object({ payStatus, orderDetail, gemsCredited: nonNegative, gemsBalance: nonNegative }).strict(),
  ),
  authenticationPayment: exact<C.AuthenticationPaymentResponse>()(
    z.object({ orderId: z.string(), payStatus, requiresChallenge: z.boolean(), authenticationUrl: url }).strict(),
  ),
  uploadImage: exact<C.UploadImageResponse>()(z.object({ url }).strict()),
} as const

// ---- chat extras: gift list and paid-image unlock (our design; SPEC names the entities only) ------

const chatExtraSchemas = {
  giftList: exact<C.GiftListResponse>()(
    z
      .object({
        list: z.array(
          z
            .object({
              id: z.string().min(1),
              type: nonNegative,
              gemsPrice: z.number().int().positive(),
              tabId: nonNegative,
              priority: nonNegative,
              title: z.string().min(1),
              iconUrl: url,
              isActive: z.boolean(),
              showArea: nonNegative,
            })
            .strict(),
        ),
      })
      .strict(),
  ),
  unlockImageRequest: exact<C.UnlockImageRequest>()(
    z
      .object({
        url: z.string().min(1).max(500),
        anchorJid: z.string().min(3).max(200).regex(/^[^@\s]+@[^@\s]+$/, 'expected a jid (local@domain)'),
        price: z.number().int().min(1).max(100_000),
      })
      .strict(),
  ),
  unlockImage: exact<C.UnlockImageResponse>()(
    z
      .object({ url: z.string().min(1), unlocked: z.boolean(), reason: z.enum(['none', 'gems_insufficient', 'price_changed']), price: z.number().int().min(1), gemsBalance: nonNegative })
      .strict(),
  ),
  unlockedImagesRequest: exact<C.UnlockedImagesRequest>()(z.object({ urls: z.array(z.string().min(1).max(500)).max(50) }).strict()),
  unlockedImages: exact<C.UnlockedImagesResponse>()(z.object({ urls: z.array(z.string().min(1)) }).strict()),
} as const

// ---- lucky box and the exclusive-girl page (our design; SPEC names them only) -------------------

const luckyBoxRule = exact<C.LuckyBoxRule>()(z.enum(['welcome', 'first_like', 'first_match']))
const luckyBoxItem = exact<C.LuckyBoxItem>()(
  z
    .object({
      rule: luckyBoxRule,
      status: z.enum(['locked', 'ready', 'opened']),
      minGems: z.number().int().positive(),
      maxGems: z.number().int().positive(),
      gems: nonNegative,
      openedAt: nonNegative.nullable(),
    })
    .strict(),
)

const luckyBoxSchemas = {
  openRequest: exact<C.OpenLuckyBoxRequest>()(z.object({ rule: luckyBoxRule }).strict()),
  info: exact<C.LuckyBoxInfo>()(z.object({ enabled: z.boolean(), boxes: z.array(luckyBoxItem) }).strict()),
  open: exact<C.OpenLuckyBoxResponse>()(z.object({ box: luckyBoxItem, gems: z.number().int().positive(), gemsBalance: nonNegative }).strict()),
} as const

const exclusiveSchemas = {
  list: exact<C.ExclusiveAnchorListResponse>()(
    pageOf(z.object({ ...anchorInfoShape, exclusivePrice: z.number().int().positive(), exclusiveIntro: z.string().min(1) }).strict()).extend({
      unlocked: z.boolean(),
    }),
  ),
} as const

// ---- the endpoint table's schemas ---------------------------------------------------------------

/** What an endpoint sends as `data` (its params, or its fixed data) and what it answers. */
type DataOf<K extends EndpointName> = NonNullable<Endpoints[K]['types']>['data']
type ResponseOf<K extends EndpointName> = NonNullable<Endpoints[K]['types']>['response']

/**
 * Request and response schema of every product endpoint, by the endpoint table's names: the
 * dev-server's `productRoute(name, …)` takes path and auth from the table and validation from here.
 */
export const endpointSchemas = {
  userPwdLogin: { request: requests.userPwdLogin, response: responses.login },
  login: { request: requests.login, response: responses.login },
  logout: { request: emptyRequest, response: responses.none },
  getWebsiteConfig: { request: emptyRequest, response: responses.websiteConfig },
  getPersonalInfo: { request: emptyRequest, response: responses.personalInfo },
  updatePersonalInfo: { request: requests.updatePersonalInfo, response: responses.personalInfo },
  getConfig: { request: emptyRequest, response: responses.config },
  getAccount: { request: requests.account, response: responses.account },
  claimCheckInReward: { request: requests.reward, response: responses.reward },
  getAnchorAccounts: { request: requests.anchorAccount, response: responses.anchorAccount },
  getFirstCallInfo: { request: emptyRequest, response: responses.firstCallInfo },
  getPaidUserFreeCall: { request: emptyRequest, response: responses.paidUserFreeCall },
  translate: { request: requests.translate, response: responses.translate },
  getMaintenanceStatus: { request: emptyRequest, response: responses.maintenance },
  getHotAnchors: { request: requests.anchorList, response: responses.anchorPage },
  getNewAnchors: { request: requests.anchorList, response: responses.anchorPage },
  getAnchorProfile: { request: requests.anchorProfile, response: responses.anchorProfile },
  getSwipeAnchors: { request: requests.swipe, response: responses.swipe },
  getRecommendedAnchors: { request: requests.anchorList, response: responses.anchorPage },
  getClubAnchors: { request: pageRequest, response: responses.clubAnchors },
  getStoryLine: { request: requests.storyLine, response: responses.storyLine },
  getContactPopupInfo: { request: emptyRequest, response: responses.contactPopup },
  getExclusiveAnchors: { request: pageRequest, response: exclusiveSchemas.list },
  getUserProfiles: { request: requests.userProfiles, response: responses.userProfiles },
  getMultiOnlineStatus: { request: requests.multiOnlineStatus, response: responses.multiOnlineStatus },
  getUserTasksInfo: { request: emptyRequest, response: responses.taskInfo },
  completeUserTask: { request: requests.taskCompleted, response: responses.taskCompleted },
  uploadPushToken: { request: requests.uploadPushToken, response: responses.uploadPushToken },
  setCheckInNotification: { request: requests.checkInNotification, response: responses.checkInNotification },
  triggerAutoMessage: { request: requests.triggerAutoMessage, response: responses.triggerAutoMessage },
  getPayRecords: { request: requests.payRecords, response: responses.payRecords },
  getCallRecords: { request: requests.callRecords, response: responses.callRecords },
  getSendMsgLock: { request: targetJidRequest, response: responses.sendMsgLock },
  getGiftList: { request: emptyRequest, response: chatExtraSchemas.giftList },
  unlockImage: { request: chatExtraSchemas.unlockImageRequest, response: chatExtraSchemas.unlockImage },
  getUnlockedImages: { request: chatExtraSchemas.unlockedImagesRequest, response: chatExtraSchemas.unlockedImages },
  getUserSupport: { request: emptyRequest, response: responses.userSupport },
  getClubRewardRecords: { request: pageRequest, response: responses.clubRewardRecords },
  getClubCallTimes: { request: emptyRequest, response: responses.clubCallTimes },
  setAnchorOnlineNotice: { request: requests.anchorOnlineNotice, response: responses.anchorOnlineNotice },
  getLuckyBoxInfo: { request: emptyRequest, response: luckyBoxSchemas.info },
  openLuckyBox: { request: luckyBoxSchemas.openRequest, response: luckyBoxSchemas.open },
  getPaymentChannels: { request: requests.paymentChannels, response: responses.paymentChannels },
  createOrder: { request: requests.createOrder, response: responses.createOrder },
  saveBankCard: { request: requests.saveBankCard, response: responses.savedCard },
  getPayOrderStatus: { request: requests.payOrderStatus, response: responses.payOrderStatus },
  authenticatePayment: { request: requests.authenticationPayment, response: responses.authenticationPayment },
  changeRelation: { request: requests.changeRelation, response: responses.friendsRelative },
  getLikeList: { request: requests.likeList, response: responses.relationPage },
  getFriendList: { request: requests.friendList, response: responses.relationPage },
  getFriendsRelative: { request: targetJidRequest, response: responses.friendsRelative },
  autoAddFriend: { request: targetJidRequest, response: responses.friendsRelative },
  changeUserFavorite: { request: requests.changeUserFavorite, response: responses.userFavorite },
  getFavoriteCapability: { request: emptyRequest, response: responses.favoriteCapability },
  queryUserFavorite: { request: targetJidRequest, response: responses.userFavorite },
  getFavoriteList: { request: pageRequest, response: responses.relationPage },
} as const satisfies {
  [K in EndpointName]: { request: z.ZodType<DataOf<K>>; response: z.ZodType<ResponseOf<K>> }
}

export type EndpointSchemas = typeof endpointSchemas

/** The public host wall (GET PUBLIC_HOSTS_PATH): its query and its answer. */
export const publicHostsSchemas = { request: requests.publicHosts, response: responses.publicHosts } as const

/** What the image host answers an upload (SPEC §7 `/upload`). */
export const uploadImageResponse = responses.uploadImage
