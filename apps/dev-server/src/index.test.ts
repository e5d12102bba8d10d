import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_TTL_MS } from './constants.ts'
import { PortInUseError, SCHEMA_VERSION, startDevServer, type DevServer, type Route } from './index.ts'

const deviceInfo = {
  localLanguage: 'en',
  configLanguage: 'en',
  fingerprint: 'test agent',
  androidId: 'device-1',
  screenHeight: 800,
  screenWidth: 400,
  timezoneId: 'UTC',
  timezoneOffset: 0,
  platform: 'android',
  gaClientId: '',
  deviceModel: 'web',
  webUuid: 'uuid',
  adid: '',
}
const clientInfo = { channel: 'B1', pkgName: 'com.example.web', versionCode: '1.0.0', versionName: '1.0.0', host: 'localhost' }
const visitor = { id: '', jid: '', vcToken: '', role: 2 }

function envelope(data: unknown) {
  return { deviceInfo, clientInfo, userInfo: visitor, data }
}

interface Answer {
  status: number
  body: { result: number; data: unknown; msg: string } & Record<string, unknown>
}

async function post(server: DevServer, path: string, body: unknown, token?: string): Promise<Answer> {
  const response = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Answer['body'] }
}

async function loginToken(server: DevServer, uid = '100001', passwd = 'demo1234'): Promise<string> {
  const answer = await post(server, '/api/login_service/user_pwd_login', envelope({ uid, passwd }))
  expect(answer.body.result).toBe(1)
  return (answer.body.data as { userInfo: { vcToken: string } }).userInfo.vcToken
}

