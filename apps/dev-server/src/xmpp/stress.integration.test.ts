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
import { signedInSession } from '../test-support/session.ts'

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
  /** The away recipient's own network: refused while the sender's link keeps being cut through `proxy`. */
  let awayProxy: FaultProxy
  const parties: Party[] = []

  const token = (uid: string) => vcTokenOf(api.url, uid)

  async function party(uid: string, via: FaultProxy = proxy): Promise<Party> {
    const { jid } = await token(uid)
    const session = createChatSession({
      service: `ws://127.0.0.1:${via.port}/xmpp-websocket`,
      domain: 'localhost',
      getCredentials: async () => ({ username: jid.split('@')[0] ?? '', password: (await token(uid)).vcToken }),
    })
    const store = memoryMessageStore()
    const messenger = createMessenger({ session, store, me: jid })
    const received: ChatMessage[] = []
    messenger.onMessage((message) => received.push(message))
    await signedInSession(session)
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
    awayProxy = await startFaultProxy(() => prosody.httpPort)
  }, 30_000)

  afterAll(async () => {
    for (const p of parties) {
      p.messenger.close()
      await p.session.logout().catch(() => undefined)
    }
    await proxy?.close()
    await awayProxy?.close()
    await prosody?.close()
    await api?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('1000 messages between two clients arrive exactly once and are shown in order', async () => {
    const alice = await party('100001')
    const bob = await party('100002')
    let reconnects = 0
    for (const p of [alice, bob]) p.session.onStateChange((next) => {
      if (next !== 'connected') reconnects += 1
    })
    const sent: string[] = []
    for (let i = 0; i < 1000; i++) sent.push((await alice.messenger.send({ to: bob.jid, content: `m${i}` })).mid)
    await vi.waitFor(() => expect(bob.received.length).toBe(1000), { timeout: 60_000, interval: 100 })
    expect(new Set(bob.received.map((m) => m.mid))).toEqual(new Set(sent))
    // Shown in the order sent: the conversation is sorted by date.
    const stored = bob.store.all().filter((m) => m.from === alice.jid)
    expect([...stored].sort((x, y) => x.date - y.date).map((m) => m.mid)).toEqual(sent)
    // Over one unbroken connection they also arrive in that order. On a busy machine a ping can time
    // out (2 s) mid-burst; across that reconnect what comes back by the archive or a re-send arrives
    // after what kept flowing, so arrival order is then not the promise (the date order above is).
    if (reconnects === 0) expect(bob.received.map((m) => m.mid)).toEqual(sent)
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

  it('the recipient away (reconnects refused) for a stretch, Prosody restarted while it is away, the sender cut 8 times: zero lost, zero duplicated, order kept', async () => {
    // The accounts' sessions of the first test are still up: with the fixed resource two sessions of
    // one account replace each other in a loop, so they end first.
    for (const p of parties.splice(0)) {
      p.messenger.close()
      await p.session.logout()
    }
    const alice = await party('100001')
    const bob = await party('100002', awayProxy)
    const toBob: string[] = []
    const gone = new Promise<void>((resolve) => {
      const stop = bob.session.onStateChange((next) => {
        if (next !== 'connected') {
          stop()
          resolve()
        }
      })
    })
    for (let i = 0; i < 200; i++) {
      toBob.push((await alice.messenger.send({ to: bob.jid, content: `away${i}` })).mid)
      if (i % 25 === 12) proxy.cut()
      if (i === 40) {
        // The recipient's network goes: its link is cut and every reconnect refused.
        awayProxy.refuse(true)
        awayProxy.cut()
        await gone
      }
      if (i === 100) await restartProsody()
      if (i === 160) awayProxy.refuse(false)
      // The load's shape, not a wait for an outcome (see the test above).
      // eslint-disable-next-line no-restricted-syntax
      if (i % 10 === 0) await new Promise((resolve) => setTimeout(resolve, 20))
    }
    // The same accounts talked in the tests above: the archive catch-up brings those messages too.
    const sent = new Set(toBob)
    const ofThisTest = () => bob.received.filter((m) => sent.has(m.mid))
    // Bounded: a reconnect check (10 s), the login and the archive catch-up, with slack for a busy machine.
    await vi.waitFor(() => expect(new Set(ofThisTest().map((m) => m.mid)).size).toBe(toBob.length), { timeout: 60_000, interval: 200 })
    // Zero duplicated (reported once, stored once), zero lost.
    expect(new Set(bob.received.map((m) => m.mid)).size).toBe(bob.received.length)
    expect(ofThisTest()).toHaveLength(toBob.length)
    const stored = bob.store.all().filter((m) => sent.has(m.mid))
    expect(stored).toHaveLength(toBob.length)
    // Order kept: the conversation, sorted by date as it is shown, is the order of sending.
    expect([...stored].sort((x, y) => x.date - y.date).map((m) => m.mid)).toEqual(toBob)
    await vi.waitFor(async () => expect(await alice.store.outbox()).toEqual([]), { timeout: 30_000, interval: 200 })
  }, 180_000)
})
