import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { client } from '@xmpp/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDevServer, type DevServer } from './index.ts'
import { startProsody, type ProsodyHandle } from './stack/prosody.ts'
import { envelope } from './test-support/envelope.ts'

interface LoginAnswer {
  result: number
  data: { userInfo: { jid: string; vcToken: string } }
}

async function passwordLogin(apiUrl: string, uid: string, passwd: string): Promise<LoginAnswer> {
  const response = await fetch(`${apiUrl}/api/login_service/user_pwd_login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(envelope({ uid, passwd })),
  })
  expect(response.status).toBe(200)
  return (await response.json()) as LoginAnswer
}

function xmppLogin(wsUrl: string, username: string, password: string) {
  const xmpp = client({
    service: wsUrl,
    domain: 'localhost',
    resource: 'web_fachat',
    credentials: (authenticate) => authenticate({ username, password }, 'PLAIN'),
  })
  xmpp.reconnect.stop()
  xmpp.on('error', () => {})
  return xmpp
}

describe('XMPP login with a vcToken from the dev-server', () => {
  let dataDir: string
  let api: DevServer
  let prosody: ProsodyHandle

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vchat-xmpp-login-'))
    api = await startDevServer({ port: 0, dataDir: join(dataDir, 'api'), log: () => {} })
    prosody = await startProsody({ apiUrl: api.url, dataDir: join(dataDir, 'prosody') })
  })

  afterAll(async () => {
    await prosody?.close()
    await api?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('logs the seeded user 100001 in over the websocket', async () => {
    const answer = await passwordLogin(api.url, '100001', 'demo1234')
    expect(answer.result).toBe(1)
    const { jid, vcToken } = answer.data.userInfo
    expect(jid).toBe('user_100001@localhost')
    const username = jid.split('@')[0] ?? ''

    const xmpp = xmppLogin(prosody.wsUrl, username, vcToken)
    try {
      const online = await xmpp.start()
      expect(online.toString()).toBe('user_100001@localhost/web_fachat')
    } finally {
      await xmpp.stop()
    }
  })

  it('refuses a wrong token', async () => {
    const xmpp = xmppLogin(prosody.wsUrl, 'user_100001', 'not-a-vctoken')
    try {
      await expect(xmpp.start()).rejects.toMatchObject({ condition: 'not-authorized' })
    } finally {
      await xmpp.stop().catch(() => {})
    }
  })

  it("refuses another user's valid token", async () => {
    const other = await passwordLogin(api.url, '100002', 'demo1234')
    const xmpp = xmppLogin(prosody.wsUrl, 'user_100001', other.data.userInfo.vcToken)
    try {
      await expect(xmpp.start()).rejects.toMatchObject({ condition: 'not-authorized' })
    } finally {
      await xmpp.stop().catch(() => {})
    }
  })
})
