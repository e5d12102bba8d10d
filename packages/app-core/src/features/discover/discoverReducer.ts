import { initialMatchState } from '../match/matchSlice'
import type { MatchState } from '../match/matchSlice'
import { initialSocialState } from '../social/socialSlice'
import type { SocialState } from '../social/socialSlice'
import { initialWallState } from './discoverSlice'
import type { WallState } from './discoverSlice'

/**
 * Host lists, match deck and social lists: one store key, `discover` (the reducer is `discoverReducer`
 * in `discoverSlice`; match and social inject themselves into it).
 */
export interface DiscoverState {
  wall: WallState
  match: MatchState
  social: SocialState
}

export const initialDiscoverState = (): DiscoverState => ({ wall: initialWallState, match: initialMatchState, social: initialSocialState })
