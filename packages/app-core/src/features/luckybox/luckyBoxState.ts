/**
 * The lucky box's state type, apart from the slice: `app/state.ts` gathers every slice's state type
 * from modules like this one, so a slice can import the root state type without an import cycle.
 */
import type { LuckyBoxInfo, LuckyBoxRule, OpenLuckyBoxResponse } from '@vchat/api-client'
import type { LoadStatus } from '../../app/loadStatus'

/**
 * What the lucky-box panel shows, for as long as it is open: it asks for the boxes each time it opens
 * and lets them go when it closes (`luckyBoxClosed`), so a closed panel's answers never show in the next.
 */
export interface LuckyBoxState {
  /** The boxes as the server listed them, with the ones opened since; null until they arrive. */
  info: LuckyBoxInfo | null
  status: LoadStatus
  /** The load the panel waits for; an earlier one's answer (retried, or a closed panel's) is dropped. */
  loadId: string | null
  /** The box being opened (the last one asked, when several are). */
  opening: LuckyBoxRule | null
  /** Openings asked from this panel and not answered yet; answers to any other opening are not shown. */
  openIds: string[]
  /** The last opening failed (refused or no answer). */
  openError: boolean
  /** The server's answer to the last opening (reward and balance), shown until the user is done. */
  reward: OpenLuckyBoxResponse | null
}
