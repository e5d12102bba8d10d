/**
 * mod_vchat_filter decides every message locally from the rules the dev-server publishes: its Lua
 * verdicts are those of filterText for a table of inputs (through the real Prosody), a block pushed
 * mid-session bounces the very next message and an unblock lets the very next one through, and a
 * Prosody that gets no pushes follows the rules by polling.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { xml } from '@xmpp/client'
import { createChatSession, FILTER_ERROR_BLOCKED, NS_FILTER } from '@vchat/xmpp-chat'
import type { ChatSession, XmlElement } from '@vchat/xmpp-chat'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startDevServer, type DevServer } from '../index.ts'
import { startProsody, type ProsodyHandle } from '../stack/prosody.ts'
import { filterText, type FilterVerdict } from './filter.ts'
import type { FilterRulesSnapshot } from './filterRules.ts'
import { XMPP_ROUTES } from './index.ts'
import { postJson, vcTokenOf } from '../test-support/api.ts'

const WAIT = { timeout: 10_000 }

/** Texts around every matching rule: case, hyphens, Unicode neighbours, masks. */
const INPUTS = [
  'Hello, how are you?',
  'My WhatsApp and some PORN',
  'pornography and telegrams',
  'Nude pics, porn!',
  'NUDES nudes Nudes nUdE',
  'buy-followers now',
  'buy--followers',
  'buy-followers-cheap and buy-followers',
  '-porn- porn- -nude',
  'vchat-porn-x x-vchat-porn vchat-porn-',
  'meet-in-person? meet in person',
  'my hotel-room, HOTEL-ROOM',
  'vchat-discard vchat-sensitive vchat-offline vchat-porn',
  'pornó porn… «nude» „nude“',
  'ｐｏｒｎ 𝐩𝐨𝐫𝐧',
  'SPAMLIN\u212A spamlinK',
  'porn😀 😀nude😀',
  'واتساب whatsapp، telegram。 Telegram！',
  'porn2 2porn nude_pic telegram\'s',
  'porn\u0301 e\u0301porn',
  'ПОРН porn Порно',
  'İporn nudeİ ß nude ẞ',
  '٣porn porn٣ porn ٣',
  'naïve nude spamlink\u00adx a\u2011nude',
  'porn\nnude\tok  paypal.me/x PayPal',
  'nude-porn porn-nude nude -- porn',
  'vchat-sensitive only',
  'hotel-room meet-in-person spamlink',
] as const

interface Party {
  uid: string
  jid: string
  session: ChatSession
  stanzas: XmlElement[]
}

/** The verdict stamped on a delivered stanza, in filterText's shape. */
function stamped(stanza: XmlElement): FilterVerdict {
  const flags = stanza.getChild('sensitive', NS_FILTER)
  if (!flags) return { sensitiveInfo: 0 }
  const replacement = flags.attrs.replacement as string | undefined
  return { sensitiveInfo: Number(flags.attrs.info), ...(replacement === undefined ? {} : { replacement }) }
}

