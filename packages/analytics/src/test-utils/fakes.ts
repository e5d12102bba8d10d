import type { AnalyticsEvent, AnalyticsTimers, AnalyticsTransport, KeyValueStorage, SendOptions } from '../types'

export interface FakeTransport extends AnalyticsTransport {
  readonly batches: Array<readonly AnalyticsEvent[]>
  readonly calls: Array<{ events: readonly AnalyticsEvent[]; options: SendOptions }>
  /** 'ok' resolves, 'fail' rejects, 'hang' never settles. */
  mode: 'ok' | 'fail' | 'hang'
}

export function createFakeTransport(): FakeTransport {
  const transport: FakeTransport = {
    batches: [],
    calls: [],
    mode: 'ok',
    send(events, options) {
      transport.calls.push({ events, options })
      if (transport.mode === 'fail') return Promise.reject(new Error('network down'))
      if (transport.mode === 'hang') return new Promise<void>(() => undefined)
      transport.batches.push(events)
      return Promise.resolve()
    },
  }
  return transport
}

export function createMemoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, value)
    },
  }
}

/** Timers that follow Vitest's fake clock. */
export function fakeTimers(): AnalyticsTimers {
  return {
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    setInterval: (callback, ms) => setInterval(callback, ms),
    clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
  }
}

export function sequentialIds(prefix = 'id'): () => string {
  let next = 0
  return () => `${prefix}-${++next}`
}

export const nowFromFakeClock = (): number => Date.now()

