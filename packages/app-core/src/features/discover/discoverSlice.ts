import { createSlice } from '@reduxjs/toolkit'
import type { AnchorInfo, AnchorPage, OnlineStatus } from '@vchat/api-client'
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk'
import { combineSlices } from '@reduxjs/toolkit'
import type { Reducer } from '@reduxjs/toolkit'
import { rootReducer } from '../../app/rootReducer'
import type { DiscoverState, RootState } from '../../app/state'
import { DISCOVER_PAGE_SIZE, PRESENCE_BATCH } from '../../constants'
import { loggedOut } from '../../app/authActions'
import type { AnchorListKind, AnchorListState, WallState } from './discoverState'
export type { AnchorListKind, AnchorListState, WallState } from './discoverState'
import type { LoadStatus } from '../../app/loadStatus'
export type { LoadStatus } from '../../app/loadStatus'

const initialWallState: WallState = { anchors: {}, lists: {}, presence: {}, notices: {}, lookups: {}, missing: {} }

const listKey = (kind: AnchorListKind, language: string): string => `${kind}:${language}`

const emptyList: AnchorListState = { jids: [], page: 0, hasMore: true, total: 0, status: 'idle', loadingMore: false, error: null }

function errorText(error: { message?: string | undefined }): string {
  return error.message ?? 'unknown'
}

/** Loads the first page of a list, or (more: true) the next one. */
export const fetchAnchorList = createAppAsyncThunk(
  'discover/fetchList',
  async ({ kind, language, more = false }: { kind: AnchorListKind; language: string; more?: boolean }, { extra, getState }) => {
    const list = wallOf(getState()).lists[listKey(kind, language)]
    const page = more && list ? list.page + 1 : 1
    const request = { page, size: DISCOVER_PAGE_SIZE, ...(language === 'all' ? {} : { language }) }
    const call = kind === 'hot' ? extra.api.getHotAnchors : kind === 'new' ? extra.api.getNewAnchors : extra.api.getRecommendedAnchors
    const result: AnchorPage = await call(request)
    return result
  },
  {
    condition: ({ kind, language, more = false }, { getState }) => {
      const list = wallOf(getState()).lists[listKey(kind, language)]
      if (!list) return !more
      if (more) return list.status === 'ready' && list.hasMore && !list.loadingMore
      return list.status !== 'loading'
    },
  },
)

/** Refreshes the presence of these hosts (multi_online_status, at most 100 jids per call). */
export const refreshPresence = createAppAsyncThunk('discover/refreshPresence', async (jids: readonly string[], { extra }) => {
  const unique = [...new Set(jids)]
  const batches: string[][] = []
  for (let index = 0; index < unique.length; index += PRESENCE_BATCH) batches.push(unique.slice(index, index + PRESENCE_BATCH))
  const answers = await Promise.all(batches.map((batch) => extra.api.getMultiOnlineStatus({ jids: batch })))
  return answers.flatMap((answer) => answer.statusList)
}, { condition: (jids) => jids.length > 0 })

/** Turns the "tell me when this host is online" notice on or off (anchor_online_notice). */
export const setOnlineNotice = createAppAsyncThunk(
  'discover/setOnlineNotice',
  async ({ jid, enable }: { jid: string; enable: boolean }, { extra }) => extra.api.setAnchorOnlineNotice({ anchorJid: jid, enable }),
)

/** loadAnchor's rejection when the server has no host with this jid (a dead link, a removed host). */
const ANCHOR_NOT_FOUND = 'not_found'

/**
 * A host by jid for the profile page: from the lists already loaded (then her live price and presence,
 * anchor_acount), else asked of the server by jid (anchor_profile, which answers both).
 */
export const loadAnchor = createAppAsyncThunk('discover/loadAnchor', async (jid: string, { extra, getState }) => {
  const known: AnchorInfo | undefined = wallOf(getState()).anchors[jid]
  if (!known) {
    const { anchor } = await extra.api.getAnchorProfile({ jid })
    if (!anchor) throw new Error(ANCHOR_NOT_FOUND)
    return anchor
  }
  const accounts = await extra.api.getAnchorAccounts({ targetJid: [jid] }).catch(() => null)
  const live = accounts?.anchorAccountInfo.find((item) => item.jid === jid)
  return live ? { ...known, privateChatPrice: live.privateChatPrice, onlineStatus: live.onlineStatus } : known
})

