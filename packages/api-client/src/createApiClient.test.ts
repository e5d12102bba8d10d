import { afterEach, describe, expect, it, vi } from 'vitest'
import { BACKEND_ERROR_MESSAGE, REQUEST_ID_LENGTH } from './constants'
import { ApiError } from './errors'
import { clientInfo, deviceInfo, makeClient, signedInUser } from './test-utils/fixtures'
import { sendJson, startTestServer, type TestServer } from './test-utils/testServer'

let server: TestServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const ok = (data: unknown) => ({ result: 1, data, msg: 'ok' })

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail')
    },
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

describe('envelope and headers', () => {
  it('wraps the body as deviceInfo, clientInfo, userInfo, data and strips fbp/fbc', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, ok({ maintananceStatus: 0 })))
    const { client } = makeClient(server.url)
    await expect(client.userPwdLogin({ uid: '100001', passwd: 'demo1234' })).resolves.toEqual({
      maintananceStatus: 0,
    })
    const [request] = server.requests
    expect(request?.method).toBe('POST')
    expect(request?.url).toBe('/api/login_service/user_pwd_login')
    const { fbp: _fbp, fbc: _fbc, ...withoutAdIds } = deviceInfo
    expect(request?.body).toEqual({
      deviceInfo: withoutAdIds,
      clientInfo,
      userInfo: signedInUser,
      data: { uid: '100001', passwd: 'demo1234' },
    })
    expect(request?.headers['content-type']).toMatch(/^application\/json/)
  })

  it('keeps fbp/fbc for order creation only', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, ok({})))
    const { client } = makeClient(server.url)
    await client.call('/api/payment_service/create_order', { sku: 'gems_100' })
    const body = server.requests[0]?.body as { deviceInfo: Record<string, unknown> }
    expect(body.deviceInfo.fbp).toBe('fb.1.1')
    expect(body.deviceInfo.fbc).toBe('fb.1.2')
  })

  it('sends fixed data for account and empty data for logout, config and maintenance', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, ok(null)))
    const { client } = makeClient(server.url)
    await client.getAccount()
    await client.logout()
    await client.getConfig()
    await client.getMaintenanceStatus()
    expect(server.requests.map((r) => [r.url, (r.body as { data: unknown }).data])).toEqual([
      ['/api/account_service/account', { action: 1 }],
      ['/api/login_service/logout', {}],
      ['/api/account_service/combine_info', {}],
      ['/api/system_maintenance/maintenance_status', {}],
    ])
  })

  it('sends the Bearer token when signed in and a visitor userInfo without it', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, ok(null)))
    await makeClient(server.url).client.getMaintenanceStatus()
    await makeClient(server.url, {}, null).client.getMaintenanceStatus()
    const [signedIn, visitor] = server.requests
    expect(signedIn?.headers.authorization).toBe(`Bearer ${signedInUser.vcToken}`)
    expect(visitor?.headers.authorization).toBeUndefined()
    expect((visitor?.body as { userInfo: unknown }).userInfo).toEqual({ id: '', jid: '', vcToken: '', role: 2 })
  })

  it('gives every request a unique 21-character X-Request-Id, or the one the caller chose', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, ok(null)))
    const { client } = makeClient(server.url)
    await Promise.all(Array.from({ length: 20 }, () => client.getMaintenanceStatus()))
    const ids = server.requests.map((r) => r.headers['x-request-id'])
    for (const id of ids) expect(id).toMatch(new RegExp(`^[A-Za-z0-9_-]{${REQUEST_ID_LENGTH}}$`))
    expect(new Set(ids).size).toBe(20)
    await client.getMaintenanceStatus({ requestId: 'my-request' })
    expect(server.requests[20]?.headers['x-request-id']).toBe('my-request')
  })

  it('serialises query parameters in nested bracket style', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, {}))
    const { client } = makeClient(server.url)
    await client.http({ method: 'get', path: '/q', params: { a: { b: 1 }, list: ['x', 'y'] } })
    expect(decodeURIComponent(server.requests[0]?.url ?? '')).toBe('/q?a[b]=1&list[]=x&list[]=y')
  })
})

