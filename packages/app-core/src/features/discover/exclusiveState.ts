/**
 * The exclusive-girl page's state type, apart from the slice: `app/state.ts` gathers every slice's
 * state type from modules like this one, so a slice can import the root state type without an import cycle.
 */
import type { ExclusiveAnchorListResponse } from '@vchat/api-client'
import type { LoadStatus } from '../../app/loadStatus'

/**
 * The exclusive hosts while the page is open: asked each time it opens (page 1), further pages on
 * demand, let go when it closes (`exclusivePageLeft`).
 */
export interface ExclusiveState {
  status: LoadStatus
  /** The first-page load the page waits for; an earlier one's answer (retried, or a page since left) is dropped. */
  loadId: string | null
  /** The hosts of every page loaded so far, with the last page's number, `hasMore` and `unlocked`. */
  hosts: ExclusiveAnchorListResponse | null
  /** The next page on its way (null: none). */
  moreId: string | null
}
