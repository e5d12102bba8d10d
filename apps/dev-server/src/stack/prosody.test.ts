import { createServer, type IncomingMessage, type Server } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { client } from '@xmpp/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ProsodyUnavailableError, startProsody, type ProsodyHandle } from './prosody.ts'
import { PortInUseError, findFreePort } from './ports.ts'

const GOOD_TOKEN = 'good-token-for-100001'

interface CheckRequest {
  username: string
  token: string
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (body += chunk))
    req.on('end', () => resolve(body))
    req.on('error', reject)
  })
}

/** Stand-in for the dev-server's check-token endpoint: valid only for user_100001 + GOOD_TOKEN. */
function startCheckTokenStub(seen: Array<{ method: string; url: string; body: CheckRequest }>): Promise<{ server: Server; url: string }> {
  const server = createServer(async (req, res) => {
    const raw = await readBody(req)
    const body = JSON.parse(raw || '{}') as CheckRequest
    seen.push({ method: req.method ?? '', url: req.url ?? '', body })
    if (req.method !== 'POST' || req.url !== '/internal/xmpp/check-token') {
      res.writeHead(404).end()
      return
    }
    const valid = body.username === 'user_100001' && body.token === GOOD_TOKEN
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ valid }))
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      resolve({ server, url: `http://127.0.0.1:${port}` })
    })
  })
}

function login(wsUrl: string, username: string, password: string) {
  const xmpp = client({
    service: wsUrl,
    domain: 'localhost',
    resource: 'web_fachat',
    credentials: (authenticate) =>
      authenticate({ username, password }, 'PLAIN'),
  })
  xmpp.reconnect.stop()
  xmpp.on('error', () => {})
  return xmpp
}

describe('startProsody', () => {
  const seen: Array<{ method: string; url: string; body: CheckRequest }> = []
  let stub: { server: Server; url: string }
  let prosody: ProsodyHandle
  let dataDir: string

  beforeAll(async () => {
    stub = await startCheckTokenStub(seen)
    dataDir = await mkdtemp(join(tmpdir(), 'vchat-prosody-'))
    prosody = await startProsody({ apiUrl: stub.url, dataDir, httpPort: 0 })
  })

  afterAll(async () => {
    await prosody?.close()
    await new Promise((resolve) => stub?.server.close(resolve))
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  // How fast it starts is a benchmark (`pnpm bench stack`: stack.prosody.start), not a test.
  it('listens on loopback', () => {
    expect(prosody.wsUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/xmpp-websocket$/)
    expect(prosody.hubDomain).toBe('hub.localhost')
    expect(prosody.giftDomain).toBe('gift.localhost')
  })

  it('logs a user in when the backend says the token is valid, posting the token in the body', async () => {
    const xmpp = login(prosody.wsUrl, 'user_100001', GOOD_TOKEN)
    try {
      const jid = await xmpp.start()
      expect(jid.toString()).toBe('user_100001@localhost/web_fachat')
    } finally {
      await xmpp.stop()
    }
    const check = seen.find((s) => s.body.token === GOOD_TOKEN)
    expect(check).toEqual({
      method: 'POST',
      url: '/internal/xmpp/check-token',
      body: { username: 'user_100001', token: GOOD_TOKEN },
    })
  })

  it('refuses a wrong token with not-authorized', async () => {
    const xmpp = login(prosody.wsUrl, 'user_100001', 'wrong-token')
    try {
      await expect(xmpp.start()).rejects.toMatchObject({ condition: 'not-authorized' })
    } finally {
      await xmpp.stop().catch(() => {})
    }
  })

  it('refuses a valid token presented for another user', async () => {
    const xmpp = login(prosody.wsUrl, 'user_100002', GOOD_TOKEN)
    try {
      await expect(xmpp.start()).rejects.toMatchObject({ condition: 'not-authorized' })
    } finally {
      await xmpp.stop().catch(() => {})
    }
  })
})

describe('startProsody errors', () => {
  let blocker: TcpServer | undefined
  let dataDir: string | undefined

  afterAll(async () => {
    if (blocker) await new Promise((resolve) => blocker?.close(resolve))
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('names the port when the websocket port is already in use', async () => {
    const port = await findFreePort()
    blocker = createTcpServer()
    await new Promise<void>((resolve) => blocker?.listen(port, '127.0.0.1', resolve))
    dataDir = await mkdtemp(join(tmpdir(), 'vchat-prosody-'))
    const attempt = startProsody({ apiUrl: 'http://127.0.0.1:9', dataDir, httpPort: port })
    await expect(attempt).rejects.toBeInstanceOf(PortInUseError)
    await expect(attempt).rejects.toThrow(`Port ${port} (Prosody websocket/HTTP)`)
  })

  it('says what to install when the binary is missing', async () => {
    const attempt = startProsody({ apiUrl: 'http://127.0.0.1:9', dataDir: tmpdir(), binary: '/nonexistent/prosody' })
    await expect(attempt).rejects.toBeInstanceOf(ProsodyUnavailableError)
    await expect(attempt).rejects.toThrow(/apt-get install prosody.*brew install prosody/)
  })
})
