import { createBeaconSender } from './beaconSender'
import type { SendBeacon } from './beaconSender'
import { DEBUG_PATH, SYNC_PATH } from './constants'
import { createFetchTransport } from './fetchTransport'
import { createImageTransport } from './imageTransport'
import type { ImageLike } from './imageTransport'
import type { AnalyticsTimers, AnalyticsTransport, BeaconSender } from './types'

export interface AnalyticsUrlOptions {
  /** Debug mode: the receiver's debug path instead of the sync path. */
  debug?: boolean
}

/**
 * The receiver address for a base URL (e.g. `http://localhost:8787/analytics`): `<base>/sync`, or
 * `<base>/debug` in debug mode (SPEC §7). A trailing slash on the base is ignored.
 */
export function analyticsUrl(baseUrl: string, options: AnalyticsUrlOptions = {}): string {
  const base = baseUrl.replace(/\/+$/, '')
  return `${base}${options.debug === true ? DEBUG_PATH : SYNC_PATH}`
}

export interface HttpTransportOptions extends AnalyticsUrlOptions {
  /** Analytics base URL (without /sync or /debug). */
  baseUrl: string
  /** 'get': through an image, falling back to POST for a batch too long for a URL. 'post': a form. */
  method: 'get' | 'post'
  fetch?: typeof globalThis.fetch
  createImage?: () => ImageLike
  timers?: Pick<AnalyticsTimers, 'setTimeout' | 'clearTimeout'>
  sendBeacon?: SendBeacon
}

/** The transport and the page-hide beacon for one receiver, as the client takes them. */
export function createHttpTransport(options: HttpTransportOptions): {
  transport: AnalyticsTransport
  beacon: BeaconSender
  url: string
} {
  const url = analyticsUrl(options.baseUrl, options)
  const post = createFetchTransport({
    url,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.timers ? { timers: options.timers } : {}),
  })
  const transport =
    options.method === 'get'
      ? createImageTransport({
          url,
          fallback: post,
          ...(options.createImage ? { createImage: options.createImage } : {}),
        })
      : post
  const beacon = createBeaconSender({
    url,
    ...(options.sendBeacon ? { sendBeacon: options.sendBeacon } : {}),
  })
  return { transport, beacon, url }
}
