/**
 * Issue 16, "sent means it arrives": a message the server acknowledged reaches its recipient even
 * when the recipient's network is gone for a while (reconnects refused), when the recipient has no
 * session at all, and when Prosody is stopped and restarted meanwhile. The sender talks to Prosody
 * directly; the recipient goes through a fault proxy that can cut its connection and refuse new ones.
 * Each case runs on its own dev-server and Prosody (fresh data folders), so no case sees another's
 * offline storage or archive.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LOGIN_TIMEOUT_MS, RECONNECT_FIRST_CHECK_MS, createChatSession, createMessenger } from '@vchat/xmpp-chat'
import type { ChatMessage, ChatSession, Messenger } from '@vchat/xmpp-chat'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { memoryMessageStore } from '../console/anchorConsole.ts'
import { startDevServer, type DevServer } from '../index.ts'
import { startProsody, type ProsodyHandle } from '../stack/prosody.ts'
import { XMPP_ROUTES } from './index.ts'
import { vcTokenOf } from '../test-support/api.ts'
import { envelope } from '../test-support/envelope.ts'
import { startFaultProxy, type FaultProxy } from '../test-support/faultProxy.ts'
import { signedInSession } from '../test-support/session.ts'

interface Party {
  jid: string
  session: ChatSession
  messenger: Messenger
  store: ReturnType<typeof memoryMessageStore>
  received: ChatMessage[]
}

interface Stack {
  dataDir: string
  api: DevServer
  prosody: ProsodyHandle
  /** Between the recipient and Prosody. */
  proxy: FaultProxy
  parties: Party[]
}

let stack: Stack | undefined
const prosodyLog = process.env.VCHAT_PROSODY_DEBUG === '1' ? (line: string) => console.log(line) : undefined

async function startStack(options: { hibernationSeconds?: number } = {}): Promise<Stack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vchat-archive-'))
  const api = await startDevServer({ port: 0, dataDir: join(dataDir, 'api'), log: () => {}, extraRoutes: XMPP_ROUTES })
  const prosody = await startProsody({ apiUrl: api.url, dataDir: join(dataDir, 'prosody'), log: prosodyLog, ...options })
  const created: Stack = { dataDir, api, prosody, proxy: await startFaultProxy(() => created.prosody.httpPort), parties: [] }
  stack = created
  return created
}

afterEach(async () => {
  const s = stack
  stack = undefined
  if (!s) return
  for (const p of s.parties) {
    p.messenger.close()
    await p.session.logout().catch(() => undefined)
  }
  await s.proxy.close()
  await s.prosody.close()
  await s.api.close()
  await rm(s.dataDir, { recursive: true, force: true })
})

/**
 * A user with session and messenger; `viaProxy` puts the fault proxy between it and Prosody; `store`
 * is the device's storage (default: a fresh one).
 */
function party(s: Stack, uid: string, viaProxy: boolean, store = memoryMessageStore()): Party & { login(): Promise<void> } {
  let jid = ''
  const token = () => vcTokenOf(s.api.url, uid)
  const port = () => (viaProxy ? s.proxy.port : s.prosody.httpPort)
  const session = createChatSession({
    service: `ws://127.0.0.1:${port()}/xmpp-websocket`,
    domain: 'localhost',
    getCredentials: async () => {
      const answer = await token()
      return { username: answer.jid.split('@')[0] ?? '', password: answer.vcToken }
    },
  })
  const received: ChatMessage[] = []
  const p = {
    get jid() {
      return jid
    },
    session,
    store,
    received,
    messenger: undefined as unknown as Messenger,
    async login() {
      jid = (await token()).jid
      p.messenger = createMessenger({ session, store, me: jid })
      p.messenger.onMessage((message) => received.push(message))
      await signedInSession(session)
      s.parties.push(p)
    },
  }
  return p
}

/** Prosody stopped (SIGTERM: shutdown hooks run) and started again on the same port and data folder. */
async function restartProsody(s: Stack): Promise<void> {
  const port = s.prosody.httpPort
  await s.prosody.close()
  s.prosody = await startProsody({ apiUrl: s.api.url, dataDir: join(s.dataDir, 'prosody'), httpPort: port, log: prosodyLog })
}

/** Prosody killed (SIGKILL: no shutdown hooks, in-memory queues gone) and started again. */
async function killProsody(s: Stack): Promise<void> {
  const port = s.prosody.httpPort
  process.kill(s.prosody.pid, 'SIGKILL')
  await s.prosody.close()
  s.prosody = await startProsody({ apiUrl: s.api.url, dataDir: join(s.dataDir, 'prosody'), httpPort: port, log: prosodyLog })
}

