import { SESSION_MARKER_KEY } from '../constants'
import type { AnalyticsRuntime, AnalyticsRuntimeOptions } from './analyticsRuntime'
import { tracksWith } from './consent'
import type { AnalyticsService, AnalyticsTrackingStatus, ConsentService, Logger } from './types'

/**
 * Product analytics facade. It is part of the entry chunk, so it stays tiny: calls made before the
 * real client (@vchat/analytics, `analyticsRuntime.ts`) is loaded wait in a short buffer and are
 * replayed in order once it is.
 *
 * **When the client loads (landing budget, see README):** never during a visitor's first load. For a
 * visitor it loads on the first interaction (pointer, key, touch, scroll) or when the page is hidden;
 * for a signed-in user (session marker present), when the browser is idle after the first paint; and
 * at once on login (`identify`) or when events of an earlier page wait in storage (a reload).
 * Without an analytics URL (brand or env) every call is dropped and nothing loads.
 *
 * **Nothing is lost before it loads:** each buffered call is also written to localStorage
 * (`ANALYTICS_PRELOAD_KEY`, track calls with the time they happened), once at the end of the task
 * that made the calls (one write for a burst, not one per call). When the client runs it takes
 * that journal over — read, applied, removed in one synchronous step, so nothing is applied twice, even
 * by another tab — and its events go out like any other: in batches, or by beacon when the page is
 * hidden. A page that goes before the client has loaded leaves the journal for the next page load,
 * which loads the client when the browser is idle.
 *
 * **Only with consent** (`services/consent.ts`): while the visitor has not accepted analytics every
 * call is dropped — not buffered, not journaled — and the client does not load. Accepting loads it at
 * once (the click is the visitor's first interaction anyway); withdrawing drops what waits here and
 * in the journal and stops the client, which discards its pending events. A later "Accept all" in the
 * same page turns the stopped client back on.
 */

/** Calls kept while the client loads (oldest dropped beyond this). */
export const ANALYTICS_BUFFER_LIMIT = 100
/** localStorage key where @vchat/analytics keeps pending events (`<storageKey>_queue`). */
export const ANALYTICS_QUEUE_KEY = 'vchat_analytics_queue'
/** localStorage key of the calls made before the client was loaded (see above). */
export const ANALYTICS_PRELOAD_KEY = 'vchat_analytics_preload'
/** Without requestIdleCallback, how long after the first paint a signed-in user's client loads. */
const ANALYTICS_IDLE_FALLBACK_MS = 1500

type Call =
  | { kind: 'track'; event: string; properties: Record<string, unknown> | undefined; time: number }
  | { kind: 'identify'; uid: string | null }
  | { kind: 'status'; status: AnalyticsTrackingStatus }

export interface LazyAnalytics extends AnalyticsService {
  /** Loads the client now (idempotent). Resolves when it runs; never rejects. */
  start(): Promise<void>
  /** Arms the triggers above in a browser page. Returns a function that disarms them. */
  schedule(env: ScheduleEnv): () => void
  /** Whether the client is running. */
  readonly started: boolean
}

export interface ScheduleEnv {
  window: Pick<Window, 'addEventListener' | 'removeEventListener' | 'setTimeout' | 'clearTimeout'> & {
    requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number
    cancelIdleCallback?: (handle: number) => void
  }
  document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>
  /** localStorage-like; read once, synchronously. */
  storage: { getItem(key: string): string | null } | null
}

export interface LazyAnalyticsOptions {
  /** Receiver base URL; '' = analytics off. */
  baseUrl: string
  logger: Logger
  /** Loads and creates the real client (tests pass a fake). */
  load?: (options: Pick<AnalyticsRuntimeOptions, 'baseUrl' | 'logger'>) => Promise<Pick<AnalyticsRuntime, 'track' | 'identify' | 'setTrackingStatus' | 'trackingStatus'>>
  /** Where calls made before the client loads are journaled (localStorage); null = memory only. */
  storage?: JournalStorage | null
  /** Defaults to Date.now. */
  now?: () => number
  /** The cookie choice: nothing is recorded or loaded unless it is `'all'`. */
  consent: Pick<ConsentService, 'get' | 'subscribe'>
}

type JournalStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

function readJournal(storage: JournalStorage): Call[] {
  const raw = storage.getItem(ANALYTICS_PRELOAD_KEY)
  if (!raw) return []
  try {
    const parsed = JSON.parse(raw) as unknown
    return Array.isArray(parsed) ? (parsed as Call[]) : []
  } catch {
    return []
  }
}

/** Whether calls of an earlier page (or another tab) wait in the journal. */
export function hasJournaledCalls(stored: string | null): boolean {
  if (!stored) return false
  try {
    const parsed = JSON.parse(stored) as unknown
    return Array.isArray(parsed) && parsed.length > 0
  } catch {
    return false
  }
}

/** Drops null / undefined values (the client refuses a whole event for one of them). */
function cleanProperties(properties: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(properties ?? {})) if (value !== undefined && value !== null) out[key] = value
  return out
}

/** Whether the stored queue (`{ pending: [...], sentIds: [...] }`) holds events of an earlier page. */
export function hasPendingEvents(stored: string | null): boolean {
  if (!stored) return false
  try {
    const parsed = JSON.parse(stored) as { pending?: unknown }
    return Array.isArray(parsed.pending) && parsed.pending.length > 0
  } catch {
    return false
  }
}

const defaultLoad: NonNullable<LazyAnalyticsOptions['load']> = async (options) => {
  const { createAnalyticsRuntime } = await import('./analyticsRuntime')
  return createAnalyticsRuntime({ ...options, document, window })
}

