export {
  AnalyticsSendTimeoutError,
  clampBatchSize,
  createAnalytics,
  eventDurationSeconds,
} from './analyticsClient'
export { AnalyticsHttpError, createFetchTransport, encodeBatch } from './fetchTransport'
export type { FetchTransportOptions } from './fetchTransport'
export type { PersistedQueue, PersistedState } from './persistence'
export { analyticsUrl, createHttpTransport } from './endpoint'
export type { AnalyticsUrlOptions, HttpTransportOptions } from './endpoint'
export {
  AnalyticsImageError,
  AnalyticsUrlTooLongError,
  batchUrl,
  createImageTransport,
} from './imageTransport'
export type { ImageLike, ImageTransportOptions } from './imageTransport'
export { createBeaconSender } from './beaconSender'
export type { BeaconSenderOptions, SendBeacon } from './beaconSender'
export { attachPageLifecycle } from './pageLifecycle'
export type { LifecycleDocument, LifecycleWindow, PageLifecycleOptions } from './pageLifecycle'
export { CookieTooLargeError, MAX_COOKIE_BYTES, createCookieStorage } from './cookieStorage'
export type { CookieDocument, CookieStorageOptions } from './cookieStorage'
export {
  ATTRIBUTION_REFRESH_TIMEOUT_MS,
  AttributionTimeoutError,
  createAttribution,
} from './attribution/attribution'
export type { Attribution, AttributionOptions } from './attribution/attribution'
export { encodeTrackingHeader, truncateEncoded } from './attribution/trackingHeader'
export {
  AttributionSdkUnavailableError,
  VENDOR_ATTRIBUTION_SDK_INTEGRITY,
  VENDOR_ATTRIBUTION_SDK_URL,
  VENDOR_ATTRIBUTION_SDK_VERSION,
  loadVendorAttributionSdk,
} from './attribution/vendorSdk'
export type { VendorAttributionSdkOptions } from './attribution/vendorSdk'
export type {
  AttributionEnvironment,
  AttributionInfo,
  AttributionSdk,
  AttributionSnapshot,
  ScriptLoader,
} from './attribution/types'
export { createDeviceId } from './deviceId/deviceId'
export type { DeviceId, DeviceIdOptions, DeviceIdProvider, DeviceIdSource } from './deviceId/deviceId'
export { createFingerprintProvider } from './deviceId/fingerprintProvider'
export type { FingerprintLibrary, FingerprintProviderOptions } from './deviceId/fingerprintProvider'
export type {
  AnalyticsClient,
  TrackOptions,
  AnalyticsEvent,
  AnalyticsEventType,
  AnalyticsOptions,
  AnalyticsResult,
  AnalyticsStats,
  AnalyticsTimers,
  AnalyticsTransport,
  BeaconFlushResult,
  BeaconSender,
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
  ATTRIBUTION_REFRESH_MESSAGE_TYPE,
  ATTRIBUTION_STORAGE_KEY,
  DEBUG_PATH,
  DEFAULT_BATCH_SIZE,
  DEFAULT_FLUSH_INTERVAL_MS,
  DEFAULT_MAX_PER_SEND,
  DEFAULT_QUEUE_CAP,
  DEFAULT_RETRIES,
  DEFAULT_SEND_TIMEOUT_MS,
  DEFAULT_STORAGE_KEY,
  DEVICE_ID_STORAGE_KEY,
  DURATION_PROPERTY,
  MAX_BATCH_SIZE,
  MAX_EVENT_DURATION_SECONDS,
  MAX_GET_URL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_USER_ID_LENGTH,
  MIN_BATCH_SIZE,
  MIN_USER_ID_LENGTH,
  PAGE_HIDE_EVENT,
  PAGE_SHOW_EVENT,
  SENT_IDS_CAP,
  STORAGE_EXPIRY_DAYS,
  SYNC_PATH,
  TRACKING_HEADER_MAX_BYTES,
  TRACKING_HEADER_TTL_MS,
} from './constants'
