/**
 * The hub transport as a tab's screens see it: calls routed to this tab, sends made through the
 * leader. It exists so that the call screens use one interface whether this tab runs the session or
 * another tab does.
 */
import type { HubCall, HubTransport, XmlElement } from '@vchat/xmpp-chat'
import type { ChatService } from '../types'
import type { RequestMethod } from './protocol'

/** The hub transport a tab's screens use, fed by the leader's relay. */
export interface RelayedHub extends HubTransport {
  deliverCall(call: HubCall): void
  deliverStanza(stanza: XmlElement): void
  hasStanzaListeners(): boolean
}

/** This tab's own session's hub transport; rejects with `need login` before the messaging login. */
export function ownHub(local: ChatService): HubTransport {
  const hub = local.hubTransport
  if (!hub) throw new Error('need login')
  return hub
}

/** How the relayed hub reaches the session: its own while this tab leads, else through the leader. */
export interface HubLink {
  isLeader(): boolean
  request(method: RequestMethod, args: unknown[]): Promise<unknown>
  /** This tab sent a call message (its answers come back to this tab). */
  noteSent(action: string, payload: unknown): void
}

/** The hub as this tab's screens see it: calls routed to this tab; sends go through the leader. */
export function createRelayedHub(local: ChatService, link: HubLink): RelayedHub {
  const calls = new Set<(call: HubCall) => void>()
  const stanzas = new Set<(stanza: XmlElement) => void>()
  return {
    get hubDomain() {
      return local.hubTransport?.hubDomain ?? ''
    },
    async sendCall(action, payload) {
      if (!link.isLeader()) return void (await link.request('sendCall', [action, payload]))
      const hub = ownHub(local)
      link.noteSent(action, payload)
      await hub.sendCall(action, payload)
    },
    onCall(listener) {
      calls.add(listener)
      return () => void calls.delete(listener)
    },
    async send(stanza) {
      if (!link.isLeader()) return void (await link.request('sendStanza', [stanza.toString()]))
      await ownHub(local).send(stanza)
    },
    onStanza(listener) {
      stanzas.add(listener)
      return () => void stanzas.delete(listener)
    },
    deliverCall(call) {
      for (const listener of [...calls]) listener(call)
    },
    deliverStanza(stanza) {
      for (const listener of [...stanzas]) listener(stanza)
    },
    hasStanzaListeners: () => stanzas.size > 0,
  }
}
