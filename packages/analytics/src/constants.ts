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
