/** common_service: presence, people, tasks, push, records, messaging locks, gifts, paid images, support, club, lucky boxes. */
import { z } from 'zod'
import type * as C from '../types.ts'
import { REPORT_DETAIL_MAX, REPORT_REASONS } from '../types.ts'
import { exact, jid, nonNegative, onlineStatus, pageOf, size, url } from './base.ts'
import { payStatus } from './payment.ts'

const JIDS_MAX = 100

/** How an account is named (UserBrief without `kind`), shared by the relation lists and user_profiles. */
export const personShape = {
  uid: z.string(),
  jid: z.string(),
  nickName: z.string(),
  avatarUrl: z.string(),
  country: z.string(),
  gender: z.enum(['female', 'male', '']),
}
const userBrief = exact<C.UserBrief>()(z.object({ ...personShape, kind: z.enum(['anchor', 'user']) }).strict())
const taskStatus = z.union([z.literal(1), z.literal(2), z.literal(3)])
const callStars = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)])

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

export const commonRequests = {
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
  rateCall: exact<C.RateCallRequest>()(z.object({ sid: z.string().min(1).max(100), stars: callStars }).strict()),
  reportUser: exact<C.ReportUserRequest>()(
    z
      .object({ targetJid: jid, reason: z.enum(REPORT_REASONS), detail: z.string().trim().max(REPORT_DETAIL_MAX).optional(), sid: z.string().min(1).max(100).optional() })
      .strict()
      .refine((report) => report.reason !== 'other' || (report.detail ?? '').trim() !== '', { message: 'say what happened', path: ['detail'] }),
  ),
  anchorOnlineNotice: exact<C.AnchorOnlineNoticeRequest>()(
    z.object({ anchorJid: jid, enable: z.boolean() }).strict(),
  ),
  // Gifts, paid images and lucky boxes are our design (SPEC names the entities only).
  unlockImage: exact<C.UnlockImageRequest>()(
    z
      .object({
        url: z.string().min(1).max(500),
        anchorJid: z.string().min(3).max(200).regex(/^[^@\s]+@[^@\s]+$/, 'expected a jid (local@domain)'),
        price: z.number().int().min(1).max(100_000),
      })
      .strict(),
  ),
  unlockedImages: exact<C.UnlockedImagesRequest>()(z.object({ urls: z.array(z.string().min(1).max(500)).max(50) }).strict()),
  openLuckyBox: exact<C.OpenLuckyBoxRequest>()(z.object({ rule: luckyBoxRule }).strict()),
} as const

export const commonResponses = {
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
  rateCall: exact<C.RateCallResponse>()(z.object({ sid: z.string(), stars: callStars }).strict()),
  reportUser: exact<C.ReportUserResponse>()(z.object({ reported: z.boolean() }).strict()),
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
                silverEarned: z.number().int().min(0),
                state: z.enum(['ringing', 'connected', 'ended', 'cancelled', 'missed']),
                reason: z.string(),
                startTime: nonNegative,
                connectingTime: nonNegative.nullable(),
                endTime: nonNegative.nullable(),
                pausedMs: nonNegative,
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
  // Gifts, paid images and lucky boxes are our design (SPEC names the entities only).
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
  unlockImage: exact<C.UnlockImageResponse>()(
    z
      .object({
        url: z.string().min(1),
        unlocked: z.boolean(),
        reason: z.enum(['none', 'gems_insufficient', 'price_changed']),
        price: z.number().int().min(1),
        gemsBalance: nonNegative,
        viewUrl: z.string(),
      })
      .strict(),
  ),
  unlockedImages: exact<C.UnlockedImagesResponse>()(z.object({ urls: z.array(z.string().min(1)), viewUrls: z.record(z.string(), z.string().min(1)) }).strict()),
  luckyBoxInfo: exact<C.LuckyBoxInfo>()(z.object({ enabled: z.boolean(), boxes: z.array(luckyBoxItem) }).strict()),
  openLuckyBox: exact<C.OpenLuckyBoxResponse>()(z.object({ box: luckyBoxItem, gems: z.number().int().positive(), gemsBalance: nonNegative }).strict()),
} as const
