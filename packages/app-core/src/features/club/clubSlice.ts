/**
 * The silver club in the store: /club, /silveranchor, the silver call guide and a club host's profile
 * (her silver call offer) dispatch these thunks instead of calling the server themselves. The user's
 * silver calls today are one piece of state, so the club's hosts, a host's profile and the guide before
 * a silver call show the same count, whichever asked last.
 */
import { createSlice } from '@reduxjs/toolkit'
import type { PayloadAction } from '@reduxjs/toolkit'
import type { ClubCallTimes } from '@vchat/api-client'
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk'
import type { LoadStatus } from '../../app/loadStatus'
import { rootReducer } from '../../app/rootReducer'
import type { RootState } from '../../app/state'
import { loggedOut } from '../../app/authActions'
import { anchorsSeen } from '../discover'
import type { ClubState, ClubView, ClubViewState, SilverOfferState } from './clubState'
export type { ClubState, ClubView, ClubViewState } from './clubState'

/** Club hosts asked per view (the first page only: the club is short). */
const CLUB_ANCHOR_PAGE_SIZE = 50
/** Club reward records asked per view (the latest ones). */
const CLUB_RECORD_PAGE_SIZE = 20
/** Club list pages looked through for a host's silver price. */
const CLUB_LOOKUP_PAGE_SIZE = 50
const CLUB_LOOKUP_MAX_PAGES = 5

export const initialClubViewState: ClubViewState = { status: 'idle', loadId: null, open: false, anchors: [], records: [] }

const initialSilverOfferState: SilverOfferState = { timesCheck: 'idle', timesCheckId: null, price: null, priceLookupId: null }

const initialClubState: ClubState = {
  views: { club: initialClubViewState, silverAnchors: initialClubViewState },
  callTimes: null,
  callTimesCheck: 'idle',
  callTimesCheckId: null,
  offer: initialSilverOfferState,
}

/**
 * A club view's hosts (club_anchor_list), the reward records (club_reward_record, the whole club
 * only) and the calls left today (club_call_times), together. The hosts join the wall's known hosts
 * (`anchorsSeen`), which a host's profile page starts from.
 */
export const loadClubView = createAppAsyncThunk('club/loadView', async (view: ClubView, { extra, dispatch }) => {
  const [club, records, times] = await Promise.all([
    extra.api.getClubAnchors({ page: 1, size: CLUB_ANCHOR_PAGE_SIZE }),
    view === 'silverAnchors' ? Promise.resolve(null) : extra.api.getClubRewardRecords({ page: 1, size: CLUB_RECORD_PAGE_SIZE }),
    // The calls left today show on each host's silver call action, in both views.
    extra.api.getClubCallTimes(),
  ])
  dispatch(anchorsSeen(club.clubAnchorItem))
  return { open: club.status === 1, anchors: club.clubAnchorItem, records: records?.list ?? [], times }
})

/** The silver call guide checks the calls left today before a silver call (club_call_times). */
export const checkClubCallTimes = createAppAsyncThunk('club/checkCallTimes', async (_: void, { extra }) => extra.api.getClubCallTimes())

/**
 * A club host's profile asks the calls left today for her silver call offer (club_call_times). Apart
 * from the guide's check: the profile stays mounted behind the guide's sheet, and each waits for its own.
 */
export const checkOfferCallTimes = createAppAsyncThunk('club/checkOfferCallTimes', async (_: void, { extra }) => extra.api.getClubCallTimes())

/**
 * A club host's silver price when her profile does not carry it: the club list (club_anchor_list) is
 * looked through page by page until she is found or the list ends (null: not listed).
 */
export const findSilverPrice = createAppAsyncThunk('club/findSilverPrice', async (jid: string, { extra }): Promise<number | null> => {
  for (let page = 1; page <= CLUB_LOOKUP_MAX_PAGES; page += 1) {
    const result = await extra.api.getClubAnchors({ page, size: CLUB_LOOKUP_PAGE_SIZE })
    const item = result.clubAnchorItem.find((anchor) => anchor.jid === jid)
    if (item) return item.silverCallPrice
    if (!result.hasMore) return null
  }
  return null
})

