import axios, { isAxiosError, isCancel, type AxiosInstance, type AxiosRequestConfig, type Method } from 'axios'
import axiosRetry from 'axios-retry'
import { nanoid } from 'nanoid'
import {
  BACKEND_ERROR_MESSAGE,
  DEFAULT_RETRIES,
  DEFAULT_ROLE,
  HTTP_NOT_MODIFIED,
  ORDER_CREATION_PATH,
  REQUEST_ID_LENGTH,
  REQUEST_TIMEOUT_MS,
  UPLOAD_PATH,
} from './constants'
import {
  LOGIN_THROTTLED,
  LOGIN_THROTTLED_STATUS,
  RESULT_OK,
  type ClientInfo,
  type DeviceInfo,
  type EnvelopeUserInfo,
  type RequestEnvelope,
  type ResponseEnvelope,
  type UploadImageRequest,
  type UploadImageResponse,
  endpoints,
  type EndpointDefinition,
  type EndpointName,
  type Endpoints,
} from '@vchat/contract'
import { ApiError, errorCodeOf, retryAfterSecondsOf, type ApiErrorCode } from './errors'
import { uploadFileName } from './images'
import { stringifyQuery } from './query'
import { isTimeoutError, retryDelayMs, shouldRetry, type RetryDelayMode } from './retry'
import { isTokenExpiring } from './token'

export interface ApiLogger {
  warn(message: string): void
  error(message: string): void
}

/** Per-call options: a caller-chosen request id (for `cancel`) and/or an AbortSignal. */
export interface RequestOptions {
  requestId?: string
  signal?: AbortSignal
}

/** What the failure hook sees besides the error: the answer that carried the rejected result. */
export interface BackendErrorResponse {
  path: string
  requestId: string
  status: number
  body: unknown
}

export interface ApiClientOptions {
  /** Product API origin, e.g. http://localhost:8787 */
  baseURL: string
  clientInfo: ClientInfo
  /** Read on every call; fbp/fbc are stripped except for order creation. */
  getDeviceInfo(): DeviceInfo
  /** The signed-in user, or null for a visitor (sent as empty id/jid/vcToken, role 2). */
  getUser(): EnvelopeUserInfo | null
  /**
   * SPEC §8 failure hook: offered every BACKEND_ERROR first. Return a promise to recover (the call
   * resolves or rejects with it); return undefined to let the error through.
   */
  onBackendError?: (error: ApiError, response: BackendErrorResponse) => Promise<unknown> | undefined
  /** Where warnings and errors go (default console). Tokens are never logged. */
  logger?: ApiLogger
  /** Milliseconds (default 10000). */
  timeout?: number
  /** Retries after the first attempt (default 3). */
  retries?: number
  /** 'none' (default) or 'exponential' (100 ms doubled per attempt, up to 20% jitter). */
  retryDelay?: RetryDelayMode
  /**
   * Retry 500–599 on signed-in product calls too (default false: SPEC §8's rule alone). For servers
   * that answer a repeated X-Request-Id with the first answer, as the contract's replay rule says.
   */
  retryReplaySafeCalls?: boolean
  /** Jitter source for exponential delays (default Math.random). */
  random?: () => number
  /** When the signed-in user's vcToken expires (ms since epoch), if known. */
  getTokenExpiresAt?: () => number | null | undefined
  /**
   * Called once per expiry time when a call is made with less than 1 hour of token life left (or
   * none), so the app can sign in again or sign out. The call itself still goes out.
   */
  onTokenExpiring?: (info: { expiresAt: number; now: number }) => void
  /** Clock (default Date.now). */
  now?: () => number
  /** Origin of the image host that takes uploads at `/upload` (default `baseURL`). */
  imageHostURL?: string
  /** Random bytes for upload file names (default crypto.getRandomValues). */
  randomBytes?: (length: number) => Uint8Array
  /** Axios adapter override (tests and unusual runtimes only). */
  adapter?: AxiosRequestConfig['adapter']
}

export interface HttpRequest extends RequestOptions {
  method?: Method
  path: string
  params?: unknown
  data?: unknown
}

export interface HttpResponse<T> {
  status: number
  data: T
  requestId: string
}

type EndpointMethod<D> =
  D extends EndpointDefinition<infer P, infer R, unknown>
    ? [P] extends [void]
      ? (options?: RequestOptions) => Promise<R>
      : (params: P, options?: RequestOptions) => Promise<R>
    : never

/** One typed method per row of the endpoint table. */
export type EndpointMethods = { [K in EndpointName]: EndpointMethod<Endpoints[K]> }