describe('cancellation', () => {
  it('cancels one request by id and leaves the others running', async () => {
    const held: (() => void)[] = []
    server = await startTestServer((_req, res) => {
      held.push(() => sendJson(res, 200, ok('late')))
    })
    const { client, log } = makeClient(server.url)
    const first = client.getConfig({ requestId: 'first' })
    const second = client.getConfig({ requestId: 'second' })
    await server.waitForRequests(2)
    expect(client.pendingRequestIds().sort()).toEqual(['first', 'second'])
    expect(client.cancel('first')).toBe(true)
    expect(client.cancel('unknown')).toBe(false)
    const error = await rejection(first)
    expect(error.code).toBe('CANCELLED')
    expect(error.requestId).toBe('first')
    for (const answer of held) answer()
    await expect(second).resolves.toBe('late')
    expect(log.error).toEqual([])
  })

  it('cancels every pending request at once', async () => {
    server = await startTestServer(() => {
      // never answers
    })
    const { client } = makeClient(server.url)
    const calls = [client.getConfig(), client.getAccount(), client.http({ method: 'get', path: '/x' })]
    await server.waitForRequests(3)
    expect(client.cancelAll()).toBe(3)
    const errors = await Promise.all(calls.map((c) => rejection(c)))
    expect(errors.map((e) => e.code)).toEqual(['CANCELLED', 'CANCELLED', 'CANCELLED'])
    expect(client.pendingRequestIds()).toEqual([])
  })

  it("honours the caller's AbortSignal", async () => {
    server = await startTestServer(() => {})
    const { client } = makeClient(server.url)
    const controller = new AbortController()
    const call = client.getConfig({ signal: controller.signal })
    await server.waitForRequests(1)
    controller.abort()
    expect((await rejection(call)).code).toBe('CANCELLED')
  })
})

describe('product result', () => {
  it('raises BACKEND_ERROR when result is not 1 and only logs the server msg', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, { result: 0, data: null, msg: 'wrong password' }))
    const { client, log } = makeClient(server.url)
    const error = await rejection(client.userPwdLogin({ uid: '100001', passwd: 'nope' }))
    expect(error.code).toBe('BACKEND_ERROR')
    expect(error.message).toBe(BACKEND_ERROR_MESSAGE)
    expect(error.result).toBe(0)
    expect(error.serverMessage).toBeUndefined()
    expect(JSON.stringify(error)).not.toContain('wrong password')
    expect(log.warn).toHaveLength(1)
    expect(log.warn[0]).toContain('wrong password')
    expect(log.warn.join()).not.toContain(signedInUser.vcToken)
  })

  it('offers the error to onBackendError first, which may recover', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, { result: 5, data: null, msg: 'x' }))
    const onBackendError = vi.fn((_error: ApiError) => Promise.resolve({ maintananceStatus: 0 }))
    const { client } = makeClient(server.url, { onBackendError })
    await expect(client.getMaintenanceStatus()).resolves.toEqual({ maintananceStatus: 0 })
    expect(onBackendError).toHaveBeenCalledTimes(1)
    const [error, response] = onBackendError.mock.calls[0] as unknown as [ApiError, { status: number; body: unknown }]
    expect(error.code).toBe('BACKEND_ERROR')
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ result: 5, data: null, msg: 'x' })
  })

  it('lets the error through when the hook returns undefined, and rejects with what the hook rejects', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, { result: 0, data: null, msg: '' }))
    const passThrough = makeClient(server.url, { onBackendError: () => undefined }).client
    expect((await rejection(passThrough.getConfig())).code).toBe('BACKEND_ERROR')
    const relogin = makeClient(server.url, {
      onBackendError: (error) => Promise.reject(new ApiError('UNAUTHORIZED', 'signed out', { path: error.path, requestId: error.requestId })),
    }).client
    expect((await rejection(relogin.getConfig())).code).toBe('UNAUTHORIZED')
  })

  it('treats 304 as HTTP success', async () => {
    server = await startTestServer((_req, res) => {
      res.writeHead(304)
      res.end()
    })
    const { client } = makeClient(server.url)
    await expect(client.http({ method: 'get', path: '/cached' })).resolves.toMatchObject({ status: 304 })
    expect(server.requests).toHaveLength(1)
  })
})

