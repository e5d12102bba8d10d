/**
 * The wallet's store effects: a paid order's notice from the hub refreshes the balance wherever the
 * user is in the signed-in app.
 */
import { startStoreEffect } from '../../app/listeners'
import type { AppDispatch } from '../../app/state'
import { onHubWhileConnected } from '../../services/hubWhileConnected'
import type { HubTransportLike } from '../call'
import { rechargeSucceeded } from './walletSlice'

/** What a payment's ReChargeSuccess notice says: the order it is for, when the hub names one. */
export interface RechargeNotice {
  orderId: string | null
}

/**
 * Reads a hub message as a payment's ReChargeSuccess notice. The hub sends ReChargeSuccess for two
 * things: a paid order (`{gemsBalance, orderId}`) and, during a call, each billed minute
 * (`{sid, gemsBalance, charged}`, which the call layer shows); only the first is a payment notice.
 */
export function rechargeNoticeOf(call: { action: string; payload: unknown }): RechargeNotice | null {
  if (call.action !== 'ReChargeSuccess') return null
  const payload = call.payload && typeof call.payload === 'object' && !Array.isArray(call.payload) ? (call.payload as Record<string, unknown>) : {}
  if (typeof payload['sid'] === 'string') return null
  const orderId = payload['orderId']
  return { orderId: typeof orderId === 'string' && orderId !== '' ? orderId : null }
}

/** Calls `onNotice` for every payment notice the hub sends over `transport`; returns the unsubscribe. */
export function listenForRechargeNotices(transport: HubTransportLike, onNotice: (notice: RechargeNotice) => void): () => void {
  return transport.onCall((call) => {
    const notice = rechargeNoticeOf(call)
    if (notice) onNotice(notice)
  })
}

/**
 * SPEC §4: a ReChargeSuccess notice over messaging refreshes the balance and the paid flag anywhere
 * in the signed-in app (through the account endpoint, once per order however often it arrives), for
 * as long as messaging is logged in. Returns the function that stops it.
 */
export function startWalletListeners(dispatch: AppDispatch): () => void {
  return startStoreEffect(dispatch, 'wallet/rechargeNotices', (api) =>
    onHubWhileConnected(api.extra.chat, (transport) => listenForRechargeNotices(transport, (notice) => void api.dispatch(rechargeSucceeded(notice)))),
  )
}
