export * from './contract'
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
export { endpoint, endpoints, fixedEndpoint, type EndpointDefinition, type EndpointName, type Endpoints } from './endpoints'
export { parseQuery, stringifyQuery } from './query'
export { retryDelayMs, shouldRetry, type RetryDelayMode } from './retry'
export { isTokenExpiring } from './token'
export { fileExtension, uploadFileName, withImageQuality } from './images'
export { PUBLIC_HOSTS_LIMIT, PUBLIC_HOSTS_PATH, fetchPublicHosts, publicHostsUrl, type PublicHostsOptions } from './publicHosts'
export {
  createDeviceInfo,
  deviceModelFromUserAgent,
  platformFromUserAgent,
  timezoneOffsetMinutes,
  type DeviceEnvironment,
} from './deviceInfo'
