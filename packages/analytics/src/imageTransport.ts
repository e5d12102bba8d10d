import { MAX_GET_URL_LENGTH } from './constants'
import type { AnalyticsEvent, AnalyticsTransport } from './types'

/** The part of `HTMLImageElement` the GET transport uses. */
export interface ImageLike {
  src: string
  onload: (() => void) | null
  onerror: (() => void) | null
}

export class AnalyticsImageError extends Error {
  constructor() {
    super('analytics image request failed')
    this.name = 'AnalyticsImageError'
  }
}

export class AnalyticsUrlTooLongError extends Error {
  readonly length: number
  constructor(length: number, max: number) {
    super(`analytics GET URL of ${length} characters exceeds ${max}`)
    this.name = 'AnalyticsUrlTooLongError'
    this.length = length
  }
}

export interface ImageTransportOptions {
  /** The receiver's sync (or debug) address. */
  url: string
  /** Creates an image element; defaults to `new Image()`. Injected in tests. */
  createImage?: () => ImageLike
  /** Longest URL built; default 8000 characters. */
  maxUrlLength?: number
  /** Used for a batch whose URL would be too long (typically the POST transport); else it rejects. */
  fallback?: AnalyticsTransport
}

/** `<url>?data=<URL-encoded JSON array>` (or `&data=` when the URL has a query already). */
export function batchUrl(url: string, events: readonly AnalyticsEvent[]): string {
  const separator = url.includes('?') ? '&' : '?'
  return `${url}${separator}data=${encodeURIComponent(JSON.stringify(events))}`
}

/**
 * Sends each batch as a GET through an image (`new Image().src = url?data=...`): no CORS preflight,
 * no credentials needed. Resolves when the image loads, rejects when it errors, so the client
 * retries. The receiver must answer with an image (e.g. a 1×1 GIF, status 200): browsers treat an
 * empty 204 as an image error.
 */
export function createImageTransport(options: ImageTransportOptions): AnalyticsTransport {
  // HTMLImageElement's handlers receive an Event; ours ignore it, so the element fits ImageLike.
  const createImage = options.createImage ?? ((): ImageLike => new Image() as unknown as ImageLike)
  const maxUrlLength = options.maxUrlLength ?? MAX_GET_URL_LENGTH
  return {
    send(events, sendOptions) {
      const url = batchUrl(options.url, events)
      if (url.length > maxUrlLength) {
        if (options.fallback) return options.fallback.send(events, sendOptions)
        return Promise.reject(new AnalyticsUrlTooLongError(url.length, maxUrlLength))
      }
      return new Promise<void>((resolve, reject) => {
        const image = createImage()
        const settle = (error?: Error): void => {
          image.onload = null
          image.onerror = null
          if (error) reject(error)
          else resolve()
        }
        image.onload = () => settle()
        image.onerror = () => settle(new AnalyticsImageError())
        image.src = url
      })
    },
  }
}
