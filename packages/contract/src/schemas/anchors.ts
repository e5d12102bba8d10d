/** Hosts: the lists, profiles, the story line, the contact pop-up, the exclusive page and the public wall (anchorlist_services, public/live_hosts). */
import { z } from 'zod'
import { PUBLIC_HOSTS_LIMIT } from '../endpoints.ts'
import type * as C from '../types.ts'
import { anchorInfo, anchorInfoShape, exact, jid, languageCode, nonNegative, page, pageOf, size, url } from './base.ts'

export const anchorsRequests = {
  anchorList: exact<C.AnchorListRequest>()(
    z.object({ page, size, language: z.union([languageCode, z.literal('all')]).optional() }).strict(),
  ),
  anchorProfile: exact<C.AnchorProfileRequest>()(z.object({ jid }).strict()),
  /** The public wall's query string (GET /api/public/live_hosts). */
  publicHosts: exact<C.PublicHostsRequest>()(z.object({ language: languageCode.optional() }).strict()),
  swipe: exact<C.SwipeAnchorListRequest>()(z.object({ size }).strict()),
  storyLine: exact<C.StoryLineRequest>()(z.object({ anchorJid: jid }).strict()),
} as const

export const anchorsResponses = {
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
  // The exclusive-girl page is our design (SPEC names it only).
  exclusiveAnchors: exact<C.ExclusiveAnchorListResponse>()(
    pageOf(z.object({ ...anchorInfoShape, exclusivePrice: z.number().int().positive(), exclusiveIntro: z.string().min(1) }).strict()).extend({
      unlocked: z.boolean(),
    }),
  ),
} as const
