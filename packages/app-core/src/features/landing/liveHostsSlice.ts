import { createSlice } from '@reduxjs/toolkit'
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk'
import { rootReducer } from '../../app/rootReducer'
import type { RootState } from '../../app/state'
import type { LiveHostsState } from './liveHostsState'
export type { LiveHostsState } from './liveHostsState'

/** The public wall is asked again after this long when the landing is shown again: presence moves by the minute (our choice). */
export const LIVE_HOSTS_TTL_MS = 60_000

const initialLiveHostsState: LiveHostsState = { status: 'idle', list: [], language: null, loadedAt: 0 }

function liveHostsOf(state: RootState): LiveHostsState {
  return state.landing ?? initialLiveHostsState
}

/** Asks the public wall in the visitor's language, unless a fresh answer for it is already there. */
export const loadLiveHosts = createAppAsyncThunk(
  'landing/loadLiveHosts',
  async (language: string, { extra, signal }) => {
    const { list } = await extra.api.getPublicHosts({ language }, { signal })
    return { list, at: extra.clock.now() }
  },
  {
    condition: (language, { getState, extra }) => {
      const state = liveHostsOf(getState())
      // The same question on its way is not asked twice; a new language is asked at once.
      if (state.status === 'loading' && state.language === language) return false
      const fresh = state.status === 'ready' && state.language === language && extra.clock.now() - state.loadedAt < LIVE_HOSTS_TTL_MS
      return !fresh
    },
  },
)

const liveHostsSlice = createSlice({
  name: 'landing',
  initialState: initialLiveHostsState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loadLiveHosts.pending, (state, action) => {
        // A language switch shows skeletons; a refresh of the same language keeps the faces in view.
        if (state.language !== action.meta.arg || state.status !== 'ready') state.status = 'loading'
        state.language = action.meta.arg
      })
      .addCase(loadLiveHosts.fulfilled, (state, action) => {
        if (state.language !== action.meta.arg) return
        state.status = 'ready'
        state.list = action.payload.list
        state.loadedAt = action.payload.at
      })
      .addCase(loadLiveHosts.rejected, (state, action) => {
        if (state.language !== action.meta.arg) return
        // Faces already shown stay (a failed refresh changes nothing a visitor can act on).
        if (state.status !== 'ready') state.status = 'failed'
      })
  },
})

rootReducer.inject({ reducerPath: 'landing', reducer: liveHostsSlice.reducer })

export const selectLiveHosts = (state: RootState): LiveHostsState => liveHostsOf(state)
