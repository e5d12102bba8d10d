import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createChatSession, createMessenger } from '@vchat/xmpp-chat'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startStack, type Stack } from '../stack/index.ts'
import { memoryMessageStore } from './anchorConsole.ts'

interface EventsAnswer {
  state: string
  next: number
  messages: { mid: string; from: string; to: string; content: string; state: string; read: boolean }[]
}

async function post(url: string, body: unknown): Promise<{ status: number; data: Record<string, unknown> }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: response.status, data: (await response.json()) as Record<string, unknown> }
}

describe('anchor console (dev-server + Prosody)', () => {
  let dataDir: string
  let stack: Stack

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vchat-console-'))
    stack = await startStack({ apiPort: 0, wsPort: 0, dataDir, reset: true, log: () => {} })
  }, 30_000)

  afterAll(async () => {
    await stack?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('serves the page with its script only and text-safe rendering', async () => {
    const response = await fetch(`${stack.apiUrl}/dev/anchor`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'")
    const html = await response.text()
    expect(html).toContain('Anchor console')
    expect(html).not.toContain('innerHTML')
  })

  it('refuses wrong passwords and users who are not anchors', async () => {
    expect((await post(`${stack.apiUrl}/dev/anchor/login`, { uid: '200001', password: 'nope' })).status).toBe(401)
    expect((await post(`${stack.apiUrl}/dev/anchor/login`, { uid: '100001', password: 'demo1234' })).status).toBe(401)
    expect((await post(`${stack.apiUrl}/dev/anchor/send`, { id: 'unknown', to: 'user_1@localhost', content: 'x' })).status).toBe(404)
  })

  it('an anchor signs in and chats with a user both ways, exactly once, with read markers', async () => {
    const login = await post(`${stack.apiUrl}/dev/anchor/login`, { uid: '200002', password: 'demo1234' })
    expect(login.status).toBe(200)
    const id = login.data.id as string
    expect(login.data.jid).toBe('anchor_200002@localhost')

    // The user side: the same package, a vcToken from the product API.
    const created = (await post(`${stack.apiUrl}/dev/users`, {})).data.data as { uid: string; jid: string; password: string }
    const envelope = (data: unknown) => ({
      deviceInfo: { localLanguage: 'en', configLanguage: 'en', fingerprint: 't', androidId: 'd', screenHeight: 1, screenWidth: 1, timezoneId: 'UTC', timezoneOffset: 0, platform: 'android', gaClientId: '', deviceModel: 't', webUuid: 'w', adid: '' },
      clientInfo: { channel: 'B1', pkgName: 'web', versionCode: '1', versionName: '1.0.0', host: 'localhost' },
      userInfo: { id: '', jid: '', vcToken: '', role: 2 },
      data,
    })
    const token = async () =>
      ((await post(`${stack.apiUrl}/api/login_service/user_pwd_login`, envelope({ uid: created.uid, passwd: created.password }))).data.data as { userInfo: { vcToken: string } }).userInfo.vcToken
    const session = createChatSession({ service: stack.wsUrl!, domain: 'localhost', getCredentials: async () => ({ username: created.jid.split('@')[0] ?? '', password: await token() }) })
    const store = memoryMessageStore()
    const messenger = createMessenger({ session, store, me: created.jid })
    await session.login()
    try {
      const sent = await messenger.send({ to: 'anchor_200002@localhost', content: 'Hi <b>host</b>' })
      let events: EventsAnswer = { state: '', next: 0, messages: [] }
      await vi.waitFor(
        async () => {
          events = (await (await fetch(`${stack.apiUrl}/dev/anchor/events?id=${id}&after=0`)).json()) as EventsAnswer
          expect(events.messages.filter((m) => m.mid === sent.mid)).toHaveLength(1)
        },
        { timeout: 5_000, interval: 50 },
      )
      expect(events.state).toBe('connected')
      expect(events.messages.find((m) => m.mid === sent.mid)).toMatchObject({ content: 'Hi <b>host</b>', from: created.jid })

      const reply = await post(`${stack.apiUrl}/dev/anchor/send`, { id, to: created.jid, content: 'Hello back' })
      expect(reply.status).toBe(200)
      await vi.waitFor(() => expect(store.all().filter((m) => m.content === 'Hello back')).toHaveLength(1), { timeout: 5_000, interval: 50 })

      // The anchor reads the thread: the user's message turns read.
      expect((await post(`${stack.apiUrl}/dev/anchor/read`, { id, tid: created.jid })).status).toBe(200)
      await vi.waitFor(() => expect(store.all().find((m) => m.mid === sent.mid)?.read).toBe(true), { timeout: 5_000, interval: 50 })
    } finally {
      messenger.close()
      await session.logout()
      await post(`${stack.apiUrl}/dev/anchor/logout`, { id })
    }
  }, 30_000)
})
