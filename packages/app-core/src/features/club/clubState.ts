/**
 * The silver club's state types, apart from the slice: `app/state.ts` gathers every slice's state type
 * from modules like this one, so a slice can import the root state type without an import cycle.
 */
import type { ClubAnchorItem, ClubCallTimes, ClubRewardRecord } from '@vchat/api-client'
import type { LoadStatus } from '../../app/loadStatus'

/** /club (the whole club) and /silveranchor (its host list alone): each keeps its own load. */
export type ClubView = 'club' | 'silverAnchors'

/** One view's data, asked each time the view opens and let go when it closes (`clubViewLeft`). */
export interface ClubViewState {
  /** Hosts, reward records and call times are asked together: one of them failing fails the view. */
  status: LoadStatus
  /** The load the view waits for; an earlier one's answer (retried, or a view since left) is dropped. */
  loadId: string | null
  /** The server's club switch (club_anchor_list status 1). */
  open: boolean
  anchors: ClubAnchorItem[]
  /** The user's club reward records (the host list alone does not ask for them). */
  records: ClubRewardRecord[]
}

/**
 * A club host's silver call offer on her profile page, asked each time the page shows one and let go
 * when the page closes (`silverOfferLeft`). The calls left are the shared `callTimes`.
 */
export interface SilverOfferState {
  /** The page's own ask of `callTimes`: the count shows once this ask is answered, as it always did. */
  timesCheck: LoadStatus
  /** The ask the page waits for; an earlier one's outcome (another host, a page since left) is dropped. */
  timesCheckId: string | null
  /** Her silver price as the club list gives it (null: not looked up yet, not listed, or not reachable). */
  price: number | null
  /** The look-up the page waits for; an earlier one's answer is dropped. */
  priceLookupId: string | null
}

export interface ClubState {
  views: Record<ClubView, ClubViewState>
  /**
   * The user's silver calls today (club_call_times) as the server last counted them: asked by a club
   * view's load, by the silver call guide and by a club host's profile, shown by all three.
   */
  callTimes: ClubCallTimes | null
  /** The silver call guide's own check of `callTimes`, asked each time the guide opens. */
  callTimesCheck: LoadStatus
  /** The check the guide waits for; an earlier one's outcome (retried, or a guide since left) is dropped. */
  callTimesCheckId: string | null
  /** The silver call offer of the club host whose profile is open. */
  offer: SilverOfferState
}
