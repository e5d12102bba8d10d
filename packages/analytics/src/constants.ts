import type { MessageType } from '@vchat/contract'
/** Values from the product specification (SPEC §5, §9). */

/** SPEC §9: events per batch, within bounds 1–30. */
export const DEFAULT_BATCH_SIZE = 6
export const MIN_BATCH_SIZE = 1
export const MAX_BATCH_SIZE = 30

/** SPEC §9: a batch is sent every 6 s at the latest. */
export const DEFAULT_FLUSH_INTERVAL_MS = 6_000

/** SPEC §9: at most 500 events wait; the oldest are dropped beyond that. */
export const DEFAULT_QUEUE_CAP = 500

/** SPEC §9: at most 50 events per send. */
export const DEFAULT_MAX_PER_SEND = 50

/** SPEC §9: a send times out after 3 s. */
export const DEFAULT_SEND_TIMEOUT_MS = 3_000

/** SPEC §9: 3 retries after a failed send. */
export const DEFAULT_RETRIES = 3

/** SPEC §9: an event duration is capped at 86 400 s. */
export const MAX_EVENT_DURATION_SECONDS = 86_400

/** SPEC §5: event and property names are at most 50 characters. */
export const MAX_NAME_LENGTH = 50

/** SPEC §5: a user (account) id is 1–63 characters. */
export const MIN_USER_ID_LENGTH = 1
export const MAX_USER_ID_LENGTH = 63

/** Key under which the client persists its state in the injected storage. */
export const DEFAULT_STORAGE_KEY = 'vchat_analytics'

/** Name of the preset property that carries a timed event's duration (seconds). */
export const DURATION_PROPERTY = '#duration'

/** SPEC §9: the analytics SDK keeps its identity for about 73 000 days (cookie / storage expiry). */
export const STORAGE_EXPIRY_DAYS = 73_000

/** Receiver paths (SPEC §7: a sync path and a debug path), appended to the analytics base URL. */
export const SYNC_PATH = '/sync'
export const DEBUG_PATH = '/debug'

/**
 * Longest GET (image) URL we build; a longer batch goes through the POST fallback instead.
 * Our choice: stays under the common 8 KiB request-line limit of servers and proxies.
 */
export const MAX_GET_URL_LENGTH = 8_000

/** SPEC §4: page show and hide events on visibility change. */
export const PAGE_SHOW_EVENT = 'page_show'
export const PAGE_HIDE_EVENT = 'page_hide'

/**
 * Ids of events already handed to a beacon, kept with the persisted queue so that a reload never
 * sends them again. Our choice: the queue cap plus one send's worth (500 + 50), rounded up.
 */
export const SENT_IDS_CAP = 600

/**
 * SPEC §3 message type 100: attribution_refresh. A literal tied to the contract's number by the
 * compiler, not a value import: the analytics client is on the landing page, and importing the wire
 * table there would ship all of it to every visitor.
 */
export const ATTRIBUTION_REFRESH_MESSAGE_TYPE = 100 satisfies (typeof MessageType)['AttributionRefresh']

/** SPEC §9: the tracking heartbeat header is at most 1024 bytes ... */
export const TRACKING_HEADER_MAX_BYTES = 1_024
/** ... and is stored for 30 days. */
export const TRACKING_HEADER_TTL_MS = 30 * 24 * 60 * 60 * 1_000

/** Storage keys of the adapters (our choice). */
export const ATTRIBUTION_STORAGE_KEY = 'vchat_attribution'
export const DEVICE_ID_STORAGE_KEY = 'vchat_device_id'