describe('HTTP errors', () => {
  it('400 carries the server msg naming the field', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 400, { result: 0, data: null, msg: 'data.uid: Required' }))
    const { client } = makeClient(server.url)
    const error = await rejection(client.userPwdLogin({ uid: '', passwd: '' }))
    expect(error.code).toBe('HTTP_ERROR')
    expect(error.status).toBe(400)
    expect(error.serverMessage).toBe('data.uid: Required')
    expect(error.message).toContain('data.uid: Required')
  })

  it('401 becomes UNAUTHORIZED', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 401, { result: 0, data: null, msg: 'invalid token' }))
    const { client, log } = makeClient(server.url)
    const error = await rejection(client.getAccount())
    expect(error.code).toBe('UNAUTHORIZED')
    expect(error.status).toBe(401)
    expect(log.error.join()).not.toContain(signedInUser.vcToken)
  })

  it('429 with the LOGIN_THROTTLED code becomes LOGIN_THROTTLED carrying the seconds to wait, not retried', async () => {
    const throttled = { result: 0, data: null, msg: 'too many failed logins: try again in 120 s', code: 'LOGIN_THROTTLED', retryAfterSeconds: 120 }
    server = await startTestServer((_req, res) => {
      res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '120' })
      res.end(JSON.stringify(throttled))
    })
    const { client } = makeClient(server.url)
    const error = await rejection(client.userPwdLogin({ uid: '100001', passwd: 'demo1234' }))
    expect(error.code).toBe('LOGIN_THROTTLED')
    expect(error.status).toBe(429)
    expect(error.retryAfterSeconds).toBe(120)
    expect(error.serverMessage).toBe(throttled.msg)
    expect(server.requests).toHaveLength(1)
  })

  it('takes the seconds from the body when a browser hides the Retry-After header', async () => {
    server = await startTestServer((_req, res) =>
      sendJson(res, 429, { result: 0, data: null, msg: 'wait', code: 'LOGIN_THROTTLED', retryAfterSeconds: 30 }),
    )
    const error = await rejection(makeClient(server.url).client.userPwdLogin({ uid: '1', passwd: 'x' }))
    expect(error.code).toBe('LOGIN_THROTTLED')
    expect(error.retryAfterSeconds).toBe(30)
  })

  it('keeps a 429 without the code an HTTP_ERROR, with the Retry-After header read as seconds or as a date', async () => {
    const now = Date.UTC(2025, 5, 10, 12, 0, 0)
    let header = '45'
    server = await startTestServer((_req, res) => {
      res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': header })
      res.end(JSON.stringify({ result: 0, data: null, msg: 'slow down' }))
    })
    const { client } = makeClient(server.url, { now: () => now })
    const bySeconds = await rejection(client.getAccount())
    expect(bySeconds.code).toBe('HTTP_ERROR')
    expect(bySeconds.retryAfterSeconds).toBe(45)
    header = new Date(now + 90_500).toUTCString()
    expect((await rejection(client.getAccount())).retryAfterSeconds).toBe(90)
    header = 'soon'
    expect((await rejection(client.getAccount())).retryAfterSeconds).toBeUndefined()
  })
})

