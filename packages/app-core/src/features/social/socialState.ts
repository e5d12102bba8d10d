/**
 * The social state's types, apart from the slice: `app/state.ts` gathers every slice's state type
 * from modules like this one, so a slice can import the root state type without an import cycle.
 */
import type { FriendsRelative, RelationUser } from '@vchat/api-client'
import type { LoadStatus } from '../../app/loadStatus'

/** The social lists: like / liked_me / match (like_list), friends / received / sent (friend_list), favourites. */
export type SocialListKind = 'like' | 'liked_me' | 'match' | 'friends' | 'received' | 'sent' | 'favorites'

export interface SocialListState {
  items: RelationUser[]
  page: number
  hasMore: boolean
  status: LoadStatus
  loadingMore: boolean
  error: string | null
}

export interface SocialState {
  lists: Partial<Record<SocialListKind, SocialListState>>
  /** friends_relative answers by jid. */
  relations: Record<string, FriendsRelative>
  /** jids with a relation change on its way. */
  pending: Record<string, boolean>
  actionError: string | null
}
