import { REQUEST_TIMEOUT_MS } from './constants'
import { PUBLIC_HOSTS_PATH, RESULT_OK, type PublicHostsRequest, type PublicHostsResponse, type ResponseEnvelope } from '@vchat/contract'
import { ApiError } from './errors'

/*
 * The public host wall (PUBLIC_HOSTS_PATH in @vchat/contract) is asked with fetch, not the product
 * client, so a visitor's first page can show live faces without downloading axios and the envelope
 * (~36 KB gzip, a quarter of the landing budget).
 */

export interface PublicHostsOptions {
  signal?: AbortSignal
  /** Defaults to the global fetch (tests pass their own). */
  fetch?: typeof fetch
  /** Defaults to REQUEST_TIMEOUT_MS (SPEC §9). */
  timeoutMs?: number
}

/** The URL of the public wall on an API origin (`baseUrl` without a trailing slash is fine either way). */
export function publicHostsUrl(baseUrl: string, request: PublicHostsRequest = {}): string {
  const query = request.language === undefined ? '' : `?language=${encodeURIComponent(request.language)}`
  return `${baseUrl.replace(/\/+$/, '')}${PUBLIC_HOSTS_PATH}${query}`
}

/**
 * Asks the public wall. Fails with the same `ApiError` codes as the product client: NETWORK_ERROR,
 * TIMEOUT, CANCELLED, HTTP_ERROR (with the server's message) and BACKEND_ERROR.
 */
export async function fetchPublicHosts(baseUrl: string, request: PublicHostsRequest = {}, options: PublicHostsOptions = {}): Promise<PublicHostsResponse> {
  const details = { path: PUBLIC_HOSTS_PATH, requestId: '' }
  const url = publicHostsUrl(baseUrl, request)
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS)
  const abort = () => controller.abort()
  options.signal?.addEventListener('abort', abort, { once: true })
  try {
    if (options.signal?.aborted) throw new ApiError('CANCELLED', 'request cancelled', details)
    let response: Response
    try {
      response = await (options.fetch ?? fetch)(url, {
        method: 'GET',
        headers: { accept: 'application/json' },
        signal: controller.signal,
        credentials: 'omit',
      })
    } catch (cause) {
      if (timedOut) throw new ApiError('TIMEOUT', 'request timed out', { ...details, cause })
      if (controller.signal.aborted) throw new ApiError('CANCELLED', 'request cancelled', { ...details, cause })
      throw new ApiError('NETWORK_ERROR', 'network error', { ...details, cause })
    }
    const body = (await response.json().catch(() => null)) as ResponseEnvelope<PublicHostsResponse | null> | null
    if (!response.ok) {
      throw new ApiError('HTTP_ERROR', `HTTP ${response.status}`, {
        ...details,
        status: response.status,
        ...(typeof body?.msg === 'string' ? { serverMessage: body.msg } : {}),
      })
    }
    if (!body || body.result !== RESULT_OK || !body.data || !Array.isArray(body.data.list)) {
      throw new ApiError('BACKEND_ERROR', 'the backend request error', { ...details, status: response.status, ...(typeof body?.result === 'number' ? { result: body.result } : {}) })
    }
    return body.data
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', abort)
  }
}
