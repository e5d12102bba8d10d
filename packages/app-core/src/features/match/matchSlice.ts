import { createSlice } from '@reduxjs/toolkit'
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk'
import type { RootState } from '../../app/state'
import { SWIPE_BATCH } from '../../constants'
import { loggedOut } from '../../app/authActions'
import { anchorsSeen, discoverReducer } from '../discover'
import type { MatchState } from './matchState'
export type { MatchState } from './matchState'

const initialMatchState: MatchState = { deck: [], remaining: 0, status: 'idle', error: null, matched: null, swiping: null, swipeError: null }

/** The next swipe cards (swipe_anchor_list). */
export const loadDeck = createAppAsyncThunk(
  'match/loadDeck',
  async (_: void, { extra, dispatch }) => {
    const result = await extra.api.getSwipeAnchors({ size: SWIPE_BATCH })
    dispatch(anchorsSeen(result.list))
    return { jids: result.list.map((anchor) => anchor.jid), remaining: result.remaining }
  },
  { condition: (_: void, { getState }) => matchOf(getState()).status !== 'loading' },
)

/** Like or skip the top card (change_relation like / pass); a like back opens the match pop-up. */
export const swipe = createAppAsyncThunk(
  'match/swipe',
  async ({ jid, action }: { jid: string; action: 'like' | 'pass' }, { extra, dispatch, getState }) => {
    const relation = await extra.api.changeRelation({ targetJid: jid, action })
    const { deck, remaining } = matchOf(getState())
    // Refill before the deck runs dry.
    if (deck.length <= 2 && remaining > 0) void dispatch(loadMore())
    return { jid, matched: action === 'like' && relation.liked && relation.likedMe }
  },
  { condition: (_, { getState }) => matchOf(getState()).swiping === null },
)

const loadMore = createAppAsyncThunk('match/loadMore', async (_: void, { extra, dispatch }) => {
  const result = await extra.api.getSwipeAnchors({ size: SWIPE_BATCH })
  dispatch(anchorsSeen(result.list))
  return { jids: result.list.map((anchor) => anchor.jid), remaining: result.remaining }
})

const matchSlice = createSlice({
  name: 'discover/match',
  initialState: initialMatchState,
  reducers: {
    matchPopupClosed(state) {
      state.matched = null
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadDeck.pending, (state) => {
        state.status = 'loading'
        state.error = null
      })
      .addCase(loadDeck.fulfilled, (state, action) => {
        state.status = 'ready'
        state.deck = action.payload.jids
        state.remaining = action.payload.remaining
      })
      .addCase(loadDeck.rejected, (state, action) => {
        state.status = 'failed'
        state.error = action.error.message ?? 'unknown'
      })
      .addCase(loadMore.fulfilled, (state, action) => {
        state.deck = [...state.deck, ...action.payload.jids.filter((jid) => !state.deck.includes(jid) && jid !== state.swiping)]
        state.remaining = action.payload.remaining
      })
      .addCase(swipe.pending, (state, action) => {
        state.swiping = action.meta.arg.jid
        state.swipeError = null
      })
      .addCase(swipe.fulfilled, (state, action) => {
        state.swiping = null
        state.deck = state.deck.filter((jid) => jid !== action.payload.jid)
        if (action.payload.matched) state.matched = action.payload.jid
      })
      .addCase(swipe.rejected, (state, action) => {
        state.swiping = null
        state.swipeError = action.error.message ?? 'unknown'
      })
      .addCase(loggedOut, () => initialMatchState)
  },
})

export const { matchPopupClosed } = matchSlice.actions
export const selectMatch = (state: RootState): MatchState => matchOf(state)

discoverReducer.inject({ reducerPath: 'match', reducer: matchSlice.reducer })

function matchOf(state: RootState): MatchState {
  return state.discover?.match ?? initialMatchState
}