export interface ApiClient extends EndpointMethods {
  /** A product call: POST with the envelope; resolves with `data` when `result === 1`. */
  call<TResponse, TData = unknown>(path: string, data: TData, options?: RequestOptions): Promise<TResponse>
  /** A plain HTTP request (headers, time-out, retry, cancel) without envelope or result check. */
  http<T = unknown>(request: HttpRequest): Promise<HttpResponse<T>>
  /**
   * SPEC §7 image upload: multipart POST to `{imageHostURL}/upload` with token (the vcToken),
   * filename (32 random hex characters + the original extension) and file; resolves with the
   * host's `url`. `onProgress` reports the bytes sent.
   */
  uploadImage(request: UploadImageRequest, options?: RequestOptions): Promise<UploadImageResponse>
  /** Cancel one pending request; false when no request has that id. */
  cancel(requestId: string): boolean
  /** Cancel every pending request; returns how many were cancelled. */
  cancelAll(): number
  /** Ids of the requests in flight. */
  pendingRequestIds(): string[]
}

/** HTTP success: 200–299 or 304 (SPEC §7). */
export function isHttpSuccess(status: number): boolean {
  return (status >= 200 && status < 300) || status === HTTP_NOT_MODIFIED
}

export function createRequestId(): string {
  return nanoid(REQUEST_ID_LENGTH)
}

const VISITOR: EnvelopeUserInfo = { id: '', jid: '', vcToken: '', role: DEFAULT_ROLE }

function isResponseEnvelope(body: unknown): body is ResponseEnvelope {
  return typeof body === 'object' && body !== null && 'result' in body
}

function serverMessageOf(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'msg' in body && typeof body.msg === 'string') {
    return body.msg
  }
  return undefined
}

/** The ApiError code of an HTTP answer outside 200–299/304: the body's contract code when it names one. */
function httpErrorCode(status: number, body: unknown): ApiErrorCode {
  if (status === 401) return 'UNAUTHORIZED'
  if (status === LOGIN_THROTTLED_STATUS && errorCodeOf(body) === LOGIN_THROTTLED) return LOGIN_THROTTLED
  return 'HTTP_ERROR'
}