/** Resolves when the session leaves `connected` (the proxy cut it). */
function dropped(session: ChatSession): Promise<void> {
  return new Promise((resolve) => {
    const stop = session.onStateChange((next) => {
      if (next !== 'connected') {
        stop()
        resolve()
      }
    })
  })
}

async function sendAll(from: Party, to: string, count: number, prefix: string): Promise<string[]> {
  const mids: string[] = []
  for (let i = 0; i < count; i++) mids.push((await from.messenger.send({ to, content: `${prefix}${i}` })).mid)
  // Every message acknowledged by the server (XEP-0198): the sender's bubble says "sent". Bounded by
  // the size of the burst: Prosody stores each message (archive, and the away recipient's queue) before
  // it acknowledges it, and on a busy two-core machine 600 of them took longer than 20 s, and once
  // (beside the busy loops and another Prosody suite) more than 50 s.
  await vi.waitFor(async () => expect(await from.store.outbox()).toEqual([]), { timeout: 30_000 + count * 100, interval: 50 })
  return mids
}

/** 0 lost, 0 shown twice, order kept. */
function expectExactlyOnceInOrder(recipient: Party, sent: string[]): void {
  expect(recipient.received.map((m) => m.mid)).toEqual(sent)
  expect(recipient.store.all().filter((m) => sent.includes(m.mid))).toHaveLength(sent.length)
}

/** The recipient's network gone: its connection cut and every reconnect refused. */
async function takeAway(s: Stack, recipient: Party): Promise<void> {
  const gone = dropped(recipient.session)
  s.proxy.refuse(true)
  s.proxy.cut()
  await gone
}

/**
 * Waits until the recipient has been away `ms` and had at least one more reconnect refused after
 * that (the test waits for the client's own attempts, not for a clock).
 */
async function stayAway(s: Stack, ms: number): Promise<void> {
  const since = Date.now()
  const refusedBefore = s.proxy.refused
  await vi.waitFor(
    () => {
      expect(Date.now() - since).toBeGreaterThanOrEqual(ms)
      expect(s.proxy.refused).toBeGreaterThan(refusedBefore)
    },
    // Bounded: the away time plus one 10 s reconnect check and slack for a busy machine.
    { timeout: ms + 25_000, interval: 200 },
  )
}

