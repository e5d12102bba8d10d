import { describe, expect, it, vi } from 'vitest'
import { createBeaconSender } from './beaconSender'
import { analyticsUrl, createHttpTransport } from './endpoint'
import {
  AnalyticsImageError,
  AnalyticsUrlTooLongError,
  batchUrl,
  createImageTransport,
} from './imageTransport'
import type { ImageLike } from './imageTransport'
import type { AnalyticsEvent, AnalyticsTransport } from './types'

const EVENT: AnalyticsEvent = {
  type: 'track',
  event: 'page_show',
  eventId: 'e-1',
  time: 1,
  distinctId: 'd',
  deviceId: 'v',
  properties: { title: 'a&b=c ü' },
}
const SEND = { timeoutMs: 3_000 }

function fakeImages(): { images: ImageLike[]; createImage: () => ImageLike } {
  const images: ImageLike[] = []
  return {
    images,
    createImage: () => {
      const image: ImageLike = { src: '', onload: null, onerror: null }
      images.push(image)
      return image
    },
  }
}

function dataOf(url: string): unknown {
  return JSON.parse(new URL(url).searchParams.get('data') ?? '')
}

describe('analyticsUrl', () => {
  it('picks the sync path, or the debug path in debug mode', () => {
    expect(analyticsUrl('http://localhost:8787/analytics')).toBe('http://localhost:8787/analytics/sync')
    expect(analyticsUrl('http://localhost:8787/analytics/', { debug: true })).toBe(
      'http://localhost:8787/analytics/debug',
    )
  })
})

describe('createImageTransport (GET through an image)', () => {
  it('loads an image whose URL carries the batch as data=<JSON> and resolves on load', async () => {
    const { images, createImage } = fakeImages()
    const sending = createImageTransport({ url: 'http://x/analytics/sync', createImage }).send([EVENT], SEND)
    expect(images).toHaveLength(1)
    const src = images[0]?.src ?? ''
    expect(src.startsWith('http://x/analytics/sync?data=')).toBe(true)
    expect(dataOf(src)).toEqual([EVENT])
    images[0]?.onload?.()
    await expect(sending).resolves.toBeUndefined()
    expect(images[0]?.onload).toBeNull()
  })

  it('rejects when the image fails, so that the client retries', async () => {
    const { images, createImage } = fakeImages()
    const sending = createImageTransport({ url: 'http://x/sync', createImage }).send([EVENT], SEND)
    images[0]?.onerror?.()
    await expect(sending).rejects.toBeInstanceOf(AnalyticsImageError)
  })

  it('appends to an existing query string', () => {
    expect(batchUrl('http://x/sync?appid=1', [EVENT]).startsWith('http://x/sync?appid=1&data=')).toBe(true)
  })

  it('hands a batch too long for a URL to the fallback, or rejects without one', async () => {
    const { images, createImage } = fakeImages()
    const fallback: AnalyticsTransport = { send: vi.fn(async () => undefined) }
    const events = [EVENT, EVENT]
    const limit = batchUrl('http://x/sync', [EVENT]).length
    await createImageTransport({ url: 'http://x/sync', createImage, maxUrlLength: limit, fallback }).send(
      events,
      SEND,
    )
    expect(fallback.send).toHaveBeenCalledWith(events, SEND)
    expect(images).toHaveLength(0)
    await expect(
      createImageTransport({ url: 'http://x/sync', createImage, maxUrlLength: limit }).send(events, SEND),
    ).rejects.toBeInstanceOf(AnalyticsUrlTooLongError)
  })
})

describe('createBeaconSender', () => {
  it('beacons the same form body as the POST transport and passes the answer on', () => {
    const sendBeacon = vi.fn(() => true)
    expect(createBeaconSender({ url: 'http://x/sync', sendBeacon }).send([EVENT])).toBe(true)
    const [url, body] = sendBeacon.mock.calls[0] as unknown as [string, URLSearchParams]
    expect(url).toBe('http://x/sync')
    expect(JSON.parse(body.get('data') ?? '')).toEqual([EVENT])
    sendBeacon.mockReturnValue(false)
    expect(createBeaconSender({ url: 'http://x/sync', sendBeacon }).send([EVENT])).toBe(false)
  })

  it('refuses when the platform has no sendBeacon', () => {
    expect(createBeaconSender({ url: 'http://x/sync' }).send([EVENT])).toBe(false)
  })
})

describe('createHttpTransport', () => {
  it("'get' goes through an image to the debug path in debug mode", async () => {
    const { images, createImage } = fakeImages()
    const { transport, url } = createHttpTransport({
      baseUrl: 'http://x/analytics',
      method: 'get',
      debug: true,
      createImage,
    })
    expect(url).toBe('http://x/analytics/debug')
    const sending = transport.send([EVENT], SEND)
    expect(images[0]?.src.startsWith('http://x/analytics/debug?data=')).toBe(true)
    images[0]?.onload?.()
    await sending
  })

  it("'post' posts a form to the sync path; the beacon uses the same address", async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response(null, { status: 200 }))
    const sendBeacon = vi.fn(() => true)
    const { transport, beacon } = createHttpTransport({
      baseUrl: 'http://x/analytics',
      method: 'post',
      fetch,
      sendBeacon,
    })
    await transport.send([EVENT], SEND)
    expect(fetch.mock.calls[0]?.[0]).toBe('http://x/analytics/sync')
    expect(fetch.mock.calls[0]?.[1]?.method).toBe('POST')
    beacon.send([EVENT])
    expect((sendBeacon.mock.calls[0] as unknown as [string])[0]).toBe('http://x/analytics/sync')
  })

  it("'get' falls back to POST for a batch too long for a URL", async () => {
    const { images, createImage } = fakeImages()
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response(null, { status: 200 }))
    const { transport } = createHttpTransport({ baseUrl: 'http://x/a', method: 'get', fetch, createImage })
    const big: AnalyticsEvent = { ...EVENT, properties: { text: 'x'.repeat(9_000) } }
    await transport.send([big], SEND)
    expect(images).toHaveLength(0)
    expect(fetch).toHaveBeenCalledTimes(1)
  })
})
