/**
 * Delivery of pending events: batches through the transport (time-out, retries, one send at a time,
 * a failed batch put back) and, at page hide, everything pending through the beacon. It exists to keep
 * the rules of when and how events leave the page (SPEC §9 limits) apart from what is tracked.
 */
import type { PendingQueue } from './pendingQueue'
import type { AnalyticsEvent, AnalyticsTimers, AnalyticsTransport, BeaconFlushResult, BeaconSender } from './types'

export class AnalyticsSendTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`analytics send timed out after ${timeoutMs} ms`)
    this.name = 'AnalyticsSendTimeoutError'
  }
}

export interface EventSenderOptions {
  readonly pending: PendingQueue
  readonly transport: AnalyticsTransport
  readonly beacon: BeaconSender | undefined
  readonly timers: AnalyticsTimers
  readonly maxPerSend: number
  readonly sendTimeoutMs: number
  readonly retries: number
  readonly reportError: (error: unknown) => void
}

export interface EventSender {
  /** Sends everything queued in sends of at most `maxPerSend`; never rejects. Shared while it runs. */
  flush(): Promise<void>
  /** Page hide: every queued event to the beacon (the batch in flight only if its send fails). */
  flushByBeacon(): BeaconFlushResult
  /** The queue was discarded: a batch in flight is not beaconed when its send fails. */
  discarded(): void
  /** Batches that failed every attempt. */
  readonly failedSends: number
}

export function createEventSender(options: EventSenderOptions): EventSender {
  const { pending, transport, beacon, timers, maxPerSend, sendTimeoutMs, retries, reportError } = options
  /**
   * Set when the page is hidden while a batch is in flight: that batch is not beaconed at once
   * (its POST may still arrive, and the receiver would get it twice); if the POST then fails, the
   * batch goes by beacon instead of another POST attempt.
   */
  let beaconInFlightOnFailure = false
  let failedSends = 0
  let flushing: Promise<void> | null = null

  async function sendOnce(events: readonly AnalyticsEvent[]): Promise<void> {
    let timer: unknown = null
    const timeout = new Promise<never>((_, reject) => {
      timer = timers.setTimeout(() => reject(new AnalyticsSendTimeoutError(sendTimeoutMs)), sendTimeoutMs)
    })
    try {
      await Promise.race([transport.send(events, { timeoutMs: sendTimeoutMs }), timeout])
    } finally {
      timers.clearTimeout(timer)
    }
  }

  /** 'delivered', 'failed' after every attempt, or 'hidden': an attempt failed after the page was hidden. */
  async function sendWithRetries(events: readonly AnalyticsEvent[]): Promise<'delivered' | 'failed' | 'hidden'> {
    for (let attempt = 0; attempt <= retries; attempt += 1) {
      try {
        await sendOnce(events)
        return 'delivered'
      } catch (error) {
        reportError(error)
        if (beaconInFlightOnFailure) return 'hidden'
      }
    }
    return 'failed'
  }

  /** Hands events to the beacon in chunks of at most `maxPerSend`; answers how many it accepted. */
  function beaconEvents(events: readonly AnalyticsEvent[]): number {
    if (!beacon) return 0
    let sent = 0
    for (let start = 0; start < events.length; start += maxPerSend) {
      const chunk = events.slice(start, start + maxPerSend)
      let accepted = false
      try {
        accepted = beacon.send(chunk)
      } catch (error) {
        reportError(error)
      }
      if (!accepted) break
      pending.markSent(chunk)
      sent += chunk.length
    }
    return sent
  }

  function flush(): Promise<void> {
    if (flushing) return flushing
    let finished = false
    const run = (async () => {
      try {
        while (pending.queued.length > 0) {
          const epoch = pending.epoch
          const batch = pending.takeBatch(maxPerSend)
          beaconInFlightOnFailure = false
          const outcome = await sendWithRetries(batch)
          const hidden = beaconInFlightOnFailure
          beaconInFlightOnFailure = false
          pending.settleBatch(epoch)
          if (outcome !== 'delivered') {
            failedSends += 1
            // The page was hidden while this POST was out and the POST failed: the beacon takes it
            // now (the receiver stores each eventId once, should the POST have arrived after all).
            if (hidden && epoch === pending.epoch) {
              beaconEvents(batch.filter((event) => !pending.isSent(event)))
            }
            // Kept for the next flush (interval or batch size), subject to the queue cap; events a
            // beacon took meanwhile are not put back.
            if (epoch === pending.epoch) pending.putBack(batch)
            break
          }
          pending.persist()
        }
      } finally {
        finished = true
        flushing = null
      }
    })()
    // With nothing to send the run completes synchronously; only a pending run is shared.
    if (!finished) flushing = run
    return run
  }

  return {
    flush,

    flushByBeacon() {
      // The batch whose POST is in flight is left to that POST; it goes by beacon only if the POST
      // fails (see flush). It stays persisted meanwhile, so an unload before the answer resends it
      // from the next page load, and the receiver drops what it already has by eventId.
      const awaiting = pending.inFlight.filter((event) => !pending.isSent(event)).length
      if (awaiting > 0) beaconInFlightOnFailure = true
      const waiting = pending.queued.filter((event) => !pending.isSent(event))
      if (waiting.length === 0) {
        // A change still waiting for its end-of-task write goes to storage now.
        pending.writeNow()
        return { sent: 0, kept: 0, inFlight: awaiting }
      }
      const sent = beaconEvents(waiting)
      if (sent > 0) pending.dropSent()
      pending.persistNow()
      return { sent, kept: waiting.length - sent, inFlight: awaiting }
    },

    discarded() {
      beaconInFlightOnFailure = false
    },

    get failedSends() {
      return failedSends
    },
  }
}
