import { createSlice } from '@reduxjs/toolkit'
import type { PayloadAction } from '@reduxjs/toolkit'
import { rootReducer } from '../../app/rootReducer'
import type { RootState } from '../../app/state'
import { loggedOut } from '../../app/authActions'
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk'
import type { CallStars, ReportReason } from '@vchat/api-client'
import type { CallQualityLevel, MediaLinkState } from '@vchat/webrtc-call'
import type { CallFailureView, CallOffer, CallState, CallSummary, FreeCallTerms, SilverCallInfo } from './callState'
export type { CallOffer, CallState, CallSummary, FreeCallTerms } from './callState'

/**
 * Asks the server which free calls the user has left (before a call is confirmed, and again after
 * each call, since an answered free call uses one up).
 */
export const loadCallOffer = createAppAsyncThunk('call/loadOffer', async (_: void, { extra, getState }): Promise<CallOffer> => {
  const [first, paid] = await Promise.all([extra.api.getFirstCallInfo(), extra.api.getPaidUserFreeCall()])
  const paidOn = getState().config.info?.mainInfo.commonConfig.enablePaidUserFreeCall !== false
  return {
    firstLeft: first.freeFirstCallRemainingTimes,
    firstDurationS: first.freeFirstCallDuration,
    paidLeft: paidOn ? paid.freeTimes : 0,
    paidDurationS: paid.freeDuration,
    rechargeReminderS: paid.rechargeReminderTime,
  }
})

/** How many of the newest call records to read for the call that just ended (it is the newest or close). */
const SUMMARY_RECORDS = 5

/**
 * How often the record is read while the hub is still closing the call, and how long apart: this side
 * ends the moment its user hangs up, the hub a moment later (the last charges settled, a refund, the
 * silver earned), so a first read can find the record still open.
 */
const SUMMARY_READS = 5
const SUMMARY_READ_INTERVAL_MS = 600

export const loadCallSummary = createAppAsyncThunk('call/loadSummary', async (sid: string, { extra }): Promise<CallSummary | null> => {
  for (let read = 1; ; read += 1) {
    const page = await extra.api.getCallRecords({ size: SUMMARY_RECORDS })
    const record = page.list.find((r) => r.sid === sid)
    // Closed (an end time) or the last read: what the server says now is shown.
    if (!record || record.endTime !== null || read >= SUMMARY_READS) {
      return record ? { gemsCharged: record.gemsCharged, silverCharged: record.silverCharged, silverEarned: record.silverEarned, minutes: record.minutes, freeKind: record.freeKind } : null
    }
    await new Promise<void>((resolve) => {
      const handle = extra.clock.setInterval(() => {
        extra.clock.clearInterval(handle)
        resolve()
      }, SUMMARY_READ_INTERVAL_MS)
    })
  }
})

/**
 * The user's stars for the call that ended (rate_call). Shown at once; the server keeps them only for
 * a participant of a call that connected, and a second choice replaces the first.
 */
export const rateCall = createAppAsyncThunk('call/rate', async ({ sid, stars }: { sid: string; stars: CallStars }, { extra }) =>
  extra.api.rateCall({ sid, stars }),
)

/** A report of the other side of the call that ended (report_user), with the call's id. */
export const reportCallPeer = createAppAsyncThunk(
  'call/reportPeer',
  async (report: { sid: string; targetJid: string; reason: ReportReason; detail: string }, { extra }) =>
    extra.api.reportUser({ sid: report.sid, targetJid: report.targetJid, reason: report.reason, ...(report.detail.trim() ? { detail: report.detail.trim() } : {}) }),
)

/** SPEC §4 call status numbers (0 initial … 5 call-in), as @vchat/webrtc-call defines them. */
export const CALL_STATUS = { Initial: 0, Connecting: 1, Connected: 2, Disconnected: 3, Failed: 4, CallIn: 5 } as const

/**
 * The free call the confirmation offers: the free first call of a user who never paid, on any call;
 * a paying user's free call only on a call that comes from a match (the paid-user free call and its
 * MatchToFlash notice belong to matching), so a call from a profile is priced as it says.
 */
export function freeOfferOf(offer: CallOffer | null, fromMatch: boolean): { free: 'first' | 'paid'; durationS: number } | null {
  if (!offer) return null
  if (offer.firstLeft > 0) return { free: 'first', durationS: offer.firstDurationS }
  if (fromMatch && offer.paidLeft > 0) return { free: 'paid', durationS: offer.paidDurationS }
  return null
}

