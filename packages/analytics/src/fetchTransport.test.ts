import { describe, expect, it, vi } from 'vitest'
import { AnalyticsHttpError, createFetchTransport } from './fetchTransport'
import type { AnalyticsEvent } from './types'

const EVENT: AnalyticsEvent = {
  type: 'track',
  event: 'page_show',
  eventId: 'e-1',
  time: 1,
  distinctId: 'd',
  deviceId: 'v',
  properties: { at: new Date(0) },
}

describe('createFetchTransport', () => {
  it('posts the batch as a form body with a data field', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response(null, { status: 200 }))
    await createFetchTransport({ url: 'http://localhost:8787/analytics/sync', fetch }).send([EVENT], {
      timeoutMs: 3_000,
    })
    const [url, init] = fetch.mock.calls[0] ?? []
    expect(url).toBe('http://localhost:8787/analytics/sync')
    expect(init?.method).toBe('POST')
    const body = init?.body as URLSearchParams
    expect(body).toBeInstanceOf(URLSearchParams)
    expect(JSON.parse(body.get('data') ?? '')).toEqual([
      { ...EVENT, properties: { at: '1970-01-01T00:00:00.000Z' } },
    ])
  })

  it('rejects on an HTTP error so that the client retries', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response(null, { status: 503 }))
    const sending = createFetchTransport({ url: 'http://x/sync', fetch }).send([EVENT], {
      timeoutMs: 3_000,
    })
    await expect(sending).rejects.toBeInstanceOf(AnalyticsHttpError)
    await expect(sending).rejects.toMatchObject({ status: 503 })
  })

  it('aborts the request after the time-out', async () => {
    vi.useFakeTimers()
    try {
      let signal: AbortSignal | undefined
      const fetch = vi.fn<typeof globalThis.fetch>(
        (_url, init) =>
          new Promise<Response>((_, reject) => {
            signal = init?.signal ?? undefined
            signal?.addEventListener('abort', () => reject(new Error('aborted')))
          }),
      )
      const sending = createFetchTransport({
        url: 'http://x/sync',
        fetch,
        timers: {
          setTimeout: (callback, ms) => setTimeout(callback, ms),
          clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
        },
      }).send([EVENT], { timeoutMs: 3_000 })
      const outcome = sending.catch((error: unknown) => error)
      await vi.advanceTimersByTimeAsync(2_999)
      expect(signal?.aborted).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(signal?.aborted).toBe(true)
      expect(await outcome).toEqual(new Error('aborted'))
    } finally {
      vi.useRealTimers()
    }
  })
})