export function createLazyAnalytics(options: LazyAnalyticsOptions): LazyAnalytics {
  const enabled = options.baseUrl.trim() !== ''
  const load = options.load ?? defaultLoad
  let runtime: Pick<AnalyticsRuntime, 'track' | 'identify' | 'setTrackingStatus' | 'trackingStatus'> | null = null
  let loading: Promise<void> | null = null
  const storage = options.storage ?? null
  const now = options.now ?? Date.now
  /** Calls waiting for the client; `journaled` when the call is also in the stored journal. */
  const buffer: { call: Call; journaled: boolean }[] = []
  const warn = (what: string, error: unknown) => options.logger.warn(what, { reason: error instanceof Error ? error.message : String(error) })
  const allowed = () => tracksWith(options.consent.get())

  function apply(target: NonNullable<typeof runtime>, call: Call): void {
    // Props are typed loosely at the app boundary; the client validates them (SPEC §5).
    if (call.kind === 'track') target.track(call.event, cleanProperties(call.properties) as Parameters<AnalyticsRuntime['track']>[1], call.time)
    else if (call.kind === 'identify') target.identify(call.uid)
    else target.setTrackingStatus(call.status)
  }

  let journalScheduled = false

  /**
   * Writes the buffered calls not yet in the journal, in one read and one write. Runs once at the end
   * of a task that buffered calls (a burst of calls costs one write, not one per call), so a reload
   * or another tab never sees the journal without them. After a takeover the buffer is empty: a
   * write still scheduled then finds nothing to do.
   */
  function writeJournal(): void {
    journalScheduled = false
    if (!storage) return
    const unsaved = buffer.filter((entry) => !entry.journaled)
    if (unsaved.length === 0) return
    try {
      const calls = [...readJournal(storage), ...unsaved.map((entry) => entry.call)].slice(-ANALYTICS_BUFFER_LIMIT)
      storage.setItem(ANALYTICS_PRELOAD_KEY, JSON.stringify(calls))
      for (const entry of unsaved) entry.journaled = true
    } catch {
      // Quota, privacy mode, or properties that are not JSON: kept in memory only.
    }
  }

  function scheduleJournal(): void {
    if (!storage || journalScheduled) return
    journalScheduled = true
    queueMicrotask(writeJournal)
  }

  /** The journal (every page's and tab's calls) plus what could not be journaled, emptied at once. */
  function takeOver(): Call[] {
    let stored: Call[] | null = null
    if (storage) {
      try {
        stored = readJournal(storage)
        storage.removeItem(ANALYTICS_PRELOAD_KEY)
      } catch {
        stored = null
      }
    }
    const mine = buffer.splice(0)
    // Unreadable journal: ours from memory (another tab's stay for the next page load).
    if (stored === null) return mine.map((entry) => entry.call)
    return [...stored, ...mine.filter((entry) => !entry.journaled).map((entry) => entry.call)]
  }

  function enqueue(call: Call): void {
    if (!enabled || !allowed()) return
    if (runtime) {
      try {
        apply(runtime, call)
      } catch (error) {
        warn('analytics call failed', error)
      }
      return
    }
    buffer.push({ call, journaled: false })
    if (buffer.length > ANALYTICS_BUFFER_LIMIT) buffer.shift()
    scheduleJournal()
  }

  /** Drops every call waiting here or in the journal (consent withdrawn). */
  function forget(): void {
    buffer.splice(0)
    try {
      storage?.removeItem(ANALYTICS_PRELOAD_KEY)
    } catch {
      // Storage unreachable: nothing of ours can be read from it either.
    }
  }

  function start(): Promise<void> {
    if (!enabled || !allowed()) return Promise.resolve()
    loading ??= load({ baseUrl: options.baseUrl, logger: options.logger }).then(
      (loaded) => {
        runtime = loaded
        if (!allowed()) {
          // Withdrawn while the client loaded.
          forget()
          loaded.setTrackingStatus('stop')
          return
        }
        // An earlier withdrawal is kept by the client (its cookie): consent now means on.
        if (loaded.trackingStatus() === 'stop') loaded.setTrackingStatus('normal')
        for (const call of takeOver()) enqueue(call)
      },
      (error: unknown) => {
        // A failed chunk download is retried by the next trigger; the buffer is kept.
        loading = null
        warn('analytics unavailable', error)
      },
    )
    return loading
  }

  options.consent.subscribe((choice) => {
    if (!enabled) return
    if (tracksWith(choice)) {
      if (runtime) runtime.setTrackingStatus('normal')
      else void start()
      return
    }
    forget()
    runtime?.setTrackingStatus('stop')
  })

  return {
    get started() {
      return runtime !== null
    },
    track(event, properties) {
      enqueue({ kind: 'track', event, properties, time: now() })
    },
    identify(uid) {
      enqueue({ kind: 'identify', uid })
      if (uid !== null) void start()
    },
    setTrackingStatus(status) {
      enqueue({ kind: 'status', status })
    },
    start,
    schedule({ window: win, document: doc, storage }) {
      if (!enabled) return () => {}
      let read = (_key: string): string | null => null
      if (storage) read = (key) => {
        try {
          return storage.getItem(key)
        } catch {
          return null
        }
      }
      const signedIn = read(SESSION_MARKER_KEY) === 'true'
      const pending = hasPendingEvents(read(ANALYTICS_QUEUE_KEY)) || hasJournaledCalls(read(ANALYTICS_PRELOAD_KEY))
      const cleanups: (() => void)[] = []
      const disarm = () => cleanups.splice(0).forEach((cleanup) => cleanup())
      const go = () => {
        disarm()
        void start()
      }
      if (signedIn || pending) {
        if (win.requestIdleCallback) {
          const handle = win.requestIdleCallback(go, { timeout: 5000 })
          cleanups.push(() => win.cancelIdleCallback?.(handle))
        } else {
          const handle = win.setTimeout(go, ANALYTICS_IDLE_FALLBACK_MS)
          cleanups.push(() => win.clearTimeout(handle))
        }
      }
      for (const type of ['pointerdown', 'keydown', 'touchstart', 'scroll'] as const) {
        win.addEventListener(type, go, { once: true, passive: true, capture: true })
        cleanups.push(() => win.removeEventListener(type, go, { capture: true }))
      }
      const onVisibility = () => {
        if (doc.visibilityState === 'hidden') go()
      }
      doc.addEventListener('visibilitychange', onVisibility)
      cleanups.push(() => doc.removeEventListener('visibilitychange', onVisibility))
      return disarm
    },
  }
}
