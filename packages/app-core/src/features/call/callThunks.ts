import { createAppAsyncThunk } from '../../app/createAppAsyncThunk'
import { anchorJidOf, isAnchorJid } from '@vchat/contract'
import type { AppDispatch, RootState } from '../../app/state'
import type { Services } from '../../services/types'
import { gemsBalanceChanged, loadAccount } from '../account'
import { balanceReported, convertedToPaid, endedByHub, freeGranted, pricedByHub, incomingAnswered, loadCallOffer, loadCallSummary, matchToFlashReceived, mediaStateChanged, qualityChanged, selectCall, silverReported, snapshotChanged, startRefused } from './callSlice'
import type { CallRuntime } from './callRuntime'

/**
 * SPEC §5 call-back rule, as the client sees it: a call from a host (a jid containing 'anchor',
 * SPEC §6) rings only if the balance exceeds the host's price, or the paid-user free call has free
 * times left (the count paid_user_free_call gave, with the config's switch applied; before it has
 * been read, a paying user with the switch on is taken to have it, as the hub decides at answer).
 * Calls to a host ring as they come.
 */
export function callBackRefusal(state: RootState, price: number, caller = 'anchor'): string | null {
  if (!isAnchorJid(caller) || isAnchorJid(state.auth.user?.jid ?? '')) return null
  const balance = state.account.gemsBalance ?? 0
  const offer = state.call?.offer ?? null
  const freeCallLeft = offer ? offer.paidLeft > 0 : state.account.paid && state.config.info?.mainInfo.commonConfig.enablePaidUserFreeCall === true
  return balance > price || freeCallLeft ? null : 'coins_insufficient'
}

async function openRuntime(services: Services, dispatch: AppDispatch, getState: () => RootState): Promise<CallRuntime | null> {
  return services.calls.open({
    transport: services.chat.hubTransport,
    onSnapshot: (snapshot) => {
      dispatch(
        snapshotChanged({
          status: snapshot.status,
          direction: snapshot.direction,
          peer: snapshot.peer,
          sid: snapshot.sid,
          price: snapshot.price,
          failure: snapshot.failure ? { reason: snapshot.failure.reason, ...(snapshot.failure.detail ? { detail: snapshot.failure.detail } : {}) } : null,
          tier: snapshot.tier,
          at: services.clock.now(),
        }),
      )
      // After a call the account shows what the hub charged, and the free calls left may have changed;
      // a call that was talked in gets its end screen from the server's record of it.
      if (snapshot.status === 3 || snapshot.status === 4) {
        void dispatch(loadAccount())
        void dispatch(loadCallOffer())
        const call = selectCall(getState())
        if (snapshot.sid && call.connectedAt !== null && call.summaryStatus === 'idle') void dispatch(loadCallSummary(snapshot.sid))
      }
    },
    onNotice: (notice) => {
      if (notice.kind === 'balance') {
        dispatch(balanceReported(notice.gemsBalance))
        // The hub's figure is the account's balance too (the coin counters outside the call read it).
        dispatch(gemsBalanceChanged(notice.gemsBalance))
      }
      else if (notice.kind === 'matchToFlash') dispatch(matchToFlashReceived())
      else if (notice.kind === 'free') dispatch(freeGranted({ free: notice.free, durationS: notice.durationS, continuePaid: notice.continuePaid }))
      else if (notice.kind === 'converted') dispatch(convertedToPaid())
      else if (notice.kind === 'priced') dispatch(pricedByHub(notice.price))
      else if (notice.kind === 'media') dispatch(mediaStateChanged({ state: notice.state, at: services.clock.now() }))
      else if (notice.kind === 'quality') dispatch(qualityChanged(notice.level))
      else if (notice.kind === 'silver') dispatch(silverReported({ callDuration: notice.callDuration, timesLeft: notice.timesLeft, silverBalance: notice.silverBalance, price: notice.price }))
      else dispatch(endedByHub(notice.reason))
    },
    screenIncoming: ({ price, caller }) => callBackRefusal(getState(), price, caller),
    onReconnected: (listener) => {
      let previous = services.chat.state
      return services.chat.subscribe((event) => {
        if (event.kind !== 'state') return
        const was = previous
        previous = event.state
        if (event.state === 'connected' && was !== 'connected') listener()
      })
    },
    // Every finished call goes to the local database (chat-db videocalls) for the video history.
    recordCall: (call) => services.db.putVideoCall(call),
    me: () => getState().auth.user?.jid.split('/')[0] ?? null,
    now: () => services.clock.now(),
    onError: (error) => services.logger.warn('call error', { reason: error instanceof Error ? error.message : String(error) }),
  })
}

