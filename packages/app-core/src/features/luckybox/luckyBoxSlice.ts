/**
 * The lucky box (switch commonConfig.enableLuckyBox) in the store: the panel dispatches these thunks
 * instead of calling the server itself, so the boxes, an opening on its way and the server's reward
 * are state that tests and stories can see. Opening a box pays gems: what was won and the balance are
 * the server's answer, and the account is read again from the server afterwards.
 */
import { createSlice } from '@reduxjs/toolkit'
import type { LuckyBoxRule } from '@vchat/api-client'
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk'
import { rootReducer } from '../../app/rootReducer'
import type { RootState } from '../../app/state'
import { loadAccount } from '../account'
import { loggedOut } from '../../app/authActions'
import type { LuckyBoxState } from './luckyBoxState'
export type { LuckyBoxState } from './luckyBoxState'

export const initialLuckyBoxState: LuckyBoxState = { info: null, status: 'idle', loadId: null, opening: null, openIds: [], openError: false, reward: null }

/** The boxes and where each stands (lucky_box_info). */
export const loadLuckyBox = createAppAsyncThunk('luckyBox/load', async (_: void, { extra }) => extra.api.getLuckyBoxInfo())

/**
 * Opens a ready box (open_lucky_box): the server draws the gems and answers the box as opened and the
 * balance. The account is then read again, so every balance on screen is the server's.
 */
export const openLuckyBox = createAppAsyncThunk('luckyBox/open', async (rule: LuckyBoxRule, { extra, dispatch }) => {
  const answer = await extra.api.openLuckyBox({ rule })
  void dispatch(loadAccount())
  return answer
})

const luckyBoxSlice = createSlice({
  name: 'luckyBox',
  initialState: initialLuckyBoxState,
  reducers: {
    /** The user is done with the reward panel: back to the boxes. */
    rewardSeen(state) {
      state.reward = null
    },
    /** The panel closed: the next one starts from nothing and asks again. */
    luckyBoxClosed: () => initialLuckyBoxState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadLuckyBox.pending, (state, action) => {
        state.info = null
        state.status = 'loading'
        state.loadId = action.meta.requestId
      })
      .addCase(loadLuckyBox.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.loadId) return
        state.info = action.payload
        state.status = 'ready'
      })
      .addCase(loadLuckyBox.rejected, (state, action) => {
        if (action.meta.requestId !== state.loadId) return
        state.status = 'failed'
      })
      .addCase(openLuckyBox.pending, (state, action) => {
        state.opening = action.meta.arg
        state.openIds.push(action.meta.requestId)
        state.openError = false
      })
      .addCase(openLuckyBox.fulfilled, (state, action) => {
        if (!settled(state, action.meta.requestId)) return
        const answer = action.payload
        state.reward = answer
        if (state.info) state.info.boxes = state.info.boxes.map((box) => (box.rule === action.meta.arg ? answer.box : box))
      })
      .addCase(openLuckyBox.rejected, (state, action) => {
        if (!settled(state, action.meta.requestId)) return
        state.openError = true
      })
      .addCase(loggedOut, () => initialLuckyBoxState)
  },
})

/**
 * Ends an opening asked from the panel on screen (false for one asked from a panel since closed, whose
 * answer is not shown: the next panel lists the boxes as the server has them).
 */
function settled(state: LuckyBoxState, requestId: string): boolean {
  if (!state.openIds.includes(requestId)) return false
  state.openIds = state.openIds.filter((id) => id !== requestId)
  state.opening = null
  return true
}

export const { rewardSeen, luckyBoxClosed } = luckyBoxSlice.actions

export const selectLuckyBox = (state: RootState): LuckyBoxState => luckyBoxOf(state)

// Loaded with the lucky-box panel (the goddess wall's chunk): the slice joins the store then.
rootReducer.inject({ reducerPath: 'luckyBox', reducer: luckyBoxSlice.reducer })

/** This slice's state, or its initial state while the store has none yet. */
function luckyBoxOf(state: RootState): LuckyBoxState {
  return state.luckyBox ?? luckyBoxSlice.getInitialState()
}