const initialCallState: CallState = {
  status: CALL_STATUS.Initial,
  direction: null,
  peer: null,
  sid: null,
  price: null,
  failure: null,
  endedReason: null,
  connectedAt: null,
  gemsBalance: null,
  matchToFlash: false,
  startError: null,
  answered: false,
  tier: 'standard',
  silver: null,
  hubPrice: null,
  free: null,
  converted: false,
  offer: null,
  offerStatus: 'idle',
  endedAt: null,
  summary: null,
  summaryStatus: 'idle',
  feedback: { stars: null, rating: 'idle', report: 'idle' },
  media: 'connected',
  reconnectingSince: null,
  pausedMs: 0,
  quality: null,
}

interface SnapshotPayload {
  status: number
  direction: 'outgoing' | 'incoming' | null
  peer: string | null
  sid: string | null
  price: number | null
  failure: CallFailureView | null
  tier?: 'standard' | 'silver'
  /** Time of this change (services.clock). */
  at: number
}

const callSlice = createSlice({
  name: 'call',
  initialState: initialCallState,
  reducers: {
    snapshotChanged(state, action: PayloadAction<SnapshotPayload>) {
      const { at, ...snapshot } = action.payload
      const starting = snapshot.status === CALL_STATUS.Connecting || snapshot.status === CALL_STATUS.CallIn
      if (starting && state.status !== snapshot.status) {
        state.endedReason = null
        state.connectedAt = null
        state.matchToFlash = false
        state.gemsBalance = null
        state.answered = false
        state.silver = null
        state.free = null
        state.converted = false
        state.hubPrice = null
        state.endedAt = null
        state.summary = null
        state.summaryStatus = 'idle'
        state.feedback = initialCallState.feedback
        state.media = 'connected'
        state.reconnectingSince = null
        state.pausedMs = 0
        state.quality = null
      }
      if (snapshot.status === CALL_STATUS.Connected && state.connectedAt === null) state.connectedAt = at
      const ending = snapshot.status === CALL_STATUS.Disconnected || snapshot.status === CALL_STATUS.Failed
      if (ending && state.endedAt === null) state.endedAt = at
      // A call that ends while its media is down: the gap so far is not talk time either.
      if (ending && state.reconnectingSince !== null) {
        state.pausedMs += Math.max(0, at - state.reconnectingSince)
        state.reconnectingSince = null
        state.media = 'connected'
      }
      if (snapshot.status === CALL_STATUS.Initial) return { ...initialCallState, gemsBalance: state.gemsBalance, offer: state.offer, offerStatus: state.offerStatus }
      Object.assign(state, snapshot)
      state.startError = null
      return undefined
    },
    balanceReported(state, action: PayloadAction<number>) {
      state.gemsBalance = action.payload
    },
    silverReported(state, action: PayloadAction<SilverCallInfo>) {
      state.silver = action.payload
    },
    pricedByHub(state, action: PayloadAction<number>) {
      state.hubPrice = action.payload
    },
    freeGranted(state, action: PayloadAction<FreeCallTerms>) {
      state.free = action.payload
    },
    convertedToPaid(state) {
      state.converted = true
    },
    matchToFlashReceived(state) {
      state.matchToFlash = true
    },
    endedByHub(state, action: PayloadAction<string>) {
      state.endedReason = action.payload
    },
    startRefused(state, action: PayloadAction<string>) {
      state.startError = action.payload
    },
    mediaStateChanged(state, action: PayloadAction<{ state: MediaLinkState; at: number }>) {
      const { state: media, at } = action.payload
      if (media === state.media) return
      state.media = media
      if (media === 'reconnecting') state.reconnectingSince = at
      else if (state.reconnectingSince !== null) {
        state.pausedMs += Math.max(0, at - state.reconnectingSince)
        state.reconnectingSince = null
      }
    },
    qualityChanged(state, action: PayloadAction<CallQualityLevel>) {
      state.quality = action.payload
    },
    incomingAnswered(state) {
      if (state.status === CALL_STATUS.CallIn) state.answered = true
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, () => initialCallState)
      .addCase(loadCallOffer.pending, (state) => {
        state.offerStatus = 'loading'
      })
      .addCase(loadCallOffer.fulfilled, (state, action) => {
        state.offer = action.payload
        state.offerStatus = 'ready'
      })
      .addCase(loadCallOffer.rejected, (state) => {
        state.offerStatus = 'failed'
      })
      .addCase(loadCallSummary.pending, (state) => {
        state.summaryStatus = 'loading'
      })
      .addCase(loadCallSummary.fulfilled, (state, action) => {
        // A later call may have started meanwhile: only the record of the call shown is kept.
        if (state.sid !== action.meta.arg) return
        state.summary = action.payload
        state.summaryStatus = 'ready'
      })
      .addCase(loadCallSummary.rejected, (state, action) => {
        if (state.sid === action.meta.arg) state.summaryStatus = 'failed'
      })
      // Feedback belongs to the call it was given for: an answer for an earlier call changes nothing.
      .addCase(rateCall.pending, (state, action) => {
        if (state.sid !== action.meta.arg.sid) return
        state.feedback.stars = action.meta.arg.stars
        state.feedback.rating = 'saving'
      })
      .addCase(rateCall.fulfilled, (state, action) => {
        if (state.sid !== action.meta.arg.sid || state.feedback.stars !== action.meta.arg.stars) return
        state.feedback.stars = action.payload.stars
        state.feedback.rating = 'saved'
      })
      .addCase(rateCall.rejected, (state, action) => {
        if (state.sid === action.meta.arg.sid && state.feedback.stars === action.meta.arg.stars) state.feedback.rating = 'failed'
      })
      .addCase(reportCallPeer.pending, (state, action) => {
        if (state.sid === action.meta.arg.sid) state.feedback.report = 'sending'
      })
      .addCase(reportCallPeer.fulfilled, (state, action) => {
        if (state.sid === action.meta.arg.sid) state.feedback.report = 'sent'
      })
      .addCase(reportCallPeer.rejected, (state, action) => {
        if (state.sid === action.meta.arg.sid) state.feedback.report = 'failed'
      })
  },
})