const clubSlice = createSlice({
  name: 'club',
  initialState: initialClubState,
  reducers: {
    /** A club view closed: the next one starts from nothing and asks again. The calls left stay known. */
    clubViewLeft(state, action: PayloadAction<ClubView>) {
      state.views[action.payload] = initialClubViewState
    },
    /** The silver call guide closed: the next one checks the calls left again before offering a call. */
    silverCallGuideLeft(state) {
      state.callTimesCheck = 'idle'
      state.callTimesCheckId = null
    },
    /** A club host's profile closed (or turned to another host): its offer goes; the calls left stay known. */
    silverOfferLeft(state) {
      state.offer = initialSilverOfferState
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadClubView.pending, (state, action) => {
        state.views[action.meta.arg] = { ...initialClubViewState, status: 'loading', loadId: action.meta.requestId }
      })
      .addCase(loadClubView.fulfilled, (state, action) => {
        // The server's latest count, whoever asked for it.
        state.callTimes = action.payload.times
        const view = state.views[action.meta.arg]
        if (action.meta.requestId !== view.loadId) return
        const { open, anchors, records } = action.payload
        state.views[action.meta.arg] = { status: 'ready', loadId: view.loadId, open, anchors, records }
      })
      .addCase(loadClubView.rejected, (state, action) => {
        const view = state.views[action.meta.arg]
        if (action.meta.requestId === view.loadId) view.status = 'failed'
      })
      .addCase(checkClubCallTimes.pending, (state, action) => {
        state.callTimesCheck = 'loading'
        state.callTimesCheckId = action.meta.requestId
      })
      .addCase(checkClubCallTimes.fulfilled, (state, action) => {
        state.callTimes = action.payload
        if (action.meta.requestId === state.callTimesCheckId) state.callTimesCheck = 'ready'
      })
      .addCase(checkClubCallTimes.rejected, (state, action) => {
        if (action.meta.requestId === state.callTimesCheckId) state.callTimesCheck = 'failed'
      })
      .addCase(checkOfferCallTimes.pending, (state, action) => {
        state.offer.timesCheck = 'loading'
        state.offer.timesCheckId = action.meta.requestId
      })
      .addCase(checkOfferCallTimes.fulfilled, (state, action) => {
        state.callTimes = action.payload
        if (action.meta.requestId === state.offer.timesCheckId) state.offer.timesCheck = 'ready'
      })
      .addCase(checkOfferCallTimes.rejected, (state, action) => {
        if (action.meta.requestId === state.offer.timesCheckId) state.offer.timesCheck = 'failed'
      })
      .addCase(findSilverPrice.pending, (state, action) => {
        state.offer.price = null
        state.offer.priceLookupId = action.meta.requestId
      })
      .addCase(findSilverPrice.fulfilled, (state, action) => {
        if (action.meta.requestId === state.offer.priceLookupId) state.offer.price = action.payload
      })
      .addCase(loggedOut, () => initialClubState)
  },
})

export const { clubViewLeft, silverCallGuideLeft, silverOfferLeft } = clubSlice.actions

export const selectClubView = (state: RootState, view: ClubView): ClubViewState => clubOf(state).views[view]
/** The silver calls today as last counted (null: not asked yet). */
export const selectClubCallTimes = (state: RootState): ClubCallTimes | null => clubOf(state).callTimes
/** Where the silver call guide's own check stands. */
export const selectCallTimesCheck = (state: RootState): LoadStatus => clubOf(state).callTimesCheck
/** The open club host profile's offer: its own ask of the calls left, her price from the club list. */
export const selectSilverOffer = (state: RootState): SilverOfferState => clubOf(state).offer

// Loaded with the club screens, the call screen (the silver call guide) or a host's profile (her silver
// call offer): the slice joins the store then.
rootReducer.inject({ reducerPath: 'club', reducer: clubSlice.reducer })

/** This slice's state, or its initial state while the store has none yet. */
function clubOf(state: RootState): ClubState {
  return state.club ?? clubSlice.getInitialState()
}
