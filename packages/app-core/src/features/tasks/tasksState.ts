/**
 * The tasks state's types, apart from the slice: `app/state.ts` gathers every slice's state type
 * from modules like this one, so a slice can import the root state type without an import cycle.
 */
import type { TaskInfo } from '@vchat/api-client'
import type { LoadStatus } from '../../app/loadStatus'

/** SPEC §3 task info with when it arrived (for the live check-in countdown). */
export interface TasksState {
  info: TaskInfo | null
  status: LoadStatus
  /** clock.now() when `info.nextCheckInCountdown` was read. */
  loadedAt: number
  /** taskKeys being claimed; 'checkIn' for today's check-in. */
  claiming: string[]
  /** The last claim or reminder change that failed, for a message. */
  actionError: 'claim' | 'remind' | null
  /** Gems credited by the last successful claim (shown once). */
  lastReward: number | null
}