function toApiError(error: unknown, path: string, requestId: string, now: number): ApiError {
  if (error instanceof ApiError) return error
  if (isCancel(error)) {
    return new ApiError('CANCELLED', `request ${path} was cancelled`, { path, requestId, cause: error })
  }
  if (isAxiosError(error)) {
    if (isTimeoutError(error)) {
      return new ApiError('TIMEOUT', `request ${path} timed out`, { path, requestId, cause: error })
    }
    const response = error.response
    if (response) {
      const serverMessage = serverMessageOf(response.data)
      const suffix = serverMessage === undefined ? '' : `: ${serverMessage}`
      const retryAfterSeconds = retryAfterSecondsOf(response.data, response.headers['retry-after'], now)
      return new ApiError(httpErrorCode(response.status, response.data), `HTTP ${response.status} from ${path}${suffix}`, {
        path,
        requestId,
        status: response.status,
        ...(serverMessage === undefined ? {} : { serverMessage }),
        ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
        cause: error,
      })
    }
    return new ApiError('NETWORK_ERROR', `network error on ${path} (${error.code ?? error.message})`, {
      path,
      requestId,
      cause: error,
    })
  }
  return new ApiError('NETWORK_ERROR', `request ${path} failed`, { path, requestId, cause: error })
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const logger = options.logger ?? console
  const now = options.now ?? Date.now
  const retryDelayMode = options.retryDelay ?? 'none'
  const random = options.random ?? Math.random
  const pending = new Map<string, AbortController>()
  let lastWarnedExpiry: number | undefined

  const instance: AxiosInstance = axios.create({
    baseURL: options.baseURL,
    timeout: options.timeout ?? REQUEST_TIMEOUT_MS,
    validateStatus: isHttpSuccess,
    paramsSerializer: { serialize: stringifyQuery },
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    responseType: 'json',
    ...(options.adapter === undefined ? {} : { adapter: options.adapter }),
  })
  axiosRetry(instance, {
    retries: options.retries ?? DEFAULT_RETRIES,
    retryCondition: (error) => shouldRetry(error, { replaySafeSignedInPosts: options.retryReplaySafeCalls === true }),
    retryDelay: (attempt) => retryDelayMs(attempt, retryDelayMode, random),
  })

  function checkTokenExpiry(user: EnvelopeUserInfo | null): void {
    if (!user?.vcToken || !options.getTokenExpiresAt || !options.onTokenExpiring) return
    const expiresAt = options.getTokenExpiresAt()
    if (expiresAt === null || expiresAt === undefined) return
    const at = now()
    if (isTokenExpiring(expiresAt, at) && lastWarnedExpiry !== expiresAt) {
      lastWarnedExpiry = expiresAt
      options.onTokenExpiring({ expiresAt, now: at })
    }
  }

  async function send<T>(
    request: HttpRequest,
    requestId: string,
    user: EnvelopeUserInfo | null,
    extra: AxiosRequestConfig = {},
  ): Promise<HttpResponse<T>> {
    const controller = new AbortController()
    pending.set(requestId, controller)
    const signal = request.signal ? AbortSignal.any([controller.signal, request.signal]) : controller.signal
    const headers: Record<string, string> = { 'X-Request-Id': requestId }
    if (user?.vcToken) headers.Authorization = `Bearer ${user.vcToken}`
    checkTokenExpiry(user)
    try {
      const response = await instance.request<T>({
        method: request.method ?? 'post',
        url: request.path,
        params: request.params,
        data: request.data,
        signal,
        ...extra,
        headers: { ...headers, ...(extra.headers as Record<string, string> | undefined) },
      })
      return { status: response.status, data: response.data, requestId }
    } catch (error) {
      const apiError = toApiError(error, request.path, requestId, now())
      if (apiError.code !== 'CANCELLED') {
        logger.error(`[api] ${request.path} failed (${apiError.code}, request ${requestId}): ${apiError.message}`)
      }
      throw apiError
    } finally {
      if (pending.get(requestId) === controller) pending.delete(requestId)
    }
  }

  function deviceInfoFor(path: string): DeviceInfo {
    const deviceInfo = options.getDeviceInfo()
    if (path === ORDER_CREATION_PATH) return deviceInfo
    const { fbp: _fbp, fbc: _fbc, ...rest } = deviceInfo
    return rest
  }

  async function call<TResponse, TData = unknown>(
    path: string,
    data: TData,
    requestOptions: RequestOptions = {},
  ): Promise<TResponse> {
    const requestId = requestOptions.requestId ?? createRequestId()
    const user = options.getUser()
    const envelope: RequestEnvelope<TData> = {
      deviceInfo: deviceInfoFor(path),
      clientInfo: options.clientInfo,
      userInfo: user ?? VISITOR,
      data,
    }
    const response = await send<unknown>(
      { method: 'post', path, data: envelope, ...(requestOptions.signal ? { signal: requestOptions.signal } : {}) },
      requestId,
      user,
    )
    const body = response.data
    if (isResponseEnvelope(body) && body.result === RESULT_OK) return body.data as TResponse

    const result = isResponseEnvelope(body) && typeof body.result === 'number' ? body.result : undefined
    logger.warn(
      `[api] ${path} rejected (result ${result ?? 'missing'}, request ${requestId}): ${serverMessageOf(body) ?? 'no msg'}`,
    )
    const error = new ApiError('BACKEND_ERROR', BACKEND_ERROR_MESSAGE, {
      path,
      requestId,
      status: response.status,
      ...(result === undefined ? {} : { result }),
    })
    const recovery = options.onBackendError?.(error, { path, requestId, status: response.status, body })
    if (recovery !== undefined) return (await recovery) as TResponse
    throw error
  }

  async function uploadImage(
    request: UploadImageRequest,
    requestOptions: RequestOptions = {},
  ): Promise<UploadImageResponse> {
    const requestId = requestOptions.requestId ?? createRequestId()
    const user = options.getUser()
    const form = new FormData()
    form.append('token', user?.vcToken ?? '')
    const filename = uploadFileName(request.fileName, options.randomBytes)
    form.append('filename', filename)
    form.append('file', request.file, filename)
    const onProgress = request.onProgress
    const response = await send<unknown>(
      {
        method: 'post',
        path: UPLOAD_PATH,
        data: form,
        ...(requestOptions.signal ? { signal: requestOptions.signal } : {}),
      },
      requestId,
      user,
      {
        baseURL: options.imageHostURL ?? options.baseURL,
        headers: { 'Content-Type': 'multipart/form-data' },
        ...(onProgress
          ? {
              onUploadProgress: (event) =>
                onProgress({
                  loaded: event.loaded,
                  total: event.total,
                  progress: event.total ? Math.min(1, event.loaded / event.total) : undefined,
                }),
            }
          : {}),
      },
    )
    const body = response.data
    if (typeof body === 'object' && body !== null && 'url' in body && typeof body.url === 'string') {
      return { url: body.url }
    }
    logger.warn(`[api] ${UPLOAD_PATH} answered without a url (request ${requestId})`)
    throw new ApiError('BACKEND_ERROR', BACKEND_ERROR_MESSAGE, { path: UPLOAD_PATH, requestId, status: response.status })
  }

  const client = {
    call,
    uploadImage,
    http<T = unknown>(request: HttpRequest): Promise<HttpResponse<T>> {
      return send<T>(request, request.requestId ?? createRequestId(), options.getUser())
    },
    cancel(requestId: string): boolean {
      const controller = pending.get(requestId)
      if (!controller) return false
      controller.abort()
      pending.delete(requestId)
      return true
    },
    cancelAll(): number {
      const controllers = [...pending.values()]
      pending.clear()
      for (const controller of controllers) controller.abort()
      return controllers.length
    },
    pendingRequestIds(): string[] {
      return [...pending.keys()]
    },
  } as ApiClient

  for (const [name, definition] of Object.entries(endpoints) as [EndpointName, EndpointDefinition<unknown, unknown, unknown>][]) {
    const method =
      definition.fixedData === undefined
        ? (params: unknown, requestOptions?: RequestOptions) => call(definition.path, params, requestOptions)
        : (requestOptions?: RequestOptions) => call(definition.path, definition.fixedData, requestOptions)
    // The table drives the methods; their precise types come from EndpointMethods.
    ;(client as unknown as Record<string, unknown>)[name] = method
  }
  return client
}
