/** The contract's HTTP types, endpoint table and constants, re-exported so a caller of the client needs one import. */
export * from '@vchat/contract/http'
export * from './constants'
export { ApiError, isApiError, type ApiErrorCode, type ApiErrorDetails } from './errors'
export {
  createApiClient,
  createRequestId,
  isHttpSuccess,
  type ApiClient,
  type ApiClientOptions,
  type ApiLogger,
  type BackendErrorResponse,
  type EndpointMethods,
  type HttpRequest,
  type HttpResponse,
  type RequestOptions,
} from './createApiClient'
export { parseQuery, stringifyQuery } from './query'
export type { ParsedQuery } from './query'
export { retryDelayMs, shouldRetry, type RetryDelayMode, type RetryRules } from './retry'
export { isTokenExpiring } from './token'
export { fileExtension, uploadFileName, withImageQuality } from './images'
export { fetchPublicHosts, publicHostsUrl, type PublicHostsOptions } from './publicHosts'
export {
  createDeviceInfo,
  deviceModelFromUserAgent,
  platformFromUserAgent,
  timezoneOffsetMinutes,
  type DeviceEnvironment,
} from './deviceInfo'