describe('the word filter and blocks applied by Prosody from the published rules', () => {
  let dataDir: string
  let api: DevServer
  let prosody: ProsodyHandle
  let polling: ProsodyHandle
  const parties: Party[] = []
  let sequence = 0

  const post = (path: string, body: unknown) => postJson(api.url, path, body)
  const token = (uid: string, password: string) => vcTokenOf(api.url, uid, password)

  async function signIn(server: ProsodyHandle, uid: string, password = 'demo1234'): Promise<Party> {
    const { jid } = await token(uid, password)
    const session = createChatSession({
      service: server.wsUrl,
      domain: 'localhost',
      getCredentials: async () => ({ username: jid.split('@')[0] ?? '', password: (await token(uid, password)).vcToken }),
    })
    const stanzas: XmlElement[] = []
    session.onStanza((stanza) => stanzas.push(stanza))
    const ready = new Promise<void>((resolve) => session.onReady(() => resolve()))
    await session.login()
    await ready
    const party = { uid, jid, session, stanzas }
    parties.push(party)
    return party
  }

  async function newUser(server: ProsodyHandle): Promise<Party> {
    const { status, data } = await post('/dev/users', {})
    expect(status).toBe(200)
    return signIn(server, String(data.uid), String(data.password))
  }

  const block = async (uid: string, blocked: boolean) => expect((await post('/dev/users/block', { uid, blocked })).status).toBe(200)

  /** Sends a chat message with this text; resolves with its id. */
  async function send(from: Party, to: Party, text: string): Promise<string> {
    const id = `filter-${++sequence}`
    await from.session.send(xml('message', { type: 'chat', to: to.jid, id }, xml('body', {}, text)))
    return id
  }

  const delivered = (to: Party, id: string) => to.stanzas.find((s) => s.name === 'message' && s.attrs.id === id && s.attrs.type !== 'error')
  const bounced = (from: Party, id: string) =>
    from.stanzas.find((s) => s.name === 'message' && s.attrs.type === 'error' && s.attrs.id === id)?.getChild('error')?.getChild(FILTER_ERROR_BLOCKED, NS_FILTER)

  /** The next message either bounces as blocked or is delivered: which one. */
  async function fate(from: Party, to: Party): Promise<'bounced' | 'delivered'> {
    const id = await send(from, to, 'is this one delivered?')
    let result: 'bounced' | 'delivered' | undefined
    await vi.waitFor(() => {
      result = bounced(from, id) ? 'bounced' : delivered(to, id) ? 'delivered' : undefined
      expect(result).toBeDefined()
    }, WAIT)
    // Prosody decides once: a bounced message is never delivered as well.
    if (result === 'bounced') expect(delivered(to, id)).toBeUndefined()
    return result ?? 'delivered'
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vchat-filter-rules-'))
    api = await startDevServer({ port: 0, dataDir: join(dataDir, 'api'), log: () => {}, extraRoutes: XMPP_ROUTES })
    prosody = await startProsody({ apiUrl: api.url, dataDir: join(dataDir, 'prosody') })
    polling = await startProsody({ apiUrl: api.url, dataDir: join(dataDir, 'polling'), pushFilterRules: false })
  })

  afterAll(async () => {
    for (const party of parties) await party.session.logout()
    await polling?.close()
    await prosody?.close()
    await api?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('the Lua verdicts equal filterText for every input of the table', async () => {
    const user = await newUser(prosody)
    const anchor = await signIn(prosody, '200003')
    const sent = new Map<string, string>()
    for (const text of INPUTS) sent.set(await send(user, anchor, text), text)
    await vi.waitFor(() => expect([...sent.keys()].filter((id) => !delivered(anchor, id))).toEqual([]), WAIT)
    const actual = [...sent].map(([id, text]) => ({ text, verdict: stamped(delivered(anchor, id) as XmlElement) }))
    const expected = [...sent.values()].map((text) => ({ text, verdict: filterText(text) }))
    expect(actual).toEqual(expected)
    // The table exercises every bit and the masking.
    const bits = expected.reduce((all, { verdict }) => all | verdict.sensitiveInfo, 0)
    expect(bits).toBe(1 | 2 | 4 | 8)
  })

  it('a block pushed mid-session bounces the very next message; an unblock lets the very next one through', async () => {
    const user = await newUser(prosody)
    const anchor = await signIn(prosody, '200004')
    expect(await fate(user, anchor)).toBe('delivered')
    for (let round = 0; round < 3; round++) {
      await block(user.uid, true)
      expect(await fate(user, anchor)).toBe('bounced')
      await block(user.uid, false)
      expect(await fate(user, anchor)).toBe('delivered')
    }
  })

  it('publishes the rules, the blocked accounts and the auto-reply anchors; the version grows with each change', async () => {
    const user = await newUser(prosody)
    const read = async () => (await (await fetch(`${api.url}/internal/xmpp/filter-rules`)).json()) as FilterRulesSnapshot
    const before = await read()
    expect(before.rules.lists.find((list) => list.bit === 8)).toEqual({ bit: 8, words: ['vchat-porn', 'porn', 'nude', 'nudes'], masked: true })
    expect(before.autoReply.to).toContain('anchor_200001@localhost')
    expect(before.autoReply.unlessBits).toBe(1 | 4)
    await block(user.uid, true)
    const after = await read()
    expect(after.version).toBeGreaterThan(before.version)
    expect(after.blocked).toContain(user.jid)
    expect(((await (await fetch(`${api.url}/internal/xmpp/filter-rules/version`)).json()) as { version: number }).version).toBe(after.version)
    await block(user.uid, false)
    expect((await read()).blocked).not.toContain(user.jid)
  })

  it("Prosody's rules endpoint refuses a push without the stack's secret", async () => {
    const base = `http://127.0.0.1:${prosody.httpPort}/vchat_filter`
    const forged: FilterRulesSnapshot = { version: Number.MAX_SAFE_INTEGER, rules: { lists: [], wordChars: [] }, blocked: [], autoReply: { to: [], unlessBits: 0 }, lastSeenHidden: [] }
    const pushes = [
      await fetch(`${base}/rules`, { method: 'POST', body: JSON.stringify(forged) }),
      await fetch(`${base}/rules`, { method: 'POST', headers: { authorization: 'Bearer not-the-secret-of-this-stack' }, body: JSON.stringify(forged) }),
    ]
    expect(pushes.map((response) => response.status)).toEqual([401, 401])
    expect((await fetch(`${base}/status`)).status).toBe(401)
    // The rules in force are still the dev-server's.
    const user = await newUser(prosody)
    const anchor = await signIn(prosody, '200005')
    const id = await send(user, anchor, 'some porn')
    await vi.waitFor(() => expect(delivered(anchor, id)).toBeDefined(), WAIT)
    expect(stamped(delivered(anchor, id) as XmlElement)).toEqual(filterText('some porn'))
  })

  it('a Prosody the dev-server does not push to follows a block and an unblock by polling', async () => {
    const user = await newUser(polling)
    const anchor = await signIn(polling, '200006')
    expect(await fate(user, anchor)).toBe('delivered')
    await block(user.uid, true)
    await vi.waitFor(async () => expect(await fate(user, anchor)).toBe('bounced'), WAIT)
    await block(user.uid, false)
    await vi.waitFor(async () => expect(await fate(user, anchor)).toBe('delivered'), WAIT)
  })
})
