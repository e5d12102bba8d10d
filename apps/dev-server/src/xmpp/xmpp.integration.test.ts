import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { xml } from '@xmpp/client'
import { createChatSession, createMessenger, MessageType, NS_CALL } from '@vchat/xmpp-chat'
import type { ChatMessage, ChatSession, MessageStore, Messenger, XmlElement } from '@vchat/xmpp-chat'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startDevServer, type DevServer } from '../index.ts'
import { startProsody, type ProsodyHandle } from '../stack/prosody.ts'
import { startXmppComponents, type XmppComponents } from './components.ts'
import { callRecordsOf } from './callRecords.ts'
import { XMPP_ROUTES } from './index.ts'
import { vcTokenOf } from '../test-support/api.ts'


/** An in-memory MessageStore with the contract of chat-db's (de-duplication by mid). */
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
  jid: string
  session: ChatSession
  messenger: Messenger
  store: ReturnType<typeof memoryStore>
  stanzas: XmlElement[]
}

describe('messaging through Prosody and the dev-server components', () => {
  let dataDir: string
  let api: DevServer
  let prosody: ProsodyHandle
  let components: XmppComponents
  const parties: Party[] = []

  async function signIn(uid: string): Promise<Party> {
    const { jid } = await vcTokenOf(api.url, uid)
    const session = createChatSession({
      service: prosody.wsUrl,
      domain: 'localhost',
      getCredentials: async () => ({ username: jid.split('@')[0] ?? '', password: (await vcTokenOf(api.url, uid)).vcToken }),
    })
    const store = memoryStore()
    const messenger = createMessenger({ session, store, me: jid, giftDomain: prosody.giftDomain })
    const stanzas: XmlElement[] = []
    session.onStanza((stanza) => stanzas.push(stanza))
    const ready = new Promise<void>((resolve) => session.onReady(() => resolve()))
    await session.login()
    await ready
    const party = { jid, session, messenger, store, stanzas }
    parties.push(party)
    return party
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vchat-xmpp-'))
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

  it('two seeded users exchange a message: delivered once, acknowledged, state success', async () => {
    const user = await signIn('100001')
    const anchor = await signIn('200001')
    const sent = await user.messenger.send({ to: anchor.jid, content: 'Hello from the user <b>' })
    await vi.waitFor(() => expect(anchor.store.all().map((m) => m.content)).toEqual(['Hello from the user <b>']), { timeout: 5_000 })
    expect(anchor.store.all()[0]).toMatchObject({ mid: sent.mid, from: user.jid, to: anchor.jid, tid: user.jid, type: 0, read: false })
    expect(anchor.store.all()[0]?.sensitiveInfo).toBeUndefined()
    await vi.waitFor(async () => expect(await user.store.byMid(sent.mid)).toMatchObject({ state: 'success', outbox: false }), { timeout: 5_000 })

    const reply = await anchor.messenger.send({ to: user.jid, type: MessageType.Image, attachment: { url: 'https://img/1.jpg', thumbUrl: 't', payNeed: true, payPrice: 30 } })
    await vi.waitFor(async () => expect((await user.store.byMid(reply.mid))?.attachment).toEqual({ url: 'https://img/1.jpg', thumbUrl: 't', payNeed: true, payPrice: 30 }), { timeout: 5_000 })
  })

  it("the filter's flags reach the recipient: porn masked, sensitive flagged, discard and offline dropped, client flags stripped", async () => {
    const [user, anchor] = parties as [Party, Party]
    await user.messenger.send({ to: anchor.jid, content: 'drop me vchat-discard' })
    await user.messenger.send({ to: anchor.jid, content: 'lets meet-in-person' })
    await user.messenger.send({ to: anchor.jid, content: 'add me on WhatsApp' })
    await user.messenger.send({ to: anchor.jid, content: 'some porn words' })
    // A client cannot stamp flags itself: the module removes them.
    await user.session.send(xml('message', { type: 'chat', to: anchor.jid, id: 'spoof-1' }, xml('body', {}, 'I claim to be discarded'), xml('sensitive', { xmlns: 'urn:vchat:filter:1', info: '1' })))
    await user.messenger.send({ to: anchor.jid, content: 'last one' })
    await vi.waitFor(() => expect(anchor.store.all().map((m) => m.content)).toContain('last one'), { timeout: 5_000 })
    const contents = anchor.store.all().map((m) => [m.content, m.sensitiveInfo])
    expect(contents).toEqual(
      expect.arrayContaining([
        ['add me on WhatsApp', 2],
        ['some **** words', 8],
        ['I claim to be discarded', undefined],
        ['last one', undefined],
      ]),
    )
    expect(contents.map(([content]) => content)).not.toContain('drop me vchat-discard')
    expect(contents.map(([content]) => content)).not.toContain('lets meet-in-person')
  })

  it('GiftBuy with enough gems succeeds and deducts; without enough it fails with the iq error', async () => {
    const [user, anchor] = parties as [Party, Party]
    const before = (api.db.prepare("SELECT gems_balance FROM users WHERE uid = '100001'").get() as { gems_balance: number }).gems_balance
    expect(await user.messenger.buyGift({ to: anchor.jid, gift: 'rose', price: 50 })).toEqual({ gemsBalance: before - 50 })
    expect((api.db.prepare("SELECT gems_balance FROM users WHERE uid = '100001'").get() as { gems_balance: number }).gems_balance).toBe(before - 50)

    const poor = await signIn('100002')
    const error = await poor.messenger.buyGift({ to: anchor.jid, gift: 'rose', price: 50 }).catch((e: unknown) => e as Error)
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toBe('xmpp send iq error')
    expect(((error as Error).cause as { condition?: string }).condition).toBe('not-acceptable')
    expect((api.db.prepare("SELECT gems_balance FROM users WHERE uid = '100002'").get() as { gems_balance: number }).gems_balance).toBe(0)
  })

  it('the hub answers a CallCheck with a CallError (no such call)', async () => {
    const [user] = parties as [Party]
    await user.session.send(xml('message', { to: prosody.hubDomain, type: 'chat' }, xml('call', { xmlns: NS_CALL, action: 'CallCheck' }, '{"sid":"s-1"}')))
    await vi.waitFor(() => expect(user.stanzas.some((s) => s.getChild('call', NS_CALL)?.attrs.action === 'CallError')).toBe(true), { timeout: 5_000 })
    const answer = user.stanzas.find((s) => s.getChild('call', NS_CALL))?.getChild('call', NS_CALL)
    expect(JSON.parse(answer?.text() ?? '')).toEqual({ reason: 'sidNonExistent', action: 'CallCheck', sid: 's-1' })
  })
  it('the hub brokers a call: SessionSuccess and CallIn, PeerAnswered, relayed negotiation, one minute billed and recorded', async () => {
    const [user, anchor] = parties as [Party, Party]
    const callsOf = (party: Party, action: string) =>
      party.stanzas.map((s) => s.getChild('call', NS_CALL)).filter((c) => c?.attrs.action === action).map((c) => JSON.parse(c?.text() ?? '{}') as Record<string, unknown>)
    const toHub = (party: Party, action: string, payload: unknown) =>
      party.session.send(xml('message', { to: prosody.hubDomain, type: 'chat' }, xml('call', { xmlns: NS_CALL, action }, JSON.stringify(payload))))
    const gems = () => (api.db.prepare("SELECT gems_balance FROM users WHERE uid = '100001'").get() as { gems_balance: number }).gems_balance
    const before = gems()

    await toHub(user, 'SessionRequest', { callee: anchor.jid })
    await vi.waitFor(() => expect(callsOf(user, 'SessionSuccess')).toHaveLength(1), { timeout: 5_000 })
    const sid = callsOf(user, 'SessionSuccess')[0]?.sid as string
    await vi.waitFor(() => expect(callsOf(anchor, 'CallIn')[0]).toMatchObject({ sid, caller: user.jid, price: 60 }), { timeout: 5_000 })
    expect(gems()).toBe(before - 60)

    await toHub(anchor, 'CallReady', { sid })
    await toHub(anchor, 'CallAccept', { sid })
    await vi.waitFor(() => expect(callsOf(user, 'PeerAnswered')[0]).toMatchObject({ sid }), { timeout: 5_000 })
    await toHub(user, 'WebRTCContent', { sid, step: 'invitation' })
    await vi.waitFor(() => expect(callsOf(anchor, 'WebRTCContent')[0]).toEqual({ sid, step: 'invitation' }), { timeout: 5_000 })

    await toHub(user, 'SessionTerminate', { sid })
    await vi.waitFor(() => expect(callsOf(anchor, 'SessionTerminate')[0]).toEqual({ sid, reason: 'peer-hangup' }), { timeout: 5_000 })
    expect(callRecordsOf(api.db, user.jid)[0]).toMatchObject({ sid, callee: anchor.jid, state: 'ended', minutes: 1, gems_charged: 60 })
    expect(gems()).toBe(before - 60)
  })

  it('a call that rang while the host was signed out does not ring her at her next sign-in', async () => {
    const [user] = parties as [Party]
    const actionsOf = (party: Party) => party.stanzas.map((s) => s.getChild('call', NS_CALL)?.attrs.action).filter(Boolean)
    const successes = () => user.stanzas.filter((s) => s.getChild('call', NS_CALL)?.attrs.action === 'SessionSuccess').map((s) => JSON.parse(s.getChild('call', NS_CALL)?.text() ?? '{}') as { sid: string })
    const before = successes().length
    const toHub = (action: string, payload: unknown) => user.session.send(xml('message', { to: prosody.hubDomain, type: 'normal' }, xml('call', { xmlns: NS_CALL, action }, JSON.stringify(payload))))
    // 200009 has no session: the ring goes nowhere, and the caller gives up.
    await toHub('SessionRequest', { callee: 'anchor_200009@localhost' })
    await vi.waitFor(() => expect(successes().length).toBe(before + 1), { timeout: 5_000 })
    await toHub('CallCancel', { sid: successes()[before]?.sid })
    await vi.waitFor(() => expect(callRecordsOf(api.db, user.jid).some((row) => row.state === 'cancelled')).toBe(true), { timeout: 5_000 })

    // She signs in later: a message sent after her sign-in arrives, and nothing of that call came before it.
    const host = await signIn('200009')
    const marker = await user.messenger.send({ to: host.jid, content: 'after the call' })
    await vi.waitFor(() => expect(host.store.all().map((m) => m.mid)).toContain(marker.mid), { timeout: 5_000 })
    expect(actionsOf(host)).toEqual([])
  })
})