const dirs: string[] = []
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vchat-dev-server-'))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('dev-server', () => {
  let server: DevServer
  const logs: string[] = []
  let clock = Date.now()
  const boom: Route = {
    method: 'POST',
    path: '/test/boom',
    handle() {
      throw new Error('handler exploded')
    },
  }

  beforeAll(async () => {
    server = await startDevServer({
      port: 0,
      dataDir: tempDir(),
      log: (line) => logs.push(line),
      now: () => clock,
      extraRoutes: [boom],
    })
    return () => server.close()
  })

  it('answers /health', async () => {
    const response = await fetch(`${server.url}/health`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true, schemaVersion: SCHEMA_VERSION })
  })

  it('signs in with uid and password and returns the login response', async () => {
    const answer = await post(server, '/api/login_service/user_pwd_login', envelope({ uid: '100001', passwd: 'demo1234' }))
    expect(answer.status).toBe(200)
    expect(answer.body.result).toBe(1)
    expect(answer.body.data).toMatchObject({
      userInfo: { id: '100001', jid: 'user_100001@localhost', role: 2 },
      completeUserInfoCheck: false,
      componentInfo: { hubDomain: 'hub.localhost', giftDomain: 'gift.localhost', helpDomain: 'help.localhost' },
    })
    const userInfo = (answer.body.data as { userInfo: { vcToken: string; vcTokenExpiresAt: number } }).userInfo
    expect(userInfo.vcToken).toMatch(/^[0-9a-f]{64}$/)
    expect(userInfo.vcTokenExpiresAt).toBe(clock + SESSION_TTL_MS)
  })

  it('refuses a wrong password as a product failure (HTTP 200, result 0) and never logs secrets', async () => {
    const token = await loginToken(server)
    const answer = await post(server, '/api/login_service/user_pwd_login', envelope({ uid: '100001', passwd: 'not-it' }))
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ result: 0, data: null, msg: 'wrong uid or password' })
    const unknown = await post(server, '/api/login_service/user_pwd_login', envelope({ uid: '999', passwd: 'demo1234' }))
    expect(unknown.body.result).toBe(0)
    const text = logs.join('\n')
    expect(text).not.toContain('demo1234')
    expect(text).not.toContain('not-it')
    expect(text).not.toContain(token)
  })

  it('answers 400 naming the field for malformed bodies', async () => {
    const cases: [unknown, string][] = [
      [envelope({ uid: 100001, passwd: 'demo1234' }), 'data.uid: '],
      [envelope({ uid: '100001' }), 'data.passwd: '],
      [envelope({ uid: '', passwd: 'x' }), 'data.uid: required'],
      [{ ...envelope({ uid: '1', passwd: 'x' }), deviceInfo: { ...deviceInfo, platform: 'web' } }, 'deviceInfo.platform: '],
      [{ ...envelope({ uid: '1', passwd: 'x' }), userInfo: { ...visitor, role: '2' } }, 'userInfo.role: '],
      [{ data: { uid: '1', passwd: 'x' }, clientInfo, userInfo: visitor }, 'deviceInfo: '],
      [envelope(null), 'data: '],
      // Strings over the contract's limits (ENVELOPE_LIMITS, the endpoint's own maxima) are refused before any work.
      [{ ...envelope({ uid: '1', passwd: 'x' }), deviceInfo: { ...deviceInfo, androidId: 'd'.repeat(129) } }, 'deviceInfo.androidId: '],
      [{ ...envelope({ uid: '1', passwd: 'x' }), userInfo: { ...visitor, vcToken: 't'.repeat(4097) } }, 'userInfo.vcToken: '],
      [envelope({ uid: '1'.repeat(33), passwd: 'x' }), 'data.uid: '],
      ['{"data": ', 'body: not valid JSON'],
      ['', 'body: '],
    ]
    for (const [body, prefix] of cases) {
      const answer = await post(server, '/api/login_service/user_pwd_login', body)
      expect(answer.status, prefix).toBe(400)
      expect(answer.body.result).toBe(0)
      expect(answer.body.data).toBeNull()
      expect(answer.body.msg.startsWith(prefix), `${answer.body.msg} should start with ${prefix}`).toBe(true)
    }
    const account = await post(server, '/api/account_service/account', envelope({ action: 2 }), await loginToken(server))
    expect(account.status).toBe(400)
    expect(account.body.msg).toMatch(/^data\.action: /)
  })

  it('answers 404 JSON for an unknown path and 405 for a wrong method', async () => {
    const missing = await post(server, '/api/nope', envelope({}))
    expect(missing.status).toBe(404)
    expect(missing.body).toMatchObject({ result: 0, data: null })
    const wrongMethod = await fetch(`${server.url}/api/login_service/login`)
    expect(wrongMethod.status).toBe(405)
  })

  it('serves account and config to a signed-in user and 401 for an unknown or missing token', async () => {
    const paid = await loginToken(server)
    const free = await loginToken(server, '100002')
    const account = await post(server, '/api/account_service/account', envelope({ action: 1 }), paid)
    expect(account.body).toEqual({ result: 1, msg: 'ok', data: { paid: true, gemsBalance: 500, silverBalance: 0, silverSpent: 0 } })
    const freeAccount = await post(server, '/api/account_service/account', envelope({ action: 1 }), free)
    expect(freeAccount.body.data).toMatchObject({ paid: false, gemsBalance: 0 })
    const config = await post(server, '/api/account_service/combine_info', envelope({}), free)
    expect(config.body.data).toMatchObject({
      mainInfo: {
        componentInfo: { hubDomain: 'hub.localhost', giftDomain: 'gift.localhost' },
        blockInfo: { blocked: false },
        firstCallInfo: { freeFirstCallRemainingTimes: 1 },
      },
      veegoInfo: { silverInfoConf: { enableSilverClub: true } },
    })
    for (const token of ['not-a-token', undefined]) {
      const answer = await post(server, '/api/account_service/account', envelope({ action: 1 }), token)
      expect(answer.status).toBe(401)
      expect(answer.body).toMatchObject({ result: 0, data: null })
    }
  })

  it('accepts the token from userInfo.vcToken when no Authorization header is sent', async () => {
    const token = await loginToken(server)
    const answer = await post(server, '/api/account_service/account', {
      ...envelope({ action: 1 }),
      userInfo: { id: '100001', jid: 'user_100001@localhost', vcToken: token, role: 2 },
    })
    expect(answer.body.result).toBe(1)
  })

  it('expires a token after 7 days', async () => {
    const token = await loginToken(server)
    clock += SESSION_TTL_MS - 1
    expect((await post(server, '/api/account_service/account', envelope({ action: 1 }), token)).status).toBe(200)
    clock += 1
    expect((await post(server, '/api/account_service/account', envelope({ action: 1 }), token)).status).toBe(401)
  })

  it('logout invalidates the token', async () => {
    const token = await loginToken(server)
    expect((await post(server, '/api/login_service/logout', envelope({}), token)).body.result).toBe(1)
    expect((await post(server, '/api/account_service/account', envelope({ action: 1 }), token)).status).toBe(401)
    expect((await post(server, '/api/login_service/logout', envelope({}), token)).status).toBe(401)
  })

  it('development sign-in accepts dev:<uid> as token or credential', async () => {
    const viaToken = await post(server, '/api/login_service/login', envelope({ openId: '', token: 'dev:100002', channel: 'B1', credential: '' }))
    expect(viaToken.body.data).toMatchObject({ userInfo: { id: '100002', jid: 'user_100002@localhost' } })
    const viaCredential = await post(server, '/api/login_service/login', envelope({ openId: '', token: '', channel: 'B1', credential: 'dev:200001' }))
    expect(viaCredential.body.data).toMatchObject({ userInfo: { id: '200001', jid: 'anchor_200001@localhost' } })
    const unknown = await post(server, '/api/login_service/login', envelope({ openId: '', token: 'dev:42', channel: 'B1', credential: '' }))
    expect(unknown.body).toEqual({ result: 0, data: null, msg: 'unknown user' })
    const bad = await post(server, '/api/login_service/login', envelope({ openId: '', token: 'google-token', channel: 'B1', credential: '' }))
    expect(bad.body.result).toBe(0)
    const missing = await post(server, '/api/login_service/login', envelope({ openId: '', token: '', channel: 'B1' }))
    expect(missing.status).toBe(400)
    expect(missing.body.msg).toMatch(/^data\.credential: /)
  })

  it('switches maintenance on and off', async () => {
    const status = async () => (await post(server, '/api/system_maintenance/maintenance_status', envelope({}))).body.data
    expect(await status()).toEqual({ maintananceStatus: 0 })
    expect((await post(server, '/dev/maintenance', { status: 2 })).status).toBe(200)
    expect(await status()).toEqual({ maintananceStatus: 2 })
    expect((await post(server, '/dev/maintenance', { status: 0 })).status).toBe(200)
    expect(await status()).toEqual({ maintananceStatus: 0 })
    const bad = await post(server, '/dev/maintenance', { status: 'on' })
    expect(bad.status).toBe(400)
    expect(bad.body.msg).toMatch(/^status: /)
  })

  it('checks XMPP tokens for Prosody', async () => {
    const token = await loginToken(server)
    const check = async (body: unknown) => {
      const response = await fetch(`${server.url}/internal/xmpp/check-token`, { method: 'POST', body: JSON.stringify(body) })
      return { status: response.status, body: (await response.json()) as unknown }
    }
    expect(await check({ username: 'user_100001', token })).toEqual({ status: 200, body: { valid: true } })
    expect(await check({ username: 'user_100002', token })).toEqual({ status: 200, body: { valid: false } })
    expect(await check({ username: 'user_100001', token: 'wrong' })).toEqual({ status: 200, body: { valid: false } })
    const anchor = (
      (await post(server, '/api/login_service/user_pwd_login', envelope({ uid: '200001', passwd: 'demo1234' }))).body.data as {
        userInfo: { vcToken: string }
      }
    ).userInfo.vcToken
    expect(await check({ username: 'anchor_200001', token: anchor })).toEqual({ status: 200, body: { valid: true } })
    expect((await check({ token })).status).toBe(400)
  })

  it('answers CORS preflights from localhost origins only', async () => {
    const preflight = (origin: string) =>
      fetch(`${server.url}/api/account_service/account`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,x-request-id' },
      })
    const local = await preflight('http://localhost:5173')
    expect(local.status).toBe(204)
    expect(local.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(local.headers.get('access-control-allow-headers')).toContain('X-Request-Id')
    expect(local.headers.get('access-control-allow-headers')).toContain('Authorization')
    const foreign = await preflight('https://evil.example')
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('answers 500 JSON when a handler throws, logs it, and keeps serving', async () => {
    const answer = await post(server, '/test/boom', {})
    expect(answer.status).toBe(500)
    expect(answer.body).toEqual({ result: 0, data: null, msg: 'internal server error' })
    expect(logs.some((line) => line.includes('handler exploded'))).toBe(true)
    expect((await fetch(`${server.url}/health`)).status).toBe(200)
  })
})

