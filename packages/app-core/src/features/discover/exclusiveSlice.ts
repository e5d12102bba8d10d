/**
 * The exclusive-girl page in the store: the page dispatches these thunks instead of calling the
 * server itself, and reads the hosts and their pages from here. Apart from `discoverSlice` (the host
 * lists of the wall) because the page has its own endpoint, paging and locked state.
 */
import { createSlice } from '@reduxjs/toolkit'
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk'
import { rootReducer } from '../../app/rootReducer'
import type { RootState } from '../../app/state'
import { loggedOut } from '../../app/authActions'
import { anchorsSeen } from './discoverSlice'
import type { ExclusiveState } from './exclusiveState'
export type { ExclusiveState } from './exclusiveState'

/** Exclusive hosts asked per page. */
const EXCLUSIVE_PAGE_SIZE = 20

export const initialExclusiveState: ExclusiveState = { status: 'idle', loadId: null, hosts: null, moreId: null }

/** The first page of exclusive hosts (exclusive_anchor_list); they join the wall's known hosts (`anchorsSeen`). */
export const loadExclusiveHosts = createAppAsyncThunk('exclusive/load', async (_: void, { extra, dispatch }) => {
  const page = await extra.api.getExclusiveAnchors({ page: 1, size: EXCLUSIVE_PAGE_SIZE })
  dispatch(anchorsSeen(page.list))
  return page
})

/** The page after the last one shown, while the server says there are more and none is on its way. */
export const loadMoreExclusiveHosts = createAppAsyncThunk(
  'exclusive/loadMore',
  async (_: void, { extra, dispatch, getState }) => {
    const current = exclusiveOf(getState()).hosts
    const next = await extra.api.getExclusiveAnchors({ page: (current?.page ?? 0) + 1, size: EXCLUSIVE_PAGE_SIZE })
    dispatch(anchorsSeen(next.list))
    return next
  },
  {
    condition: (_, { getState }) => {
      const { status, hosts, moreId } = exclusiveOf(getState())
      return status === 'ready' && hosts !== null && hosts.hasMore && moreId === null
    },
  },
)

const exclusiveSlice = createSlice({
  name: 'exclusive',
  initialState: initialExclusiveState,
  reducers: {
    /** The page closed: the next visit starts from nothing and asks again. */
    exclusivePageLeft: () => initialExclusiveState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadExclusiveHosts.pending, (_state, action) => ({ ...initialExclusiveState, status: 'loading' as const, loadId: action.meta.requestId }))
      .addCase(loadExclusiveHosts.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.loadId) return
        state.hosts = action.payload
        state.status = 'ready'
      })
      .addCase(loadExclusiveHosts.rejected, (state, action) => {
        if (action.meta.requestId === state.loadId) state.status = 'failed'
      })
      .addCase(loadMoreExclusiveHosts.pending, (state, action) => {
        state.moreId = action.meta.requestId
      })
      .addCase(loadMoreExclusiveHosts.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.moreId) return
        state.moreId = null
        if (!state.hosts) return
        const shown = state.hosts.list
        const next = action.payload
        // A host the server moved to a later page is shown once, where she first appeared.
        state.hosts = { ...next, list: [...shown, ...next.list.filter((item) => !shown.some((known) => known.jid === item.jid))] }
      })
      .addCase(loadMoreExclusiveHosts.rejected, (state, action) => {
        // The "more" button stays for another try; the hosts already shown stay.
        if (action.meta.requestId === state.moreId) state.moreId = null
      })
      .addCase(loggedOut, () => initialExclusiveState)
  },
})

export const { exclusivePageLeft } = exclusiveSlice.actions

export const selectExclusive = (state: RootState): ExclusiveState => exclusiveOf(state)

// Loaded with the goddess wall's chunk (the page is one of its views): the slice joins the store then.
rootReducer.inject({ reducerPath: 'exclusive', reducer: exclusiveSlice.reducer })

/** This slice's state, or its initial state while the store has none yet. */
function exclusiveOf(state: RootState): ExclusiveState {
  return state.exclusive ?? exclusiveSlice.getInitialState()
}
