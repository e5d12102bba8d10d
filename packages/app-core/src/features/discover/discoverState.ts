/**
 * The discover state's types, apart from the slice: `app/state.ts` gathers every slice's state type
 * from modules like this one, so a slice can import the root state type without an import cycle.
 */
import type { AnchorInfo, OnlineStatus } from '@vchat/api-client'
import type { LoadStatus } from '../../app/loadStatus'

export type AnchorListKind = 'hot' | 'new' | 'recommended'

export interface AnchorListState {
  jids: string[]
  /** Last page loaded (0 = none). */
  page: number
  hasMore: boolean
  total: number
  status: LoadStatus
  /** A next page is on its way. */
  loadingMore: boolean
  error: string | null
}

export interface WallState {
  /** Every host seen in any list, by jid. */
  anchors: Record<string, AnchorInfo>
  /** Lists by `listKey(kind, language)`. */
  lists: Record<string, AnchorListState>
  /** Live presence by jid (multi_online_status, anchor_online_notice), newer than `anchors`. */
  presence: Record<string, OnlineStatus>
  /** Online notice subscriptions (anchor_online_notice) by jid. */
  notices: Record<string, boolean>
  /** Profile look-ups by jid. */
  lookups: Record<string, LoadStatus>
  /** Jids the server has no host for (a profile link that cannot open). */
  missing: Record<string, true>
}