describe('retry', () => {
  it('retries a GET answered 503 three times, then fails with HTTP_ERROR', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 503, { result: 0, data: null, msg: 'busy' }))
    const { client } = makeClient(server.url)
    const error = await rejection(client.http({ method: 'get', path: '/busy' }))
    expect(error.code).toBe('HTTP_ERROR')
    expect(error.status).toBe(503)
    expect(server.requests).toHaveLength(4)
    // the same request id on every attempt
    expect(new Set(server.requests.map((r) => r.headers['x-request-id'])).size).toBe(1)
  })

  it('honours the retries option', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 500, {}))
    const { client } = makeClient(server.url, { retries: 1 })
    await rejection(client.http({ method: 'delete', path: '/x' }))
    expect(server.requests).toHaveLength(2)
  })

  it('does not retry a POST answered 503', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 503, {}))
    const { client } = makeClient(server.url)
    const error = await rejection(client.getConfig())
    expect(error.status).toBe(503)
    expect(server.requests).toHaveLength(1)
  })

  it('with retryReplaySafeCalls, retries a signed-in POST answered 5xx with the same X-Request-Id; a visitor POST is not retried', async () => {
    server = await startTestServer((_req, res) => {
      if (server!.requests.length <= 2) sendJson(res, 503, {})
      else sendJson(res, 200, ok({ rewardType: 3 }))
    })
    const { client } = makeClient(server.url, { retryReplaySafeCalls: true })
    await expect(client.claimCheckInReward()).resolves.toEqual({ rewardType: 3 })
    expect(server.requests).toHaveLength(3)
    expect(new Set(server.requests.map((r) => r.headers['x-request-id'])).size).toBe(1)

    const visitorServer = await startTestServer((_req, res) => sendJson(res, 503, {}))
    try {
      const { client: visitor } = makeClient(visitorServer.url, { retryReplaySafeCalls: true }, null)
      expect((await rejection(visitor.getConfig())).status).toBe(503)
      expect(visitorServer.requests).toHaveLength(1)
    } finally {
      await visitorServer.close()
    }
  })

  it('retries network errors, even on POST, and succeeds when the server recovers', async () => {
    server = await startTestServer((_req, res, socket) => {
      if (server!.requests.length <= 2) socket.destroy()
      else sendJson(res, 200, ok('recovered'))
    })
    const { client } = makeClient(server.url)
    await expect(client.getConfig()).resolves.toBe('recovered')
    expect(server.requests).toHaveLength(3)
  })

  it('sends a retried POST with the same X-Request-Id, so the server can answer a repeat without running it again', async () => {
    server = await startTestServer((_req, res, socket) => {
      if (server!.requests.length <= 2) socket.destroy()
      else sendJson(res, 200, ok({ rewardType: 3 }))
    })
    const { client } = makeClient(server.url)
    await expect(client.claimCheckInReward()).resolves.toEqual({ rewardType: 3 })
    await expect(client.claimCheckInReward({ requestId: 'check-in-1' })).resolves.toEqual({ rewardType: 3 })
    const ids = server.requests.map((r) => r.headers['x-request-id'])
    expect(ids).toHaveLength(4)
    expect(new Set(ids.slice(0, 3)).size).toBe(1)
    expect(ids[0]).toMatch(new RegExp(`^[A-Za-z0-9_-]{${REQUEST_ID_LENGTH}}$`))
    // A new logical request gets its own id (here the caller's).
    expect(ids[3]).toBe('check-in-1')
  })

  it('gives NETWORK_ERROR after the retries when nothing listens', async () => {
    const closed = await startTestServer(() => {})
    const url = closed.url
    await closed.close()
    const { client } = makeClient(url, { retries: 1 })
    const error = await rejection(client.getConfig())
    expect(error.code).toBe('NETWORK_ERROR')
  })

  it('does not retry a time-out', async () => {
    server = await startTestServer(() => {
      // never answers
    })
    // Long enough for the request to reach the server even on a busy machine: the point is that it
    // arrives once and is not sent again.
    const { client } = makeClient(server.url, { timeout: 500 })
    const error = await rejection(client.http({ method: 'get', path: '/slow' }))
    expect(error.code).toBe('TIMEOUT')
    expect(server.requests).toHaveLength(1)
  })
})

describe('token expiry', () => {
  it('calls onTokenExpiring once per expiry time when less than 1 hour is left', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, ok(null)))
    let expiresAt = 10_000_000
    let now = expiresAt - 2 * 3_600_000
    const onTokenExpiring = vi.fn()
    const { client } = makeClient(server.url, {
      getTokenExpiresAt: () => expiresAt,
      now: () => now,
      onTokenExpiring,
    })
    await client.getAccount()
    expect(onTokenExpiring).not.toHaveBeenCalled()
    now = expiresAt - 3_599_999
    await client.getAccount()
    await client.getAccount()
    expect(onTokenExpiring).toHaveBeenCalledTimes(1)
    expect(onTokenExpiring).toHaveBeenCalledWith({ expiresAt, now })
    expiresAt = now + 1000
    await client.getAccount()
    expect(onTokenExpiring).toHaveBeenCalledTimes(2)
    expect(server.requests).toHaveLength(4)
  })
})