export const { snapshotChanged, balanceReported, silverReported, pricedByHub, freeGranted, convertedToPaid, matchToFlashReceived, endedByHub, startRefused, incomingAnswered, mediaStateChanged, qualityChanged } =
  callSlice.actions

export const selectCall = (state: RootState): CallState => callOf(state)
/** The incoming call that rings and has not been answered here yet (what the pop-up shows). */
export const selectIncomingCall = (state: RootState): CallState | null =>
  callOf(state).status === CALL_STATUS.CallIn && !callOf(state).answered ? callOf(state) : null
/** The price per minute of the current call, whichever side started it. */
export const selectCallPrice = (state: RootState): number | null => callOf(state).price ?? callOf(state).hubPrice
/** The balance to show during a call: the hub's latest figure, else the account's. */
export const selectCallBalance = (state: RootState): number | null => callOf(state).gemsBalance ?? state.account.gemsBalance

/**
 * Seconds of talk in the current call at `at`: since remote media arrived, less the time its media was
 * down and being recovered (the hub bills the same way). Null before it connected.
 */
export function talkSeconds(call: Pick<CallState, 'connectedAt' | 'pausedMs' | 'reconnectingSince'>, at: number): number | null {
  if (call.connectedAt === null) return null
  const down = call.pausedMs + (call.reconnectingSince === null ? 0 : Math.max(0, at - call.reconnectingSince))
  return Math.max(0, Math.floor((at - call.connectedAt - down) / 1000))
}

/** The i18n key (namespace `call`) for a failure, a hub end reason or a start refusal. */
export function failureMessageKey(call: Pick<CallState, 'failure' | 'endedReason' | 'startError'>): string | null {
  if (call.startError) return `errors.${call.startError}`
  if (call.failure) return `errors.${call.failure.reason}`
  if (call.endedReason) return `ended.${call.endedReason}`
  return null
}

// Loaded with the first screen that needs it: the slice joins the store then (see app/store.ts).
rootReducer.inject({ reducerPath: 'call', reducer: callSlice.reducer })

/** This slice's state, or its initial state while the store has none yet (not injected, or no action since). */
function callOf(state: RootState): CallState {
  // Absent before the slice is injected.
  return state.call ?? callSlice.getInitialState()
}
