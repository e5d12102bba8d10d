import type { AnalyticsEvent, AnalyticsTimers, AnalyticsTransport, SendOptions } from './types'

export class AnalyticsHttpError extends Error {
  readonly status: number
  constructor(status: number) {
    super(`analytics endpoint answered HTTP ${status}`)
    this.name = 'AnalyticsHttpError'
    this.status = status
  }
}

export interface FetchTransportOptions {
  /** The receiver's sync (or debug) address. */
  url: string
  /** Defaults to the platform's fetch. */
  fetch?: typeof globalThis.fetch
  /** Used to abort a request after `timeoutMs`; defaults to the platform's timers. */
  timers?: Pick<AnalyticsTimers, 'setTimeout' | 'clearTimeout'>
}

/** Form body of a batch: one field `data` holding the JSON array of events. */
export function encodeBatch(events: readonly AnalyticsEvent[]): URLSearchParams {
  return new URLSearchParams({ data: JSON.stringify(events) })
}

/**
 * Posts each batch as an `application/x-www-form-urlencoded` body (`data=<JSON>`), aborting the
 * request after `timeoutMs`. Any answer outside 200–299 rejects, so the client retries.
 * Beacon / image transports for page hide are platform adapters (not here yet).
 */
export function createFetchTransport(options: FetchTransportOptions): AnalyticsTransport {
  const doFetch: typeof globalThis.fetch =
    options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const setTimer = options.timers?.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms))
  const clearTimer =
    options.timers?.clearTimeout ??
    ((handle: unknown) => globalThis.clearTimeout(handle as Parameters<typeof clearTimeout>[0]))

  return {
    async send(events, { timeoutMs }: SendOptions) {
      const controller = new AbortController()
      const timer = setTimer(() => controller.abort(), timeoutMs)
      try {
        const response = await doFetch(options.url, {
          method: 'POST',
          body: encodeBatch(events),
          signal: controller.signal,
          credentials: 'omit',
        })
        if (!response.ok) throw new AnalyticsHttpError(response.status)
      } finally {
        clearTimer(timer)
      }
    },
  }
}
