import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createChatSession, createMessenger } from '@vchat/xmpp-chat'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startStack, type Stack } from '../stack/index.ts'
import { vcTokenOf } from '../test-support/api.ts'
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

  it('refuses a burst that is empty, too long or holds an empty text, saying which', async () => {
    const id = (await post(`${stack.apiUrl}/dev/anchor/login`, { uid: '200003', password: 'demo1234' })).data.id as string
    try {
      const send = (contents: unknown) => post(`${stack.apiUrl}/dev/anchor/send`, { id, to: 'user_1@localhost', contents })
      expect(await send([])).toMatchObject({ status: 400, data: { msg: 'contents: a list of 1 to 2000 texts is required' } })
      expect(await send(Array.from({ length: 2001 }, () => 'x'))).toMatchObject({ status: 400 })
      expect(await send(['a', '', 'c'])).toMatchObject({ status: 400, data: { msg: 'contents[1]: text is required' } })
      expect(await send('a')).toMatchObject({ status: 400 })
    } finally {
      await post(`${stack.apiUrl}/dev/anchor/logout`, { id })
    }
  })

  it('serves the call script bundled with @vchat/webrtc-call, under the same policy; the page may load it', async () => {
    const page = await fetch(`${stack.apiUrl}/dev/anchor`)
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self' 'unsafe-inline'")
    expect(await page.text()).toContain('<script type="module" src="/dev/anchor/call.js"></script>')
    const script = await fetch(`${stack.apiUrl}/dev/anchor/call.js`)
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(script.headers.get('content-security-policy')).toBe(page.headers.get('content-security-policy'))
    const code = await script.text()
    // The engine's negotiation and the console's relay route are in the bundle; nothing is imported at run time.
    expect(code).toContain('/dev/anchor/call')
    expect(code).toContain('WebRTCContent')
    expect(code).not.toMatch(/^import /m)
    // Built once, then served from memory.
    expect(await (await fetch(`${stack.apiUrl}/dev/anchor/call.js`)).text()).toBe(code)
  }, 30_000)

  it('the call relay refuses unknown consoles, unknown actions and payloads that are not objects', async () => {
    const unknown = await post(`${stack.apiUrl}/dev/anchor/call`, { id: 'nope', action: 'SessionRequest', payload: {} })
    expect(unknown.status).toBe(404)
    const login = await post(`${stack.apiUrl}/dev/anchor/login`, { uid: '200004', password: 'demo1234' })
    const id = login.data.id as string
    try {
      const badAction = await post(`${stack.apiUrl}/dev/anchor/call`, { id, action: 'CallIn', payload: {} })
      expect(badAction.status).toBe(400)
      expect(badAction.data.msg).toMatch(/^action: one of SessionRequest, /)
      const missing = await post(`${stack.apiUrl}/dev/anchor/call`, { id, payload: {} })
      expect(missing.status).toBe(400)
      expect(missing.data.msg).toMatch(/^action:/)
      const badPayload = await post(`${stack.apiUrl}/dev/anchor/call`, { id, action: 'SessionRequest', payload: ['x'] })
      expect(badPayload.status).toBe(400)
      expect(badPayload.data.msg).toBe('payload: expected a JSON object')
    } finally {
      await post(`${stack.apiUrl}/dev/anchor/logout`, { id })
    }
  })

  it('relays call actions to the hub and the hub answers into the polled events', async () => {
    const login = await post(`${stack.apiUrl}/dev/anchor/login`, { uid: '200005', password: 'demo1234' })
    expect(login.data.callNext).toBe(0)
    const id = login.data.id as string
    try {
      const sent = await post(`${stack.apiUrl}/dev/anchor/call`, { id, action: 'SessionRequest', payload: { callee: 'user_999999999@localhost' } })
      expect(sent).toEqual({ status: 200, data: { ok: true } })
      let calls: { action: string; payload: Record<string, unknown> }[] = []
      await vi.waitFor(
        async () => {
          const events = (await (await fetch(`${stack.apiUrl}/dev/anchor/events?id=${id}&after=0&callAfter=0`)).json()) as { callNext: number; calls: typeof calls }
          calls = events.calls
          expect(events.callNext).toBe(1)
        },
        { timeout: 5_000, interval: 50 },
      )
      expect(calls).toEqual([{ action: 'SessionFail', payload: { reason: 'callee-unknown', callee: 'user_999999999@localhost' } }])
      // `callAfter` skips what the page has already seen.
      const later = (await (await fetch(`${stack.apiUrl}/dev/anchor/events?id=${id}&after=0&callAfter=1`)).json()) as { calls: unknown[] }
      expect(later.calls).toEqual([])
    } finally {
      await post(`${stack.apiUrl}/dev/anchor/logout`, { id })
    }
  })

  it('an anchor signs in and chats with a user both ways, exactly once, with read markers', async () => {
    const login = await post(`${stack.apiUrl}/dev/anchor/login`, { uid: '200002', password: 'demo1234' })
    expect(login.status).toBe(200)
    const id = login.data.id as string
    expect(login.data.jid).toBe('anchor_200002@localhost')

    // The user side: the same package, a vcToken from the product API.
    const created = (await post(`${stack.apiUrl}/dev/users`, {})).data.data as { uid: string; jid: string; password: string }
    const token = async () => (await vcTokenOf(stack.apiUrl, created.uid, created.password)).vcToken
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

      // A burst: many texts in one request reach the user in the order given, each exactly once.
      const contents = Array.from({ length: 300 }, (_, i) => `burst ${i}`)
      const burst = await post(`${stack.apiUrl}/dev/anchor/send`, { id, to: created.jid, contents })
      expect(burst.status).toBe(200)
      expect((burst.data.messages as unknown[]).length).toBe(300)
      // A ceiling sized for two busy cores: 283 of the 300 had arrived at 10 s beside the busy loops.
      await vi.waitFor(() => expect(store.all().filter((m) => m.content.startsWith('burst '))).toHaveLength(300), { timeout: 30_000, interval: 50 })
      expect(store.all().filter((m) => m.content.startsWith('burst ')).map((m) => m.content)).toEqual(contents)
    } finally {
      messenger.close()
      await session.logout()
      await post(`${stack.apiUrl}/dev/anchor/logout`, { id })
    }
  }, 60_000)
})