describe('data folder', () => {
  let server: DevServer | undefined
  afterEach(async () => {
    await server?.close()
    server = undefined
  })
  const quiet = () => {}

  it('seeds once, keeps data across restarts and re-seeds on reset', async () => {
    const dataDir = tempDir()
    server = await startDevServer({ port: 0, dataDir, log: quiet })
    const count = () => (server!.db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n
    const gems = () => (server!.db.prepare("SELECT gems_balance AS g FROM users WHERE uid = '100001'").get() as { g: number }).g
    const seeded = count()
    expect(seeded).toBeGreaterThanOrEqual(4 + 5)
    server.db.prepare("UPDATE users SET gems_balance = 123 WHERE uid = '100001'").run()
    await server.close()

    server = await startDevServer({ port: 0, dataDir, log: quiet })
    expect(count()).toBe(seeded)
    expect(gems()).toBe(123)
    await loginToken(server)
    await server.close()

    server = await startDevServer({ port: 0, dataDir, reset: true, log: quiet })
    expect(count()).toBe(seeded)
    expect(gems()).toBe(500)
  })

  it('says clearly when the port is in use', async () => {
    server = await startDevServer({ port: 0, dataDir: tempDir(), log: quiet })
    const clash = startDevServer({ port: server.port, dataDir: tempDir(), log: quiet })
    await expect(clash).rejects.toBeInstanceOf(PortInUseError)
    await expect(clash).rejects.toThrow(`Port ${server.port} is already in use`)
  })
})

describe('POST /dev/users', () => {
  it('makes a fresh account per call that can sign in with the development password', async () => {
    const server = await startDevServer({ port: 0, dataDir: mkdtempSync(join(tmpdir(), "vchat-dev-users-")), log: () => {} })
    try {
      const make = (body: unknown) =>
        fetch(`${server.url}/dev/users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      const first = (await (await make({ paid: true, gemsBalance: 120 })).json()) as { data: { uid: string; jid: string } }
      const second = (await (await make({})).json()) as { data: { uid: string } }
      expect(Number(second.data.uid)).toBe(Number(first.data.uid) + 1)
      // Below the /match A/B split (the seeded demo accounts 264457001/2 sit above it): one screen for all.
      expect(Number(first.data.uid)).toBe(300001)
      expect(first.data.jid).toBe(`user_${first.data.uid}@localhost`)
      const login = await post(server, '/api/login_service/user_pwd_login', envelope({ uid: first.data.uid, passwd: 'demo1234' }))
      expect(login.body.result).toBe(1)
      const bad = await make({ gemsBalance: -5 })
      expect(bad.status).toBe(400)
      expect(((await bad.json()) as { msg: string }).msg).toContain('gemsBalance')
      // Without a nickname the profile is incomplete: the login asks for it (completeUserInfoCheck).
      const unnamed = (await (await make({ nickName: '' })).json()) as { data: { uid: string } }
      const unnamedLogin = await post(server, '/api/login_service/user_pwd_login', envelope({ uid: unnamed.data.uid, passwd: 'demo1234' }))
      expect((unnamedLogin.body.data as { completeUserInfoCheck: boolean }).completeUserInfoCheck).toBe(true)
      expect((login.body.data as { completeUserInfoCheck: boolean }).completeUserInfoCheck).toBe(false)
    } finally {
      await server.close()
    }
  })
})
