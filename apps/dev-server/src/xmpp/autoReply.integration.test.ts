/**
 * Seeded anchors answer by themselves through the real stack (Prosody + dev-server): a user writes to
 * an anchor nobody drives and gets the first line of its script over messaging; with a tester signed in
 * as that anchor on the console, the anchor stays quiet.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createChatSession, createMessenger } from '@vchat/xmpp-chat'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { memoryMessageStore } from '../console/anchorConsole.ts'
import { startStack, type Stack } from '../stack/index.ts'
import { vcTokenOf } from '../test-support/api.ts'
import { REPLY_MAX_MS, scriptOf } from './autoReply.ts'
import { runningAutoReplies } from './autoReplyRuntime.ts'

async function post(url: string, body: unknown): Promise<{ status: number; data: Record<string, unknown> }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: response.status, data: (await response.json()) as Record<string, unknown> }
}

describe('seeded anchors answer by themselves (dev-server + Prosody)', () => {
  let dataDir: string
  let stack: Stack

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vchat-autoreply-'))
    stack = await startStack({ apiPort: 0, wsPort: 0, dataDir, reset: true, log: () => {} })
  }, 30_000)

  afterAll(async () => {
    await stack?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  async function newUserSession() {
    const created = (await post(`${stack.apiUrl}/dev/users`, { paid: true })).data.data as { uid: string; jid: string; password: string }
    const token = async () => (await vcTokenOf(stack.apiUrl, created.uid, created.password)).vcToken
    const session = createChatSession({ service: stack.wsUrl!, domain: 'localhost', getCredentials: async () => ({ username: created.jid.split('@')[0] ?? '', password: await token() }) })
    const store = memoryMessageStore()
    const messenger = createMessenger({ session, store, me: created.jid })
    await session.login()
    return {
      jid: created.jid,
      store,
      messenger,
      async close() {
        messenger.close()
        await session.logout()
      },
    }
  }

  it('a user who writes to an anchor nobody drives gets the first line of its script', async () => {
    const user = await newUserSession()
    try {
      await user.messenger.send({ to: 'anchor_200031@localhost', content: 'Hello, anybody there?' })
      await vi.waitFor(
        () => expect(user.store.all().filter((m) => m.from === 'anchor_200031@localhost').map((m) => [m.content, m.type])).toEqual([[scriptOf('200031')[0], 0]]),
        { timeout: REPLY_MAX_MS + 10_000, interval: 100 },
      )
    } finally {
      await user.close()
    }
  }, 30_000)

  it('an anchor a tester drives from the console does not answer by itself', async () => {
    const login = await post(`${stack.apiUrl}/dev/anchor/login`, { uid: '200032', password: 'demo1234' })
    expect(login.status).toBe(200)
    const id = login.data.id as string
    const user = await newUserSession()
    try {
      const sent = await user.messenger.send({ to: 'anchor_200032@localhost', content: 'Are you the real one?' })
      // The tester sees the message; then the tester answers, and only that answer arrives.
      await vi.waitFor(
        async () => {
          const events = (await (await fetch(`${stack.apiUrl}/dev/anchor/events?id=${id}&after=0`)).json()) as { messages: { mid: string }[] }
          expect(events.messages.some((m) => m.mid === sent.mid)).toBe(true)
        },
        { timeout: 5_000, interval: 50 },
      )
      // The filter saw the message before it reached the tester: no answer was scheduled for it.
      expect(runningAutoReplies()?.pending() ?? 0).toBe(0)
      await post(`${stack.apiUrl}/dev/anchor/send`, { id, to: user.jid, content: 'Yes, a tester here' })
      await vi.waitFor(() => expect(user.store.all().some((m) => m.content === 'Yes, a tester here')).toBe(true), { timeout: 5_000, interval: 50 })
      expect(user.store.all().filter((m) => m.from === 'anchor_200032@localhost').map((m) => m.content)).toEqual(['Yes, a tester here'])
      // The same user writing to an anchor nobody drives does get an answer on its way.
      await user.messenger.send({ to: 'anchor_200033@localhost', content: 'And you?' })
      await vi.waitFor(() => expect(runningAutoReplies()?.pending()).toBe(1), { timeout: 5_000, interval: 20 })
    } finally {
      await user.close()
      await post(`${stack.apiUrl}/dev/anchor/logout`, { id })
    }
  }, 40_000)

})
