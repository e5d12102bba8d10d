import { encodeBatch } from './fetchTransport'
import type { BeaconSender } from './types'

/** `navigator.sendBeacon`'s signature. */
export type SendBeacon = (url: string, data: URLSearchParams) => boolean

export interface BeaconSenderOptions {
  /** The receiver's sync (or debug) address; beacons always POST a form body `data=<JSON>`. */
  url: string
  /** Defaults to `navigator.sendBeacon`; without it every beacon is refused (events stay pending). */
  sendBeacon?: SendBeacon
}

/** Posts a batch with `navigator.sendBeacon` as the same form body as the POST transport. */
export function createBeaconSender(options: BeaconSenderOptions): BeaconSender {
  const sendBeacon: SendBeacon | undefined =
    options.sendBeacon ??
    (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function'
      ? (url, data) => navigator.sendBeacon(url, data)
      : undefined)
  return {
    send(events) {
      if (!sendBeacon) return false
      return sendBeacon(options.url, encodeBatch(events))
    },
  }
}
