/**
 * The analytics client's options resolved into settings: defaults, the SPEC §9 bounds and checks of
 * the numbers a caller passes. It exists so that the client itself reads settled values only, and a
 * bad option fails when the client is created rather than at the first send.
 */
import { nanoid } from 'nanoid'
import {
  DEFAULT_BATCH_SIZE,
  DEFAULT_FLUSH_INTERVAL_MS,
  DEFAULT_MAX_PER_SEND,
  DEFAULT_QUEUE_CAP,
  DEFAULT_RETRIES,
  DEFAULT_SEND_TIMEOUT_MS,
  DEFAULT_STORAGE_KEY,
  MAX_BATCH_SIZE,
  MIN_BATCH_SIZE,
} from './constants'
import type { AnalyticsOptions, AnalyticsTimers, KeyValueStorage } from './types'

/** SPEC §9: batch size bounds 1–30; out-of-range values are clamped, fractions rounded. */
export function clampBatchSize(size: number): number {
  if (!Number.isFinite(size)) return DEFAULT_BATCH_SIZE
  return Math.min(MAX_BATCH_SIZE, Math.max(MIN_BATCH_SIZE, Math.round(size)))
}

function platformTimers(): AnalyticsTimers {
  return {
    setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof clearTimeout>[0]),
    setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
    clearInterval: (handle) =>
      globalThis.clearInterval(handle as Parameters<typeof clearInterval>[0]),
  }
}

function positiveInteger(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(`${name} must be a positive integer, got ${String(value)}`)
  }
  return value
}

/** `AnalyticsOptions` with every default applied and every number checked. */
export interface ClientSettings {
  readonly queueStorage: KeyValueStorage
  readonly timers: AnalyticsTimers
  readonly now: () => number
  readonly createId: () => string
  readonly reportError: (error: unknown) => void
  readonly strict: boolean
  readonly storageKey: string
  /** Where pending events are kept: `<storageKey>_queue`. */
  readonly queueKey: string
  readonly batchSize: number
  readonly flushIntervalMs: number
  readonly queueCap: number
  readonly maxPerSend: number
  readonly sendTimeoutMs: number
  readonly retries: number
}

/** Throws a RangeError for a number out of its bounds (batch size is clamped instead). */
export function resolveClientSettings(options: AnalyticsOptions): ClientSettings {
  const queueStorage = options.queueStorage ?? options.storage
  const timers = options.timers ?? platformTimers()
  const now = options.now ?? (() => Date.now())
  // nanoid rather than crypto.randomUUID: the latter exists only in secure contexts (https, localhost).
  const createId = options.createId ?? (() => nanoid())
  const reportError = (error: unknown): void => options.onError?.(error)
  const strict = options.strict ?? false
  const storageKey = options.storageKey ?? DEFAULT_STORAGE_KEY
  const queueKey = `${storageKey}_queue`
  const batchSize = clampBatchSize(options.batchSize ?? DEFAULT_BATCH_SIZE)
  const flushIntervalMs = positiveInteger(
    options.flushIntervalMs,
    DEFAULT_FLUSH_INTERVAL_MS,
    'flushIntervalMs',
  )
  const queueCap = positiveInteger(options.queueCap, DEFAULT_QUEUE_CAP, 'queueCap')
  const maxPerSend = positiveInteger(options.maxPerSend, DEFAULT_MAX_PER_SEND, 'maxPerSend')
  const sendTimeoutMs = positiveInteger(options.sendTimeoutMs, DEFAULT_SEND_TIMEOUT_MS, 'sendTimeoutMs')
  const retries = options.retries ?? DEFAULT_RETRIES
  if (!Number.isInteger(retries) || retries < 0) {
    throw new RangeError(`retries must be a non-negative integer, got ${String(retries)}`)
  }
  return {
    queueStorage,
    timers,
    now,
    createId,
    reportError,
    strict,
    storageKey,
    queueKey,
    batchSize,
    flushIntervalMs,
    queueCap,
    maxPerSend,
    sendTimeoutMs,
    retries,
  }
}
