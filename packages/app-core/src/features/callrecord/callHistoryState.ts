/**
 * The video history's state type, apart from the slice: `app/state.ts` gathers every slice's state
 * type from modules like this one, so a slice can import the root state type without an import cycle.
 */
import type { CallRecord } from '@vchat/api-client'
import type { LoadStatus } from '../../app/loadStatus'
import type { VideoCallRecord } from '../../services/types'

/**
 * /callrecord while it is open: the calls this browser recorded (chat-db `videocalls`) and the server's
 * call records, both asked each time the screen opens, further server pages on demand; let go when
 * the screen closes (`callHistoryLeft`).
 */
export interface CallHistoryState {
  /** Both sources together: failed only when neither could be read. */
  status: LoadStatus
  /** The load the screen waits for; an earlier one's answer (retried, or a screen since left) is dropped. */
  loadId: string | null
  server: CallRecord[]
  local: VideoCallRecord[]
  /** Cursor of the next server page; null when the server listed everything. */
  nextCursor: string | null
  /** The server could not be read (the local records are shown alone). */
  serverFailed: boolean
  /** The next server page on its way (null: none). */
  moreId: string | null
}
