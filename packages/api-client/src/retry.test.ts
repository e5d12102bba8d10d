import { AxiosError, CanceledError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios'
import { describe, expect, it } from 'vitest'
import { retryDelayMs, shouldRetry } from './retry'

function axiosError(options: { code?: string; status?: number; method?: string; signedIn?: boolean }): AxiosError {
  const config = { method: options.method ?? 'get', headers: options.signedIn ? { Authorization: 'Bearer token-1' } : {} } as InternalAxiosRequestConfig
  const response =
    options.status === undefined
      ? undefined
      : ({ status: options.status, data: {}, headers: {}, statusText: '', config } as AxiosResponse)
  return new AxiosError('failed', options.code, config, {}, response)
}

describe('retryDelayMs', () => {
  it('is 0 without exponential mode', () => {
    expect(retryDelayMs(1, 'none', () => 0.9)).toBe(0)
    expect(retryDelayMs(3, 'none', () => 0.9)).toBe(0)
  })

  it('doubles from 100 ms per attempt', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 'exponential', () => 0))).toEqual([100, 200, 400, 800])
  })

  it('adds up to 20% jitter', () => {
    expect(retryDelayMs(1, 'exponential', () => 0.5)).toBeCloseTo(110)
    expect(retryDelayMs(2, 'exponential', () => 0.999999)).toBeCloseTo(240, 3)
    expect(retryDelayMs(3, 'exponential', () => 1)).toBeLessThanOrEqual(480)
  })
})

describe('shouldRetry', () => {
  it('retries a signed-in POST answered 5xx only when replay-safe POSTs are allowed; never a visitor POST', () => {
    const replaySafe = { replaySafeSignedInPosts: true }
    expect(shouldRetry(axiosError({ status: 503, method: 'post', signedIn: true }), replaySafe)).toBe(true)
    expect(shouldRetry(axiosError({ status: 503, method: 'post', signedIn: true }))).toBe(false)
    expect(shouldRetry(axiosError({ status: 503, method: 'post' }), replaySafe)).toBe(false)
    expect(shouldRetry(axiosError({ status: 429, method: 'post', signedIn: true }), replaySafe)).toBe(false)
    expect(shouldRetry(axiosError({ code: 'ECONNABORTED', method: 'post', signedIn: true }), replaySafe)).toBe(false)
  })

  it('retries 500–599 on idempotent methods only', () => {
    for (const method of ['get', 'head', 'options', 'put', 'delete']) {
      expect(shouldRetry(axiosError({ status: 503, method }))).toBe(true)
    }
    expect(shouldRetry(axiosError({ status: 500, method: 'post' }))).toBe(false)
    expect(shouldRetry(axiosError({ status: 599, method: 'get' }))).toBe(true)
    expect(shouldRetry(axiosError({ status: 404, method: 'get' }))).toBe(false)
    expect(shouldRetry(axiosError({ status: 429, method: 'get' }))).toBe(false)
  })

  it('retries network errors on any method', () => {
    expect(shouldRetry(axiosError({ code: 'ECONNRESET', method: 'post' }))).toBe(true)
    expect(shouldRetry(axiosError({ code: 'ECONNREFUSED', method: 'post' }))).toBe(true)
    expect(shouldRetry(axiosError({ code: 'ERR_NETWORK', method: 'get' }))).toBe(true)
  })

  it('never retries time-outs, cancellations, certificate or host-name errors', () => {
    for (const code of [
      'ECONNABORTED',
      'ETIMEDOUT',
      'ENOTFOUND',
      'CERT_HAS_EXPIRED',
      'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      'ERR_TLS_CERT_ALTNAME_INVALID',
    ]) {
      expect(shouldRetry(axiosError({ code, method: 'get' })), code).toBe(false)
    }
    expect(shouldRetry(new CanceledError())).toBe(false)
  })
})
