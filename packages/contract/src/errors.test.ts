import { describe, expect, it } from 'vitest'
import { LOGIN_THROTTLED, LOGIN_THROTTLED_STATUS, type LoginThrottledEnvelope } from './index.ts'
import { errorSchemas } from './schemas.ts'

describe('error codes', () => {
  it('answers a throttled login with 429 and a body carrying LOGIN_THROTTLED and the whole seconds to wait', () => {
    expect(LOGIN_THROTTLED_STATUS).toBe(429)
    const body: LoginThrottledEnvelope = { result: 0, data: null, msg: 'too many failed logins: try again in 30 s', code: LOGIN_THROTTLED, retryAfterSeconds: 30 }
    expect(errorSchemas.LOGIN_THROTTLED.parse(body)).toEqual(body)
  })

  it('refuses a throttled body without a positive whole number of seconds or with another code', () => {
    const body = { result: 0, data: null, msg: 'wait', code: LOGIN_THROTTLED, retryAfterSeconds: 30 }
    for (const retryAfterSeconds of [0, 1.5, -1, '30']) {
      expect(errorSchemas.LOGIN_THROTTLED.safeParse({ ...body, retryAfterSeconds }).success, String(retryAfterSeconds)).toBe(false)
    }
    expect(errorSchemas.LOGIN_THROTTLED.safeParse({ ...body, code: 'UNAUTHORIZED' }).success).toBe(false)
    const { retryAfterSeconds: _missing, ...withoutSeconds } = body
    expect(errorSchemas.LOGIN_THROTTLED.safeParse(withoutSeconds).success).toBe(false)
  })
})
