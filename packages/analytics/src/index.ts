export {
  AnalyticsSendTimeoutError,
  clampBatchSize,
  createAnalytics,
  eventDurationSeconds,
} from './analyticsClient'
export { AnalyticsHttpError, createFetchTransport, encodeBatch } from './fetchTransport'
export type { FetchTransportOptions } from './fetchTransport'
export type { PersistedState } from './persistence'
export type {
  AnalyticsClient,
  AnalyticsEvent,
  AnalyticsEventType,
  AnalyticsOptions,
  AnalyticsResult,
  AnalyticsStats,
  AnalyticsTimers,
  AnalyticsTransport,
  KeyValueStorage,
  SendOptions,
  TrackingStatus,
} from './types'
export {
  isValidPropertyValue,
  validateAppendValues,
  validateCounterValues,
  validateEventName,
  validateProperties,
  validatePropertyName,
  validateUserId,
} from './validation'
export type { Properties, PropertyValue, ValidationError } from './validation'
export {
  DEFAULT_BATCH_SIZE,
  DEFAULT_FLUSH_INTERVAL_MS,
  DEFAULT_MAX_PER_SEND,
  DEFAULT_QUEUE_CAP,
  DEFAULT_RETRIES,
  DEFAULT_SEND_TIMEOUT_MS,
  DEFAULT_STORAGE_KEY,
  DURATION_PROPERTY,
  MAX_BATCH_SIZE,
  MAX_EVENT_DURATION_SECONDS,
  MAX_NAME_LENGTH,
  MAX_USER_ID_LENGTH,
  MIN_BATCH_SIZE,
  MIN_USER_ID_LENGTH,
} from './constants'
