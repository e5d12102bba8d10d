/**
 * The client's pending events: the queue, the batch in flight, the ids handed to a beacon, the queue
 * cap, and their persistence (one coalesced write per task). It exists so that "no event lost across
 * a reload, none sent twice by us" is kept by one object; see the README's persistence rules.
 */
import { SENT_IDS_CAP } from './constants'
import { loadQueue, saveQueue } from './persistence'
import type { AnalyticsEvent, KeyValueStorage } from './types'

export interface PendingQueueOptions {
  readonly storage: KeyValueStorage
  readonly key: string
  /** At most this many queued events; beyond it the oldest are dropped (and counted). */
  readonly cap: number
  readonly reportError: (error: unknown) => void
}

export interface PendingQueue {
  /** Events waiting to be sent, oldest first (not the batch in flight). */
  readonly queued: readonly AnalyticsEvent[]
  /** The batch being sent: still pending (persisted) until the receiver has it. */
  readonly inFlight: readonly AnalyticsEvent[]
  /** Changes when the queue is discarded, so that a failed in-flight batch is not put back. */
  readonly epoch: number
  /** Events dropped by the cap. */
  readonly dropped: number
  /** Queues a new event (subject to the cap) and records the change. */
  push(event: AnalyticsEvent): void
  /** Takes up to `max` events off the head as the batch in flight. */
  takeBatch(max: number): readonly AnalyticsEvent[]
  /** The batch in flight is answered (delivered or failed), unless the queue was discarded since `epoch`. */
  settleBatch(epoch: number): void
  /** A failed batch goes back to the head (minus events a beacon took), subject to the cap. */
  putBack(batch: readonly AnalyticsEvent[]): void
  /** Whether a beacon took this event. */
  isSent(event: AnalyticsEvent): boolean
  /** Remembers events handed to a beacon; they are never sent again. */
  markSent(events: readonly AnalyticsEvent[]): void
  /** Removes queued events a beacon took. */
  dropSent(): void
  /** Forgets every pending event (an opted-out user's events are not sent). */
  discard(): void
  /** Records a queue change; it is written once, at the end of the current task. */
  persist(): void
  /** Records a queue change and writes it now (page hide: the page may be gone after this task). */
  persistNow(): void
  /** Writes a change still waiting for its end-of-task write now (nothing when none waits). */
  writeNow(): void
}

/** Loads what an earlier page load left pending (minus what a beacon took) and keeps it. */
export function createPendingQueue(options: PendingQueueOptions): PendingQueue {
  const { storage, key, cap, reportError } = options
  // Pending events of an earlier page load (none lost across a reload), minus those a beacon took.
  const restored = loadQueue(storage, key)
  let queue: AnalyticsEvent[] = restored.pending
  let inFlight: readonly AnalyticsEvent[] = []
  /** Ids handed to a beacon, oldest first, bounded; events with these ids are never sent again. */
  let sentIds: string[] = restored.sentIds.slice(-SENT_IDS_CAP)
  let sentIdSet = new Set(sentIds)
  let epoch = 0
  let dropped = 0

  function enforceCap(): void {
    const over = queue.length - cap
    if (over > 0) {
      queue.splice(0, over)
      dropped += over
    }
  }
  enforceCap()

  /*
   * Queue persistence is coalesced: every change bumps `queueVersion`, and the first change of a task
   * schedules one write at the end of that task (a microtask), which stores the queue as it is then.
   * A burst of events in one task (e.g. a thousand incoming chat messages) thus costs one
   * serialisation and one storage write instead of one per event. The write still happens before the
   * task ends, so a reload or page hide never finds a stale journal. Paths that must be on storage at
   * once (the beacon at page hide) call `persistNow()`; the pending coalesced write then finds
   * the stored version current and writes nothing.
   */
  let queueVersion = 0
  let savedQueueVersion = 0
  let queueSaveScheduled = false

  function writeQueue(): void {
    if (savedQueueVersion === queueVersion) return
    savedQueueVersion = queueVersion
    const pending = [...inFlight, ...queue].filter((event) => !sentIdSet.has(event.eventId))
    try {
      saveQueue(storage, key, { pending, sentIds })
    } catch (error) {
      reportError(error)
    }
  }

  function persist(): void {
    queueVersion += 1
    if (queueSaveScheduled) return
    queueSaveScheduled = true
    queueMicrotask(() => {
      queueSaveScheduled = false
      writeQueue()
    })
  }

  const isSent = (event: AnalyticsEvent): boolean => sentIdSet.has(event.eventId)

  return {
    get queued() {
      return queue
    },
    get inFlight() {
      return inFlight
    },
    get epoch() {
      return epoch
    },
    get dropped() {
      return dropped
    },

    push(event) {
      queue.push(event)
      enforceCap()
      persist()
    },

    takeBatch(max) {
      inFlight = queue.splice(0, max)
      return inFlight
    },

    settleBatch(batchEpoch) {
      if (batchEpoch === epoch) inFlight = []
    },

    putBack(batch) {
      queue.unshift(...batch.filter((event) => !isSent(event)))
      enforceCap()
      persist()
    },

    isSent,

    markSent(events) {
      for (const event of events) {
        if (sentIdSet.has(event.eventId)) continue
        sentIds.push(event.eventId)
        sentIdSet.add(event.eventId)
      }
      if (sentIds.length > SENT_IDS_CAP) {
        sentIds = sentIds.slice(-SENT_IDS_CAP)
        sentIdSet = new Set(sentIds)
      }
    },

    dropSent() {
      queue = queue.filter((event) => !isSent(event))
    },

    discard() {
      queue = []
      inFlight = []
      epoch += 1
      persist()
    },

    persist,

    persistNow() {
      queueVersion += 1
      writeQueue()
    },

    writeNow: writeQueue,
  }
}
