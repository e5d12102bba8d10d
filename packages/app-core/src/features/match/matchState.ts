/**
 * The match state's types, apart from the slice: `app/state.ts` gathers every slice's state type
 * from modules like this one, so a slice can import the root state type without an import cycle.
 */
import type { LoadStatus } from '../../app/loadStatus'

export interface MatchState {
  /** Cards still to swipe, first = on top. */
  deck: string[]
  remaining: number
  status: LoadStatus
  error: string | null
  /** Host of the match pop-up (a mutual like), or null. */
  matched: string | null
  /** A like/skip on its way (the card stays until it is answered). */
  swiping: string | null
  swipeError: string | null
}