describe('sent means it arrives (Prosody archive, offline storage, resumption)', () => {
  it('a recipient with no session gets what was sent meanwhile when it logs in', async () => {
    const s = await startStack()
    const alice = party(s, '100001', false)
    const bob = party(s, '100002', true)
    await alice.login()
    const sent = await sendAll(alice, (await vcTokenOf(s.api.url, '100002')).jid, 10, 'offline')
    await bob.login()
    // Bounded: delivery of offline storage right after login.
    await vi.waitFor(() => expect(bob.received).toHaveLength(sent.length), { timeout: 15_000, interval: 50 })
    expectExactlyOnceInOrder(bob, sent)
  }, 60_000)

  it.each([20_000, 60_000])('recipient away %i ms with reconnects refused, 10 messages: 0 lost, 0 twice, in order', async (awayMs) => {
    const s = await startStack()
    const alice = party(s, '100001', false)
    const bob = party(s, '100002', true)
    await alice.login()
    await bob.login()
    await takeAway(s, bob)
    const sent = await sendAll(alice, bob.jid, 10, 'away')
    await stayAway(s, awayMs)
    s.proxy.refuse(false)
    // Bounded: the next reconnect check (10 s) plus the login.
    await vi.waitFor(() => expect(bob.received).toHaveLength(sent.length), { timeout: 25_000, interval: 100 })
    expectExactlyOnceInOrder(bob, sent)
  }, 150_000)

  /**
   * Away longer than Prosody keeps the session resumable (a phone off the network for 10 minutes): the
   * hibernated session expires, its queue goes to offline storage, the resume is refused and the client
   * logs in anew. By default Prosody's hibernation is shortened to 5 s and the recipient stays away
   * 20 s, which takes the same path in CI time; VCHAT_XMPP_AWAY_MINUTES=10 runs the real ten minutes
   * against the default hibernation.
   */
  const awayMinutes = Number(process.env.VCHAT_XMPP_AWAY_MINUTES ?? 0)
  const realAway = Number.isFinite(awayMinutes) && awayMinutes > 0
  const awayMs = realAway ? awayMinutes * 60_000 : 20_000
  it('recipient away past hibernation (the session expired on the server), 10 messages: 0 lost, 0 twice, in order', async () => {
    const hibernationSeconds = realAway ? undefined : 5
    const s = await startStack(hibernationSeconds === undefined ? {} : { hibernationSeconds })
    const alice = party(s, '100001', false)
    const bob = party(s, '100002', true)
    await alice.login()
    await bob.login()
    await takeAway(s, bob)
    const sent = await sendAll(alice, bob.jid, 5, 'past-hibernation')
    await stayAway(s, awayMs)
    const later = await sendAll(alice, bob.jid, 5, 'after-expiry')
    const resumed: boolean[] = []
    bob.session.onReady((event) => resumed.push(event.resumed))
    s.proxy.refuse(false)
    // Bounded: the next reconnect check (10 s), the refused resume, the login and the catch-up.
    await vi.waitFor(() => expect(bob.received).toHaveLength(sent.length + later.length), { timeout: 30_000, interval: 100 })
    expectExactlyOnceInOrder(bob, [...sent, ...later])
    // It really was past hibernation: the stream could not be resumed, a new login carried everything.
    expect(resumed).toEqual([false])
  }, awayMs + 90_000)

  it('recipient away while more arrives than the server keeps for a resume (600): the refused resume ends at once, and a new login gets everything once, shown in the order sent', async () => {
    const s = await startStack()
    const alice = party(s, '100001', false)
    const bob = party(s, '100002', true)
    await alice.login()
    await bob.login()
    await takeAway(s, bob)
    const sent = await sendAll(alice, bob.jid, 600, 'overflow')
    const states: { state: string; at: number }[] = []
    bob.session.onStateChange((state) => states.push({ state, at: performance.now() }))
    s.proxy.refuse(false)
    // Bounded: the next reconnect check (10 s), the refused resume, the login and five archive pages.
    await vi.waitFor(() => expect(bob.received).toHaveLength(sent.length), { timeout: 40_000, interval: 100 })
    // Each once. They come by two ways (what the server had queued is handed to offline storage,
    // what it had to let go is in the archive), so arrival order is not sent order; the order they
    // are shown in is their date, which is the order sent.
    expect([...bob.received.map((m) => m.mid)].sort()).toEqual([...sent].sort())
    const stored = bob.store.all().filter((m) => sent.includes(m.mid))
    expect(stored).toHaveLength(sent.length)
    expect([...stored].sort((x, y) => x.date - y.date).map((m) => m.mid)).toEqual(sent)
    // Prosody closes the stream when it refuses the resume: that attempt ended then, not at the
    // 10 s login time-out, and the next one followed at once.
    const first = states.findIndex((entry) => entry.state === 'connecting')
    const failed = states.findIndex((entry, i) => i > first && entry.state === 'failed')
    if (failed !== -1) {
      expect(states[failed]!.at - states[first]!.at).toBeLessThan(LOGIN_TIMEOUT_MS)
      expect(states[failed + 1]?.state).toBe('connecting')
      expect(states[failed + 1]!.at - states[failed]!.at).toBeLessThan(RECONNECT_FIRST_CHECK_MS)
    }
  }, 180_000)

  it('a catch-up asked before the initial presence: what offline storage held comes once, from the archive, and offline storage is emptied (mod_vchat_offline)', async () => {
    const s = await startStack({ hibernationSeconds: 5 })
    const alice = party(s, '100001', false)
    const bob = party(s, '100002', true)
    await alice.login()
    await bob.login()
    await takeAway(s, bob)
    const sent = await sendAll(alice, bob.jid, 10, 'asked-first')
    // Past hibernation: the server's queue for bob went to offline storage.
    await stayAway(s, 10_000)
    const origins: string[] = []
    bob.messenger.onMessage((_, origin) => origins.push(origin))
    s.proxy.refuse(false)
    // Bounded: the next reconnect check (10 s), the refused resume, the login and the catch-up.
    await vi.waitFor(() => expect(bob.received).toHaveLength(sent.length), { timeout: 30_000, interval: 100 })
    expectExactlyOnceInOrder(bob, sent)
    // Not pushed a second time from offline storage.
    expect(origins).toEqual(sent.map(() => 'archive'))
    bob.messenger.close()
    await bob.session.logout()
    // Offline storage is empty: a client that never asks the archive gets none of them again, only
    // what is sent now (offline messages would come first, at its initial presence).
    const plain = createChatSession({
      service: `ws://127.0.0.1:${s.prosody.httpPort}/xmpp-websocket`,
      domain: 'localhost',
      getCredentials: async () => {
        const answer = await vcTokenOf(s.api.url, '100002')
        return { username: answer.jid.split('@')[0] ?? '', password: answer.vcToken }
      },
    })
    const bodies: string[] = []
    plain.onStanza((stanza) => {
      const body = stanza.name === 'message' ? stanza.getChildText('body') : null
      if (body) bodies.push(body)
    })
    try {
      await signedInSession(plain)
      await sendAll(alice, bob.jid, 1, 'marker')
      await vi.waitFor(() => expect(bodies).toContain('marker0'), { timeout: 10_000, interval: 50 })
      expect(bodies).toEqual(['marker0'])
    } finally {
      await plain.logout()
    }
  }, 120_000)

  it('a new device (empty store) asks only for the newest archive page, and still gets every offline message, more than a page, once', async () => {
    const s = await startStack()
    const alice = party(s, '100001', false)
    await alice.login()
    const sent = await sendAll(alice, (await vcTokenOf(s.api.url, '100002')).jid, 60, 'new-device')
    const bob = party(s, '100002', true)
    await bob.login()
    // Bounded: the archive's newest page and the offline push right after login.
    await vi.waitFor(() => expect(bob.received).toHaveLength(sent.length), { timeout: 20_000, interval: 100 })
    expect([...bob.received.map((m) => m.mid)].sort()).toEqual([...sent].sort())
    const stored = bob.store.all().filter((m) => sent.includes(m.mid))
    expect([...stored].sort((x, y) => x.date - y.date).map((m) => m.mid)).toEqual(sent)
  }, 90_000)

  it('recipient away while Prosody is stopped (SIGTERM) and restarted: 0 lost, 0 twice, in order', async () => {
    const s = await startStack()
    const alice = party(s, '100001', false)
    const bob = party(s, '100002', true)
    await alice.login()
    await bob.login()
    await takeAway(s, bob)
    const sent = await sendAll(alice, bob.jid, 20, 'restart')
    await restartProsody(s)
    s.proxy.refuse(false)
    // Bounded: the next reconnect check (10 s) plus the login.
    await vi.waitFor(() => expect(bob.received).toHaveLength(sent.length), { timeout: 25_000, interval: 100 })
    expectExactlyOnceInOrder(bob, sent)
  }, 90_000)

  it('recipient away while Prosody is killed (SIGKILL) and restarted: the archive on disk fills the gap', async () => {
    const s = await startStack()
    const alice = party(s, '100001', false)
    const bob = party(s, '100002', true)
    await alice.login()
    await bob.login()
    const before = await sendAll(alice, bob.jid, 1, 'before')
    await vi.waitFor(() => expect(bob.received).toHaveLength(1), { timeout: 10_000, interval: 50 })
    await takeAway(s, bob)
    const sent = await sendAll(alice, bob.jid, 20, 'killed')
    await killProsody(s)
    s.proxy.refuse(false)
    // Bounded: the next reconnect check (10 s), the refused resume, the login and the catch-up.
    await vi.waitFor(() => expect(bob.received).toHaveLength(before.length + sent.length), { timeout: 30_000, interval: 100 })
    expectExactlyOnceInOrder(bob, [...before, ...sent])
  }, 90_000)

  it('recipient killed without closing (socket dropped, never logged out): the next start gets everything once', async () => {
    const s = await startStack()
    const alice = party(s, '100001', false)
    const bob = party(s, '100002', true)
    await alice.login()
    await bob.login()
    const before = await sendAll(alice, bob.jid, 1, 'before')
    await vi.waitFor(() => expect(bob.received).toHaveLength(1), { timeout: 10_000, interval: 50 })
    // The tab is killed: its socket drops and its code never runs again (no logout reaches the server).
    await takeAway(s, bob)
    bob.messenger.close()
    await bob.session.logout()
    const sent = await sendAll(alice, bob.jid, 10, 'killed-tab')
    s.proxy.refuse(false)
    // The page is opened again: a new session and messenger over the same device storage.
    const again = party(s, '100002', true, bob.store)
    await again.login()
    // Bounded: offline delivery and the archive catch-up right after login.
    await vi.waitFor(() => expect(again.received).toHaveLength(sent.length), { timeout: 20_000, interval: 100 })
    expectExactlyOnceInOrder(again, sent)
    expect(bob.store.all().filter((m) => m.mid === before[0])).toHaveLength(1)
  }, 90_000)

  it('second device: a fresh store for the same account gets the conversation from the archive, once and in order', async () => {
    const s = await startStack()
    const alice = party(s, '100001', false)
    const bob = party(s, '100002', true)
    await alice.login()
    await bob.login()
    const conversation: string[] = []
    for (let i = 0; i < 10; i++) {
      conversation.push(...(await sendAll(alice, bob.jid, 1, `a${i}-`)))
      conversation.push(...(await sendAll(bob, alice.jid, 1, `b${i}-`)))
    }
    await vi.waitFor(() => expect(bob.received).toHaveLength(10), { timeout: 10_000, interval: 50 })
    bob.messenger.close()
    await bob.session.logout()
    const device = party(s, '100002', true)
    await device.login()
    const page = await device.messenger.loadThreadHistory(alice.jid)
    expect(page.messages.map((m) => m.mid)).toEqual(conversation)
    const thread = await device.store.lastOfThread(alice.jid, 100)
    expect(thread.map((m) => m.mid).sort()).toEqual([...conversation].sort())
    expect([...thread].sort((x, y) => x.date - y.date).map((m) => m.mid)).toEqual(conversation)
    // Bob's own: sent, and not claimed read (alice never opened the conversation).
    expect(thread.filter((m) => m.from === bob.jid).every((m) => !m.read && m.state === 'success')).toBe(true)
    // Read where they were read: bob answered every message of alice's, so none is unread here.
    expect(thread.filter((m) => m.from === alice.jid && !m.read)).toEqual([])
  }, 60_000)

  it('second device: read states follow from the archive (read on the phone, read by the peer), the rest stays unread', async () => {
    const s = await startStack()
    const alice = party(s, '100001', false)
    const bob = party(s, '100002', true)
    await alice.login()
    await bob.login()
    const early = await sendAll(alice, bob.jid, 3, 'early')
    await vi.waitFor(() => expect(bob.received).toHaveLength(3), { timeout: 10_000, interval: 50 })
    // Bob reads them on his phone (a displayed marker), and answers; alice reads his answer.
    await bob.messenger.markThreadRead(alice.jid)
    const answer = await sendAll(bob, alice.jid, 1, 'answer')
    await vi.waitFor(() => expect(alice.received).toHaveLength(1), { timeout: 10_000, interval: 50 })
    await alice.messenger.markThreadRead(bob.jid)
    // Then two more from alice that bob has not read anywhere.
    const late = await sendAll(alice, bob.jid, 2, 'late')
    await vi.waitFor(() => expect(bob.received).toHaveLength(5), { timeout: 10_000, interval: 50 })
    bob.messenger.close()
    await bob.session.logout()

    const device = party(s, '100002', true)
    await device.login()
    await device.messenger.loadThreadHistory(alice.jid)
    // Bounded: the page is stored, then its read states applied.
    await vi.waitFor(async () => {
      const stored = await device.store.lastOfThread(alice.jid, 100)
      const readOf = (mids: string[]) => stored.filter((m) => mids.includes(m.mid)).map((m) => m.read)
      expect(readOf(early)).toEqual([true, true, true])
      expect(readOf(late)).toEqual([false, false])
      expect(readOf(answer)).toEqual([true])
    }, { timeout: 10_000, interval: 100 })
  }, 60_000)

  it('signing out through the API ends the messaging session of that token; what is sent afterwards waits for the next sign-in', async () => {
    const s = await startStack()
    const alice = party(s, '100001', false)
    await alice.login()
    // Bob's page signed in with one token (as the app does until a re-login).
    const signedIn = await vcTokenOf(s.api.url, '100002')
    const session = createChatSession({
      service: `ws://127.0.0.1:${s.prosody.httpPort}/xmpp-websocket`,
      domain: 'localhost',
      getCredentials: async () => ({ username: signedIn.jid.split('@')[0] ?? '', password: signedIn.vcToken }),
    })
    const store = memoryMessageStore()
    const messenger = createMessenger({ session, store, me: signedIn.jid })
    const received: ChatMessage[] = []
    messenger.onMessage((message) => received.push(message))
    s.parties.push({ jid: signedIn.jid, session, messenger, store, received })
    await session.login()
    const ended = dropped(session)

    const { status } = await fetch(`${s.api.url}/api/login_service/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${signedIn.vcToken}` },
      body: JSON.stringify(envelope({})),
    })
    expect(status).toBe(200)
    // The server ended it at once (bounded: the answer to the sign-out waits for Prosody).
    await ended
    const after = await sendAll(alice, signedIn.jid, 2, 'after-sign-out')
    // The signed-out page cannot sign in again with its revoked token, so nothing reaches it.
    await vi.waitFor(() => expect(session.state).not.toBe('connecting'), { timeout: 15_000, interval: 100 })
    expect(session.state).not.toBe('connected')
    expect(received).toEqual([])
    // The next sign-in (a new token) gets what was sent meanwhile, once.
    const next = party(s, '100002', false)
    await next.login()
    await vi.waitFor(() => expect(next.received).toHaveLength(after.length), { timeout: 15_000, interval: 100 })
    expectExactlyOnceInOrder(next, after)
  }, 90_000)
})
