/** friends_service: likes, friends, favorites. */
import { z } from 'zod'
import type * as C from '../types.ts'
import { exact, jid, nonNegative, onlineStatus, page, pageOf, size } from './base.ts'
import { personShape } from './common.ts'

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

export const friendsRequests = {
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
} as const

export const friendsResponses = {
  friendsRelative,
  relationPage: exact<C.RelationPage>()(pageOf(relationUser)),
  userFavorite,
  favoriteCapability: exact<C.FavoriteCapability>()(
    z.object({ enabled: z.boolean(), limit: nonNegative, count: nonNegative }).strict(),
  ),
} as const
