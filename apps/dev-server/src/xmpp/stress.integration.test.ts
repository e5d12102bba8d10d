/**
 * SPEC §4 / issue: nothing typed is lost, nothing arrives twice — against the real Prosody. Two users
 * talk through @vchat/xmpp-chat (session + messenger with its outbox); a TCP proxy in front of
 * Prosody's websocket lets the test cut every connection at once, and Prosody itself is restarted
 * (same data folder and port) while messages are in flight.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createChatSession, createMessenger } from '@vchat/xmpp-chat'
import type { ChatMessage, ChatSession, Messenger } from '@vchat/xmpp-chat'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { memoryMessageStore } from '../console/anchorConsole.ts'
import { startDevServer, type DevServer } from '../index.ts'
import { startProsody, type ProsodyHandle } from '../stack/prosody.ts'
import { XMPP_ROUTES } from './index.ts'
import { vcTokenOf } from '../test-support/api.ts'
import { startFaultProxy, type FaultProxy } from '../test-support/faultProxy.ts'

interface Party {
  jid: string
  session: ChatSession
  messenger: Messenger
  store: ReturnType<typeof memoryMessageStore>
  received: ChatMessage[]
}

describe('exactly once through Prosody under connection cuts and restarts', () => {
  let dataDir: string
  let api: DevServer
  let prosody: ProsodyHandle
  let proxy: FaultProxy
  const parties: Party[] = []

  const token = (uid: string) => vcTokenOf(api.url, uid)

  async function party(uid: string): Promise<Party> {
    const { jid } = await token(uid)
    const session = createChatSession({
      service: `ws://127.0.0.1:${proxy.port}/xmpp-websocket`,
      domain: 'localhost',
      getCredentials: async () => ({ username: jid.split('@')[0] ?? '', password: (await token(uid)).vcToken }),
    })
    const store = memoryMessageStore()
    const messenger = createMessenger({ session, store, me: jid })
    const received: ChatMessage[] = []
    messenger.onMessage((message) => received.push(message))
    const ready = new Promise<void>((resolve) => session.onReady(() => resolve()))
    await session.login()
    await ready
    const p = { jid, session, messenger, store, received }
    parties.push(p)
    return p
  }

  async function restartProsody(): Promise<void> {
    const port = prosody.httpPort
    await prosody.close()
    prosody = await startProsody({ apiUrl: api.url, dataDir: join(dataDir, 'prosody'), httpPort: port })
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vchat-stress-'))
    api = await startDevServer({ port: 0, dataDir: join(dataDir, 'api'), log: () => {}, extraRoutes: XMPP_ROUTES })
    prosody = await startProsody({ apiUrl: api.url, dataDir: join(dataDir, 'prosody') })
    proxy = await startFaultProxy(() => prosody.httpPort)
  }, 30_000)

  afterAll(async () => {
    for (const p of parties) {
      p.messenger.close()
      await p.session.logout().catch(() => undefined)
    }
    await proxy?.close()
    await prosody?.close()
    await api?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('1000 messages between two clients arrive exactly once and in order', async () => {
    const alice = await party('100001')
    const bob = await party('100002')
    const sent: string[] = []
    for (let i = 0; i < 1000; i++) sent.push((await alice.messenger.send({ to: bob.jid, content: `m${i}` })).mid)
    await vi.waitFor(() => expect(bob.received.length).toBe(1000), { timeout: 60_000, interval: 100 })
    expect(bob.received.map((m) => m.mid)).toEqual(sent)
    await vi.waitFor(async () => expect(await alice.store.outbox()).toEqual([]), { timeout: 30_000, interval: 100 })
    alice.messenger.close()
    bob.messenger.close()
  }, 120_000)

  it('the websocket cut 20 times and Prosody restarted 3 times during a conversation: zero lost, zero duplicated', async () => {
    const alice = await party('264457001')
    const bob = await party('264457002')
    const toBob: string[] = []
    const toAlice: string[] = []
    let cuts = 0
    let restarts = 0
    for (let i = 0; i < 400; i++) {
      toBob.push((await alice.messenger.send({ to: bob.jid, content: `a${i}` })).mid)
      if (i % 2 === 0) toAlice.push((await bob.messenger.send({ to: alice.jid, content: `b${i}` })).mid)
      if (i % 20 === 10) {
        proxy.cut()
        cuts += 1
      }
      if (i === 100 || i === 200 || i === 300) {
        await restartProsody()
        restarts += 1
      }
      // The load's shape, not a wait for an outcome: a pause every ten messages keeps messages flowing
      // while the reconnect checks do their work (what the test waits for is the vi.waitFor below).
      // eslint-disable-next-line no-restricted-syntax
      if (i % 10 === 0) await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(cuts).toBe(20)
    expect(restarts).toBe(3)
    await vi.waitFor(
      () => {
        expect(new Set(bob.received.map((m) => m.mid)).size).toBe(toBob.length)
        expect(new Set(alice.received.map((m) => m.mid)).size).toBe(toAlice.length)
      },
      { timeout: 90_000, interval: 200 },
    )
    // Zero duplicated: each message reported once; zero lost: every sent id is there.
    expect(bob.received).toHaveLength(toBob.length)
    expect(alice.received).toHaveLength(toAlice.length)
    expect(new Set(bob.received.map((m) => m.mid))).toEqual(new Set(toBob))
    expect(new Set(alice.received.map((m) => m.mid))).toEqual(new Set(toAlice))
    expect(bob.store.all().filter((m) => m.from === alice.jid)).toHaveLength(toBob.length)
    // Everything acknowledged in the end: the outboxes are empty.
    await vi.waitFor(async () => {
      expect(await alice.store.outbox()).toEqual([])
      expect(await bob.store.outbox()).toEqual([])
    }, { timeout: 30_000, interval: 200 })
  }, 180_000)
})
