import type { CallAction, CallActionListener, CallPayload, CallSignalling } from '../callTypes'

export interface FakeSignalling extends CallSignalling {
  readonly sent: Array<{ action: CallAction; payload: CallPayload }>
  /** Delivers an action from the hub to every listener. */
  emit(action: CallAction, payload?: CallPayload): void
  /** Makes the next sends of this action reject. */
  failSends(action: CallAction, error?: Error): void
  listenerCount(): number
}

export function createFakeSignalling(): FakeSignalling {
  const listeners = new Set<CallActionListener>()
  const failing = new Map<CallAction, Error>()
  const sent: Array<{ action: CallAction; payload: CallPayload }> = []
  return {
    sent,
    send(action, payload) {
      sent.push({ action, payload })
      const error = failing.get(action)
      return error ? Promise.reject(error) : Promise.resolve()
    },
    onAction(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    emit(action, payload = {}) {
      for (const listener of [...listeners]) listener(action, payload)
    },
    failSends(action, error = new Error('send failed')) {
      failing.set(action, error)
    },
    listenerCount: () => listeners.size,
  }
}
