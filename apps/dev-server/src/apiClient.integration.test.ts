import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApiClient, type ApiError, type DeviceInfo, type EnvelopeUserInfo } from '@vchat/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDevServer, type DevServer } from './index.ts'

const deviceInfo: DeviceInfo = {
  localLanguage: 'en',
  configLanguage: 'en',
  fingerprint: 'integration',
  androidId: 'device',
  screenHeight: 800,
  screenWidth: 400,
  timezoneId: 'UTC',
  timezoneOffset: 0,
  platform: 'android',
  gaClientId: '',
  deviceModel: 'web',
  webUuid: 'uuid',
  adid: '',
  fbp: 'fb.1',
}

describe('@vchat/api-client against the dev-server', () => {
  let server: DevServer
  let dataDir: string
  let user: EnvelopeUserInfo | null = null
  const warnings: string[] = []

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'vchat-contract-'))
    server = await startDevServer({ port: 0, dataDir, log: () => {} })
  })
  afterAll(async () => {
    await server.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const api = () =>
    createApiClient({
      baseURL: server.url,
      clientInfo: { channel: 'B1', pkgName: 'com.example.web', versionCode: '1.0.0', versionName: '1.0.0', host: 'localhost' },
      getDeviceInfo: () => deviceInfo,
      getUser: () => user,
      logger: { warn: (m) => warnings.push(m), error: () => {} },
    })

  it('signs in, reads account, config and maintenance, and signs out', async () => {
    const client = api()
    expect(await client.getMaintenanceStatus()).toEqual({ maintananceStatus: 0 })
    const login = await client.userPwdLogin({ uid: '100001', passwd: 'demo1234' })
    expect(login.userInfo.jid).toBe('user_100001@localhost')
    user = { id: login.userInfo.id, jid: login.userInfo.jid, vcToken: login.userInfo.vcToken, role: login.userInfo.role }
    expect(await client.getAccount()).toEqual({ paid: true, gemsBalance: 500, silverBalance: 0, silverSpent: 0 })
    expect((await client.getConfig()).mainInfo.componentInfo.hubDomain).toBe('hub.localhost')
    await client.logout()
    const error = (await client.getAccount().catch((e: unknown) => e)) as ApiError
    expect(error.code).toBe('UNAUTHORIZED')
    user = null
  })

  it('turns a wrong password into BACKEND_ERROR with the msg only logged', async () => {
    const error = (await api().userPwdLogin({ uid: '100001', passwd: 'wrong' }).catch((e: unknown) => e)) as ApiError
    expect(error.code).toBe('BACKEND_ERROR')
    expect(error.message).toBe('the backend request error')
    expect(warnings.at(-1)).toContain('wrong uid or password')
  })

  it('surfaces a 400 naming the field', async () => {
    const error = (await api()
      .call('/api/account_service/account', { action: 7 })
      .catch((e: unknown) => e)) as ApiError
    expect(error.code).toBe('UNAUTHORIZED')
    const login = await api().login({ openId: '', token: 'dev:100002', channel: 'B1', credential: '' })
    user = { id: login.userInfo.id, jid: login.userInfo.jid, vcToken: login.userInfo.vcToken, role: 2 }
    const bad = (await api().call('/api/account_service/account', { action: 7 }).catch((e: unknown) => e)) as ApiError
    expect(bad.code).toBe('HTTP_ERROR')
    expect(bad.status).toBe(400)
    expect(bad.serverMessage).toMatch(/^data\.action: /)
    user = null
  })
})
