import { isCallAction } from '@vchat/webrtc-call'
import type { CallAction, CallPayload, CallSignalling } from '@vchat/webrtc-call'

/**
 * The part of the messaging service's hub transport the call layer uses
 * (`services.chat.hubTransport`: `<call xmlns="urn:vchat:call:1" action>{json}</call>` to and
 * from `hub.<domain>`).
 */
export interface HubTransportLike {
  sendCall(action: string, payload: unknown): Promise<void>
  onCall(listener: (call: { action: string; payload: unknown }) => void): () => void
}

/**
 * `CallSignalling` over the hub transport: actions outside the call vocabulary are ignored, a
 * body that is not a JSON object reads as `{}`.
 */
export function createHubSignalling(transport: HubTransportLike): CallSignalling {
  return {
    send: (action: CallAction, payload: CallPayload) => transport.sendCall(action, payload),
    onAction(listener) {
      return transport.onCall(({ action, payload }) => {
        if (!isCallAction(action)) return
        const body = payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as CallPayload) : {}
        listener(action, body)
      })
    },
  }
}
