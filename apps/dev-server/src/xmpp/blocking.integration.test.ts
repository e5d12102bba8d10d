/**
 * Blocking and payment notices through the real messaging server: Prosody's mod_vchat_filter bounces
 * every chat message of a blocked account, the hub refuses its SessionRequest, both from the moment
 * the block is set (sessions already connected included); a paid order is announced with
 * ReChargeSuccess {gemsBalance, orderId}.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { xml } from '@xmpp/client'
import { CALL_ERROR_BLOCKED, createChatSession, createMessenger, FILTER_ERROR_BLOCKED, MessageType, NS_CALL, NS_FILTER } from '@vchat/xmpp-chat'
import type { ChatMessage, ChatSession, MessageStore, Messenger, XmlElement } from '@vchat/xmpp-chat'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startDevServer, type DevServer } from '../index.ts'
import { startProsody, type ProsodyHandle } from '../stack/prosody.ts'
import { createOrder, settleOrder } from '../world/payments.ts'
import { startXmppComponents, type XmppComponents } from './components.ts'
import { XMPP_ROUTES } from './index.ts'
import { postJson, vcTokenOf } from '../test-support/api.ts'

const WAIT = { timeout: 10_000 }

function memoryStore(): MessageStore & { all(): ChatMessage[] } {
  const rows = new Map<string, ChatMessage>()
  return {
    all: () => [...rows.values()],
    async add(message) {
      rows.set(message.mid, { ...message })
    },
    async receive(message) {
      if (rows.has(message.mid)) return 'duplicate'
      rows.set(message.mid, { ...message })
      return 'stored'
    },
    async byMid(mid) {
      return rows.get(mid)
    },
    async update(mid, changes) {
      const row = rows.get(mid)
      if (!row) return undefined
      const updated = { ...row, ...changes }
      rows.set(mid, updated)
      return updated
    },
    async outbox() {
      return [...rows.values()].filter((m) => m.outbox).sort((a, b) => a.date - b.date)
    },
    async markThreadRead(tid) {
      for (const row of rows.values()) if (row.tid === tid) row.read = true
    },
    async lastOfThread(tid, limit) {
      return [...rows.values()].filter((m) => m.tid === tid).slice(-limit)
    },
  }
}

interface Party {
  uid: string
  jid: string
  session: ChatSession
  messenger: Messenger
  store: ReturnType<typeof memoryStore>
  stanzas: XmlElement[]
}

describe('blocking and payment notices through Prosody and the hub', () => {
  let dataDir: string
  let api: DevServer
  let prosody: ProsodyHandle
  let components: XmppComponents
  const parties: Party[] = []

  const post = (path: string, body: unknown) => postJson(api.url, path, body)
  const token = (uid: string, password: string) => vcTokenOf(api.url, uid, password)

  async function signIn(uid: string, password = 'demo1234'): Promise<Party> {
    const { jid } = await token(uid, password)
    const session = createChatSession({
      service: prosody.wsUrl,
      domain: 'localhost',
      getCredentials: async () => ({ username: jid.split('@')[0] ?? '', password: (await token(uid, password)).vcToken }),
    })
    const store = memoryStore()
    const messenger = createMessenger({ session, store, me: jid, giftDomain: prosody.giftDomain })
    const stanzas: XmlElement[] = []
    session.onStanza((stanza) => stanzas.push(stanza))
    const ready = new Promise<void>((resolve) => session.onReady(() => resolve()))
    await session.login()
    await ready
    const party = { uid, jid, session, messenger, store, stanzas }
    parties.push(party)
    return party
  }

  async function newUser(options: Record<string, unknown> = {}): Promise<Party> {
    const { status, data } = await post('/dev/users', options)
    expect(status).toBe(200)
    return signIn(String(data.uid), String(data.password))
  }

  const block = (uid: string, blocked: boolean) => post('/dev/users/block', { uid, blocked, reason: blocked ? 'Spam reports' : undefined })

  const hubCalls = (party: Party, action: string) =>
    party.stanzas
      .map((s) => s.getChild('call', NS_CALL))
      .filter((call) => call?.attrs.action === action)
      .map((call) => JSON.parse(call?.text() || '{}') as Record<string, unknown>)

  const sendHub = (party: Party, action: string, payload: unknown) =>
    party.session.send(xml('message', { to: prosody.hubDomain, type: 'chat' }, xml('call', { xmlns: NS_CALL, action }, JSON.stringify(payload))))

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vchat-blocking-'))
    api = await startDevServer({ port: 0, dataDir: join(dataDir, 'api'), log: () => {}, extraRoutes: XMPP_ROUTES })
    prosody = await startProsody({ apiUrl: api.url, dataDir: join(dataDir, 'prosody') })
    components = await startXmppComponents({ db: api.db, domain: 'localhost', componentPort: prosody.componentPort, componentSecret: prosody.componentSecret })
  })

  afterAll(async () => {
    for (const party of parties) {
      party.messenger.close()
      await party.session.logout()
    }
    await components?.close()
    await prosody?.close()
    await api?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('a block reaches a connected session: its messages bounce as blocked and are never delivered; unblocked, they flow again', async () => {
    const user = await newUser()
    const anchor = await signIn('200002')
    const before = await user.messenger.send({ to: anchor.jid, content: 'before the block' })
    await vi.waitFor(() => expect(anchor.store.all().map((m) => m.content)).toEqual(['before the block']), WAIT)
    await vi.waitFor(async () => expect((await user.store.byMid(before.mid))?.state).toBe('success'), WAIT)

    expect((await block(user.uid, true)).status).toBe(200)
    const text = await user.messenger.send({ to: anchor.jid, content: 'while blocked' })
    const image = await user.messenger.send({ to: anchor.jid, type: MessageType.Image, attachment: { url: 'https://img/2.jpg', thumbUrl: 't', payNeed: false, payPrice: 0 } })
    for (const sent of [text, image]) {
      await vi.waitFor(async () => expect((await user.store.byMid(sent.mid))?.state).toBe('error'), WAIT)
      const bounce = user.stanzas.find((s) => s.attrs.type === 'error' && s.attrs.id === sent.mid)
      const error = bounce?.getChild('error')
      expect(error?.attrs.type).toBe('auth')
      expect(error?.getChild('forbidden')).toBeDefined()
      expect(error?.getChild(FILTER_ERROR_BLOCKED, NS_FILTER)).toBeDefined()
    }

    expect((await block(user.uid, false)).status).toBe(200)
    const after = await user.messenger.send({ to: anchor.jid, content: 'after the block' })
    await vi.waitFor(async () => expect((await user.store.byMid(after.mid))?.state).toBe('success'), WAIT)
    // Nothing sent while blocked ever reached the host.
    await vi.waitFor(() => expect(anchor.store.all().map((m) => m.content)).toEqual(['before the block', 'after the block']), WAIT)
  })

  it("the hub refuses a blocked account's SessionRequest with CallError 'blocked' and holds nothing", async () => {
    const user = await newUser({ paid: true, gemsBalance: 500 })
    expect((await block(user.uid, true)).status).toBe(200)
    await sendHub(user, 'SessionRequest', { callee: 'anchor_200003@localhost' })
    await vi.waitFor(() => expect(hubCalls(user, 'CallError')).toEqual([{ reason: CALL_ERROR_BLOCKED, action: 'SessionRequest', callee: 'anchor_200003@localhost' }]), WAIT)
    expect(hubCalls(user, 'SessionSuccess')).toEqual([])
    expect(components.calls.activeSids()).toEqual([])
    const balance = api.db.prepare('SELECT gems_balance FROM users WHERE uid = ?').get(user.uid) as { gems_balance: number }
    expect(balance.gems_balance).toBe(500)
  })

  it('a paid order is announced once with ReChargeSuccess {gemsBalance, orderId}; a failed one is not', async () => {
    const user = await newUser({ gemsBalance: 5 })
    const order = (key: string) => {
      const row = createOrder(api.db, user.uid, { clientOrderKey: key, sku: 'gems_60', country: 'US', channelId: 'card', fbp: '', fbc: '' }, Date.now())
      if (typeof row === 'string') throw new Error(row)
      return row.order_id
    }
    const paid = order('key-paid')
    const declined = order('key-declined')
    expect(settleOrder(api.db, declined, 'failed', Date.now())).toMatchObject({ status: 'failed' })
    expect(settleOrder(api.db, paid, 'success', Date.now())).toMatchObject({ status: 'success' })
    // 5 + the 60-gem package + its first-purchase bonus (12). A second settle is refused and announces nothing.
    expect(settleOrder(api.db, paid, 'success', Date.now())).toBe('order is already success')
    await vi.waitFor(() => expect(hubCalls(user, 'ReChargeSuccess')).toEqual([{ gemsBalance: 77, orderId: paid }]), WAIT)
  })
})
