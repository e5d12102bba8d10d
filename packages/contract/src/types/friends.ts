/** friends_service: likes, friends, favorites. */
import type { OnlineStatus, Page, PageRequest } from './base.ts'
import type { UserBrief } from './common.ts'

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
