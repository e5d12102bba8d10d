import { act } from '@testing-library/react'
import type { HubTransport } from '@vchat/xmpp-chat'

export interface FakeHub {
  /** What the app sent to the hub, in order. */
  sent: { action: string; payload: Record<string, unknown> }[]
  /** The messaging session's hub transport, as the call layer binds it. */
  transport: HubTransport
  /** The hub says something (inside act, so React applies it). */
  deliver(action: string, payload: Record<string, unknown>): void
}

/** The hub side of the messaging session for call tests: records what the app sends, delivers what the hub says. */
export function fakeHub(): FakeHub {
  const sent: FakeHub['sent'] = []
  const listeners = new Set<(call: { action: string; payload: unknown }) => void>()
  const transport = {
    async sendCall(action: string, payload: unknown) {
      sent.push({ action, payload: payload as Record<string, unknown> })
    },
    onCall(listener: (call: { action: string; payload: unknown }) => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    // The rest of the messaging session's hub transport (other parts of the app listen to raw stanzas).
    async send() {},
    onStanza() {
      return () => {}
    },
  }
  return {
    sent,
    // Only the members the call layer and the app's hub listeners use.
    transport: transport as unknown as HubTransport,
    deliver(action, payload) {
      act(() => {
        for (const listener of [...listeners]) listener({ action, payload })
      })
    },
  }
}
