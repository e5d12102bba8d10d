import type { Properties, PropertyValue, ValidationError } from './validation'

export type TrackingStatus = 'normal' | 'pause' | 'stop'

export type AnalyticsEventType = 'track' | 'user_set' | 'user_add' | 'user_append'

/** One event as the transport sends it (JSON; Dates become ISO strings). */
export interface AnalyticsEvent {
  readonly type: AnalyticsEventType
  /** Event name, for `track` only. */
  readonly event?: string
  /**
   * The event's insert id, given once when the event is tracked and kept across retries, reloads and
   * beacons, so that a receiver stores each event once (a retried batch, or a POST whose answer was
   * lost and the beacon that followed it). The SPEC names no insert-id field (§4, §9): this one is
   * ours, a nanoid (21 URL-safe characters) unless `createId` is given.
   */
  readonly eventId: string
  /** Milliseconds since the epoch when the event was recorded. */
  readonly time: number
  readonly distinctId: string
  readonly deviceId: string
  readonly accountId?: string
  readonly properties: Readonly<Record<string, PropertyValue>>
}

export interface SendOptions {
  /** The transport should give up (abort) after this long; the client also stops waiting. */
  readonly timeoutMs: number
}

/** Where batches go. Rejecting means "not delivered": the client retries. */
export interface AnalyticsTransport {
  send(events: readonly AnalyticsEvent[], options: SendOptions): Promise<void>
}

/**
 * Sends a batch while the page is going away (`navigator.sendBeacon`). Synchronous: `true` means the
 * browser accepted the data for delivery, `false` that it refused (too large, quota): the events stay
 * queued and persisted.
 */
export interface BeaconSender {
  send(events: readonly AnalyticsEvent[]): boolean
}

/** Outcome of `flushByBeacon()`. */
export interface BeaconFlushResult {
  /** Events handed to the beacon. */
  readonly sent: number
  /** Events still pending (no beacon, or the beacon refused them); they stay persisted. */
  readonly kept: number
  /**
   * Events of the batch whose POST is in flight: not beaconed (the POST may still arrive); they go
   * by beacon only if that POST fails, and stay persisted until one of the two delivers them.
   */
  readonly inFlight: number
}

/** Synchronous key-value storage (localStorage-like). Read failures are treated as "nothing". */
export interface KeyValueStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
}

/** Method syntax on purpose: the platform timer functions fit (their handle types differ). */
export interface AnalyticsTimers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
  setInterval(callback: () => void, ms: number): unknown
  clearInterval(handle: unknown): void
}

export type AnalyticsResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: 'invalid'; readonly errors: readonly ValidationError[] }
  /** Tracking is paused (`pause`) or the user opted out (`stop`). */
  | { readonly ok: false; readonly reason: 'paused' | 'stopped' }

export interface AnalyticsStats {
  /** Events waiting to be sent (not counting a batch in flight), including those loaded at start. */
  readonly queued: number
  /** Events dropped because the queue was full (oldest first). */
  readonly dropped: number
  /** Batches given up after all retries (their events were put back in the queue). */
  readonly failedSends: number
}

export interface AnalyticsOptions {
  transport: AnalyticsTransport
  /** Identity, super properties, timers and the tracking flags (a cookie storage in browsers). */
  storage: KeyValueStorage
  /**
   * Where pending events are persisted so that none is lost across a reload (localStorage in
   * browsers: the queue is too large for a cookie). Defaults to `storage`.
   */
  queueStorage?: KeyValueStorage
  /** Used by `flushByBeacon()` when the page is hidden; without it pending events wait in storage. */
  beacon?: BeaconSender
  timers?: AnalyticsTimers
  /** Milliseconds since the epoch; defaults to `Date.now`. */
  now?: () => number
  /** Unique ids for distinct/device/event ids; defaults to nanoid (works outside secure contexts too). */
  createId?: () => string
  /** Events per batch; clamped to 1–30. Default 6. */
  batchSize?: number
  flushIntervalMs?: number
  queueCap?: number
  maxPerSend?: number
  sendTimeoutMs?: number
  /** Retries after a failed send (so `retries + 1` attempts). Default 3. */
  retries?: number
  /** Also check counter values are numbers and append values arrays. Default false. */
  strict?: boolean
  storageKey?: string
  /** Receives errors the client swallows: failed sends, storage write failures. */
  onError?: (error: unknown) => void
}

export interface TrackOptions {
  /** When the event happened (ms since epoch); never later than now. */
  time?: number
}

export interface AnalyticsClient {
  /**
   * `options.time` (ms since epoch) dates an event that happened earlier, e.g. one recorded by an app
   * before this client was loaded; it defaults to now.
   */
  track(name: string, properties?: Properties, options?: TrackOptions): AnalyticsResult
  userSet(properties: Properties): AnalyticsResult
  /** Adds numbers to counter properties of the user. */
  userAdd(properties: Properties): AnalyticsResult
  /** Appends array items to list properties of the user. */
  userAppend(properties: Properties): AnalyticsResult
  /** Sets the account id (SPEC §5: 1–63 characters), persisted. */
  identify(accountId: string): AnalyticsResult
  /** Forgets the account id. */
  logout(): void
  /** Merges properties sent with every `track`; persisted. */
  setSuperProperties(properties: Properties): AnalyticsResult
  unsetSuperProperty(name: string): void
  clearSuperProperties(): void
  getSuperProperties(): Readonly<Record<string, PropertyValue>>
  /** Starts timing an event; the next `track(name)` carries `#duration` in seconds. */
  timeEvent(name: string): AnalyticsResult
  setTrackingStatus(status: TrackingStatus): void
  getTrackingStatus(): TrackingStatus
  getDistinctId(): string
  getDeviceId(): string
  getAccountId(): string | undefined
  /** Sends everything queued now, in batches of at most `maxPerSend`. Never rejects. */
  flush(): Promise<void>
  /**
   * For page hide: hands every pending event (queued and in flight) to the beacon, in sends of at
   * most `maxPerSend`, synchronously. Events the beacon took are remembered by id and never sent
   * again by this client, also after a reload; the others stay persisted. Never throws.
   */
  flushByBeacon(): BeaconFlushResult
  getStats(): AnalyticsStats
  /** Stops the flush interval. Queued events stay in memory; call `flush()` first to send them. */
  shutdown(): void
}
