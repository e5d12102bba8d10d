import { combineReducers } from '@reduxjs/toolkit'
import { matchSlice } from '../match/matchSlice'
import type { MatchState } from '../match/matchSlice'
import { socialSlice } from '../social/socialSlice'
import type { SocialState } from '../social/socialSlice'
import { wallSlice } from './discoverSlice'
import type { WallState } from './discoverSlice'

/** Host lists, match deck and social lists: one store key, `discover`. */
export interface DiscoverState {
  wall: WallState
  match: MatchState
  social: SocialState
}

export const discoverReducer = combineReducers({ wall: wallSlice.reducer, match: matchSlice.reducer, social: socialSlice.reducer })

export const initialDiscoverState = (): DiscoverState => discoverReducer(undefined, { type: '@@init' })
