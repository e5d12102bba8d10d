import { createSlice } from '@reduxjs/toolkit'
import type { PayloadAction } from '@reduxjs/toolkit'
import { rootReducer } from '../../app/store'
import type { RootState } from '../../app/store'
import { loggedOut } from '../auth/authActions'

/** SPEC §4 call status numbers (0 initial … 5 call-in), as @vchat/webrtc-call defines them. */
export const CALL_STATUS = { Initial: 0, Connecting: 1, Connected: 2, Disconnected: 3, Failed: 4, CallIn: 5 } as const

export interface CallFailureView {
  /** SPEC §8 failure text ('timeOut', 'Gems insufficient', …). */
  reason: string
  detail?: string
}

export interface CallState {
  status: number
  direction: 'outgoing' | 'incoming' | null
  /** The other side's jid. */
  peer: string | null
  sid: string | null
  /** Gems per minute. */
  price: number | null
  failure: CallFailureView | null
  /** Why the hub ended the call (SessionTerminate reason), e.g. 'gems-insufficient'. */
  endedReason: string | null
  /** When remote media arrived (ms since epoch), for the call timer. */
  connectedAt: number | null
  /** Balance the hub last reported during the call. */
  gemsBalance: number | null
  /** The hub's free-call flash notice arrived. */
  matchToFlash: boolean
  /** Why a call could not start ('xmpp not connected', 'null jid', 'one call allowed once'). */
  startError: string | null
  /** The ringing incoming call was accepted here (the pop-up gives way to the call screen). */
  answered: boolean
  /** 'silver' for a silver (low-tier) call. */
  tier: 'standard' | 'silver'
  /** What the hub said when it set up a silver call. */
  silver: SilverCallInfo | null
}

/** A silver call as the hub set it up (SPEC §3 silverCallDuration, silverCall.availableTimes). */
export interface SilverCallInfo {
  /** Seconds the call may last. */
  callDuration: number
  /** Silver calls left today after this one. */
  timesLeft: number
  silverBalance: number
  /** Silver coins per minute. */
  price: number
}

export const initialCallState: CallState = {
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
}

export interface SnapshotPayload {
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

export const callSlice = createSlice({
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
      }
      if (snapshot.status === CALL_STATUS.Connected && state.connectedAt === null) state.connectedAt = at
      if (snapshot.status === CALL_STATUS.Initial) return { ...initialCallState, gemsBalance: state.gemsBalance }
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
    matchToFlashReceived(state) {
      state.matchToFlash = true
    },
    endedByHub(state, action: PayloadAction<string>) {
      state.endedReason = action.payload
    },
    startRefused(state, action: PayloadAction<string>) {
      state.startError = action.payload
    },
    incomingAnswered(state) {
      if (state.status === CALL_STATUS.CallIn) state.answered = true
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialCallState)
  },
})

export const { snapshotChanged, balanceReported, silverReported, matchToFlashReceived, endedByHub, startRefused, incomingAnswered } = callSlice.actions

export const selectCall = (state: RootState): CallState => callOf(state)
/** The incoming call that rings and has not been answered here yet (what the pop-up shows). */
export const selectIncomingCall = (state: RootState): CallState | null =>
  callOf(state).status === CALL_STATUS.CallIn && !callOf(state).answered ? callOf(state) : null
/** The balance to show during a call: the hub's latest figure, else the account's. */
export const selectCallBalance = (state: RootState): number | null => callOf(state).gemsBalance ?? state.account.gemsBalance

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
  // Typed as present for CallLayer (see RootState); absent before the slice is injected.
  return (state as Partial<Pick<RootState, 'call'>>).call ?? callSlice.getInitialState()
}
