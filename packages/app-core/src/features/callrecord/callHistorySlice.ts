/**
 * The video history (/callrecord) in the store: the screen dispatches these thunks instead of reading
 * the server and the browser's database itself, and the merged rows are a selector over this state.
 */
import { createSelector, createSlice } from '@reduxjs/toolkit'
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk'
import { rootReducer } from '../../app/rootReducer'
import type { RootState } from '../../app/state'
import { loggedOut } from '../../app/authActions'
import { mergeCallHistory } from './callHistory'
import type { CallHistoryEntry } from './callHistory'
import type { CallHistoryState } from './callHistoryState'
export type { CallHistoryState } from './callHistoryState'

/** Server records asked for per page. */
const CALL_RECORD_PAGE_SIZE = 30

export const initialCallHistoryState: CallHistoryState = { status: 'idle', loadId: null, server: [], local: [], nextCursor: null, serverFailed: false, moreId: null }

/**
 * The calls `me` (bare jid) made or received as this browser recorded them and the server's first
 * page, side by side: either may fail alone (the other is shown), null standing for the one that did.
 */
export const loadCallHistory = createAppAsyncThunk('callHistory/load', async (me: string, { extra }) => {
  const [local, server] = await Promise.allSettled([extra.db.listVideoCalls(me), extra.api.getCallRecords({ size: CALL_RECORD_PAGE_SIZE })])
  return {
    local: local.status === 'fulfilled' ? local.value : null,
    server: server.status === 'fulfilled' ? server.value : null,
  }
})

/** The next server page, once the first load is in, while the server has more and none is on its way. */
export const loadMoreCallHistory = createAppAsyncThunk(
  'callHistory/loadMore',
  async (_: void, { extra, getState }) => {
    const cursor = historyOf(getState()).nextCursor ?? undefined
    return extra.api.getCallRecords({ size: CALL_RECORD_PAGE_SIZE, cursor })
  },
  {
    condition: (_, { getState }) => {
      const { status, moreId, nextCursor } = historyOf(getState())
      return status === 'ready' && moreId === null && nextCursor !== null
    },
  },
)

const callHistorySlice = createSlice({
  name: 'callHistory',
  initialState: initialCallHistoryState,
  reducers: {
    /** The screen closed: the next visit starts from nothing and asks again. */
    callHistoryLeft: () => initialCallHistoryState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadCallHistory.pending, (_state, action) => ({ ...initialCallHistoryState, status: 'loading' as const, loadId: action.meta.requestId }))
      .addCase(loadCallHistory.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.loadId) return
        const { local, server } = action.payload
        if (local === null && server === null) {
          state.status = 'failed'
          return
        }
        state.status = 'ready'
        state.local = local ?? []
        state.server = server?.list ?? []
        state.nextCursor = server?.nextCursor ?? null
        state.serverFailed = server === null
      })
      .addCase(loadCallHistory.rejected, (state, action) => {
        // Only when a source could not even be asked (each one's failure is an answer above).
        if (action.meta.requestId === state.loadId) state.status = 'failed'
      })
      .addCase(loadMoreCallHistory.pending, (state, action) => {
        state.moreId = action.meta.requestId
        state.serverFailed = false
      })
      .addCase(loadMoreCallHistory.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.moreId) return
        const known = new Set(state.server.map((record) => record.sid))
        state.server.push(...action.payload.list.filter((record) => !known.has(record.sid)))
        state.nextCursor = action.payload.nextCursor
        state.moreId = null
      })
      .addCase(loadMoreCallHistory.rejected, (state, action) => {
        if (action.meta.requestId !== state.moreId) return
        state.moreId = null
        state.serverFailed = true
      })
      .addCase(loggedOut, () => initialCallHistoryState)
  },
})

export const { callHistoryLeft } = callHistorySlice.actions

export const selectCallHistory = (state: RootState): CallHistoryState => historyOf(state)

/** The signed-in user's bare jid: whose calls the history lists. */
export const selectMyBareJid = (state: RootState): string | null => state.auth.user?.jid.split('/')[0] ?? null

/** The rows of the history, both sources merged, newest first (see `mergeCallHistory`). */
export const selectCallHistoryEntries: (state: RootState) => CallHistoryEntry[] = createSelector(
  [selectMyBareJid, (state: RootState) => historyOf(state).server, (state: RootState) => historyOf(state).local, (state: RootState) => historyOf(state).nextCursor],
  (me, server, local, nextCursor) => (me ? mergeCallHistory(server, local, me, nextCursor === null) : []),
)

// Loaded with the video history screen: the slice joins the store then.
rootReducer.inject({ reducerPath: 'callHistory', reducer: callHistorySlice.reducer })

/** This slice's state, or its initial state while the store has none yet. */
function historyOf(state: RootState): CallHistoryState {
  return state.callHistory ?? callHistorySlice.getInitialState()
}
