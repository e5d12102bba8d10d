import { xml } from '@xmpp/client'
import type { ChatSession, XmlElement } from './types.ts'
import { CALL_ELEMENT, NS_CALL, bareJid } from '@vchat/contract'

/** One call-signalling message to or from the hub (`<call xmlns="urn:vchat:call:1" action="…">{json}</call>`). */
export interface HubCall {
  action: string
  /** The JSON body, parsed; `null` when the body is empty or not JSON. */
  payload: unknown
  /** Bare jid of the sender (the hub) for incoming calls. */
  from: string
}

/**
 * Call signalling over the messaging session to `hub.<domain>` (ARCHITECTURE.md, hub signalling).
 * The call layer talks to the hub through this without touching the session's internals.
 */
export interface HubTransport {
  /** `hub.<domain>` (componentInfo.hubDomain). */
  readonly hubDomain: string
  /** Sends `<message to="hub"><call action>{json}</call></message>`; the session's errors ('xmpp not connected'…). */
  sendCall(action: string, payload: unknown): Promise<void>
  /** Every `<call/>` message that comes from the hub. Returns an unsubscribe function. */
  onCall(listener: (call: HubCall) => void): () => void
  /** Raw access: send any stanza on the session. */
  send(stanza: XmlElement): Promise<void>
  /** Raw access: every incoming stanza. */
  onStanza(listener: (stanza: XmlElement) => void): () => void
}

/** Builds the hub message for one signalling action. */
export function buildHubCallStanza(hubDomain: string, action: string, payload: unknown): XmlElement {
  const body = payload === undefined ? '' : JSON.stringify(payload)
  return xml('message', { to: hubDomain, type: 'normal' }, xml(CALL_ELEMENT, { xmlns: NS_CALL, action }, ...(body ? [body] : [])))
}

/** Reads a `<call/>` message from the hub; null for anything else. */
export function parseHubCall(stanza: XmlElement, hubDomain: string): HubCall | null {
  if (stanza.name !== 'message') return null
  const from = bareJid(stanza.attrs.from ?? '')
  if (from !== hubDomain) return null
  const call = stanza.getChild(CALL_ELEMENT, NS_CALL)
  const action = call?.attrs.action
  if (!call || !action) return null
  const text = call.text()
  let payload: unknown = null
  if (text) {
    try {
      payload = JSON.parse(text)
    } catch {
      payload = null
    }
  }
  return { action, payload, from }
}

export function createHubTransport(session: ChatSession, hubDomain: string): HubTransport {
  return {
    hubDomain,
    sendCall: (action, payload) => session.send(buildHubCallStanza(hubDomain, action, payload)),
    onCall(listener) {
      return session.onStanza((stanza) => {
        const call = parseHubCall(stanza, hubDomain)
        if (call) listener(call)
      })
    },
    send: (stanza) => session.send(stanza),
    onStanza: (listener) => session.onStanza(listener),
  }
}