const wallSlice = createSlice({
  name: 'discover/wall',
  initialState: initialWallState,
  reducers: {
    /** Hosts known from elsewhere (swipe deck, club list). */
    anchorsSeen(state, action: { payload: AnchorInfo[] }) {
      for (const anchor of action.payload) state.anchors[anchor.jid] = anchor
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchAnchorList.pending, (state, action) => {
        const key = listKey(action.meta.arg.kind, action.meta.arg.language)
        const list = state.lists[key] ?? { ...emptyList }
        if (action.meta.arg.more) list.loadingMore = true
        else list.status = 'loading'
        list.error = null
        state.lists[key] = list
      })
      .addCase(fetchAnchorList.fulfilled, (state, action) => {
        const key = listKey(action.meta.arg.kind, action.meta.arg.language)
        const previous = state.lists[key] ?? { ...emptyList }
        const incoming = action.payload.list.map((anchor) => anchor.jid)
        for (const anchor of action.payload.list) state.anchors[anchor.jid] = anchor
        const jids = action.meta.arg.more ? [...previous.jids, ...incoming.filter((jid) => !previous.jids.includes(jid))] : incoming
        state.lists[key] = {
          jids,
          page: action.payload.page,
          hasMore: action.payload.hasMore,
          total: action.payload.total,
          status: 'ready',
          loadingMore: false,
          error: null,
        }
      })
      .addCase(fetchAnchorList.rejected, (state, action) => {
        const key = listKey(action.meta.arg.kind, action.meta.arg.language)
        const list = state.lists[key] ?? { ...emptyList }
        if (action.meta.arg.more) list.loadingMore = false
        else list.status = 'failed'
        list.error = errorText(action.error)
        state.lists[key] = list
      })
      .addCase(refreshPresence.fulfilled, (state, action) => {
        for (const item of action.payload) state.presence[item.jid] = item.onlineStatus
      })
      .addCase(setOnlineNotice.fulfilled, (state, action) => {
        state.notices[action.payload.anchorJid] = action.payload.enabled
        state.presence[action.payload.anchorJid] = action.payload.onlineStatus
      })
      .addCase(loadAnchor.pending, (state, action) => {
        state.lookups[action.meta.arg] = 'loading'
      })
      .addCase(loadAnchor.fulfilled, (state, action) => {
        state.anchors[action.payload.jid] = action.payload
        state.presence[action.payload.jid] = action.payload.onlineStatus
        state.lookups[action.meta.arg] = 'ready'
      })
      .addCase(loadAnchor.rejected, (state, action) => {
        state.lookups[action.meta.arg] = 'failed'
        if (action.error.message === ANCHOR_NOT_FOUND) state.missing[action.meta.arg] = true
      })
      .addCase(loggedOut, () => initialWallState)
  },
})

export const { anchorsSeen } = wallSlice.actions

export const selectAnchorList = (state: RootState, kind: AnchorListKind, language: string): AnchorListState =>
  wallOf(state).lists[listKey(kind, language)] ?? emptyList
export const selectAnchor = (state: RootState, jid: string): AnchorInfo | undefined => wallOf(state).anchors[jid]
export const selectAnchors = (state: RootState): Record<string, AnchorInfo> => wallOf(state).anchors
/** Live presence when known, else what the list said. */
export const selectPresence = (state: RootState, jid: string): OnlineStatus =>
  wallOf(state).presence[jid] ?? wallOf(state).anchors[jid]?.onlineStatus ?? 'offline'
export const selectLookup = (state: RootState, jid: string): LoadStatus => wallOf(state).lookups[jid] ?? 'idle'
/** The server has no host with this jid. */
export const selectAnchorMissing = (state: RootState, jid: string): boolean => wallOf(state).missing[jid] ?? false
export const selectOnlineNotice = (state: RootState, jid: string): boolean => wallOf(state).notices[jid] ?? false

/**
 * The `discover` store key: host lists here, the match deck and social lists injected by their own
 * modules (`matchSlice`, `socialSlice`) when those load. Joins the store with the first discover code.
 */
export const discoverReducer = combineSlices({ wall: wallSlice.reducer }).withLazyLoadedSlices<Pick<DiscoverState, 'match' | 'social'>>()
// The nested reducer fills match and social once injected; readers fall back to their initial state.
rootReducer.inject({ reducerPath: 'discover', reducer: discoverReducer as unknown as Reducer<DiscoverState> })

function wallOf(state: RootState): WallState {
  return state.discover?.wall ?? initialWallState
}

/** Online status by jid as last reported. */
export const selectPresenceMap = (state: RootState): Record<string, OnlineStatus> => wallOf(state).presence
