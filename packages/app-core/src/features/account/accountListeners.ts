/**
 * The account's store effects: a block set while the user is signed in reaches the app through the
 * server's refusals.
 */
import { CALL_ERROR_BLOCKED, FILTER_ERROR_BLOCKED, NS_FILTER } from '@vchat/contract'
import type { HubTransport, XmlElement } from '@vchat/xmpp-chat'
import { startStoreEffect } from '../../app/listeners'
import type { AppDispatch } from '../../app/state'
import { onHubWhileConnected } from '../../services/hubWhileConnected'
import { blockedByServer } from './accountSlice'

/** A chat message the server sent back because the sender's account is blocked. */
export function isBlockedBounce(stanza: XmlElement): boolean {
  if (stanza.name !== 'message' || stanza.attrs.type !== 'error') return false
  return stanza.getChild('error')?.getChild(FILTER_ERROR_BLOCKED, NS_FILTER) !== undefined
}

/** The hub refusing a call because the caller's account is blocked. */
export function isBlockedCallError(call: { action: string; payload: unknown }): boolean {
  if (call.action !== 'CallError' || !call.payload || typeof call.payload !== 'object') return false
  return (call.payload as Record<string, unknown>)['reason'] === CALL_ERROR_BLOCKED
}

/** Calls `onBlocked` whenever the messaging server or the hub refuses something because the account is blocked. */
function listenForServerBlock(transport: Pick<HubTransport, 'onStanza' | 'onCall'>, onBlocked: () => void): () => void {
  const stopStanzas = transport.onStanza((stanza) => {
    if (isBlockedBounce(stanza)) onBlocked()
  })
  const stopCalls = transport.onCall((call) => {
    if (isBlockedCallError(call)) onBlocked()
  })
  return () => {
    stopStanzas()
    stopCalls()
  }
}

/**
 * A block set while the user is signed in reaches the app through the server's refusals (a bounced
 * message, a refused call): the config is loaded again, so blockInfo — and with it the notice saying
 * why, and the guard over chat and calls — is up to date. Runs while messaging is logged in; returns
 * the function that stops it.
 */
export function startAccountListeners(dispatch: AppDispatch): () => void {
  return startStoreEffect(dispatch, 'account/serverBlock', (api) =>
    onHubWhileConnected(api.extra.chat, (transport) => listenForServerBlock(transport, () => void api.dispatch(blockedByServer()))),
  )
}