/** Binds the call layer to the messaging login, so incoming calls ring anywhere in the app. */
export const bindCalls = createAppAsyncThunk('call/bind', async (_: void, { extra, dispatch, getState }) => {
  const runtime = await openRuntime(extra, dispatch, getState)
  return runtime !== null
})

export interface StartCallInput {
  uid: string
  tier?: 'standard' | 'silver'
  /**
   * Ask for the free call the confirmation offered; the user agreed there to go on at the host's
   * price when the free time is over (the hub decides whether the call is free, and converts it).
   */
  free?: boolean
}

/**
 * Calls the host `uid` (SPEC §5: only with live messaging and a jid; one call at a time). A silver call
 * (`tier: 'silver'`) sends the time-zone offset (minutes east of UTC, as deviceInfo does): the hub
 * counts the day's silver calls from the user's local midnight.
 */
export const startCall = createAppAsyncThunk('call/start', async ({ uid, tier = 'standard', free = false }: StartCallInput, { extra, dispatch, getState }) => {
  const user = getState().auth.user
  const { canStartCall } = await import('@vchat/webrtc-call')
  const check = canStartCall({ messagingLive: extra.chat.state === 'connected', jid: user?.jid })
  if (!check.ok) {
    dispatch(startRefused(check.error))
    return false
  }
  const runtime = await openRuntime(extra, dispatch, getState)
  if (!runtime) {
    dispatch(startRefused('xmpp not connected'))
    return false
  }
  if (runtime.machine.getSnapshot().status === 3 || runtime.machine.getSnapshot().status === 4) runtime.machine.reset()
  try {
    const callee = anchorJidOf(uid, extra.endpoints.xmppDomain)
    if (tier === 'silver') await runtime.engine.call(callee, { tier, request: { timezoneOffset: -new Date(extra.clock.now()).getTimezoneOffset() } })
    else if (free) await runtime.engine.call(callee, { request: { free: true, continuePaid: true } })
    else await runtime.engine.call(callee)
    return true
  } catch (error) {
    dispatch(startRefused(error instanceof Error ? error.message : 'one call allowed once'))
    return false
  }
})

/** Answers the ringing call (CallAccept); the media flows once the caller's offer is answered. */
export const acceptCall = createAppAsyncThunk('call/accept', async (_: void, { extra, dispatch }) => {
  dispatch(incomingAnswered())
  await extra.calls.current()?.engine.accept()
})

/** Declines the ringing call (CallCancel; the caller hears 'rejected'). */
export const rejectCall = createAppAsyncThunk('call/reject', async (_: void, { extra }) => {
  const runtime = extra.calls.current()
  runtime?.noteEnd('rejected', 'self')
  runtime?.engine.reject()
})

export const hangUpCall = createAppAsyncThunk('call/hangUp', async (_: void, { extra }) => {
  const runtime = extra.calls.current()
  const ringing = runtime?.machine.getSnapshot().status === 1
  runtime?.noteEnd(ringing ? 'cancelled' : 'hangup')
  runtime?.engine.hangUp()
})

/** Back to initial after an ended call (the screen closes). */
export const resetCall = createAppAsyncThunk('call/reset', async (_: void, { extra, dispatch }) => {
  const runtime = extra.calls.current()
  if (runtime) runtime.machine.reset()
  else dispatch(snapshotChanged({ status: 0, direction: null, peer: null, sid: null, price: null, failure: null, at: extra.clock.now() }))
})
