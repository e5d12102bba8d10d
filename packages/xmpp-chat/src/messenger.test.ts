import { createMessageStore, openChatDb } from '@vchat/chat-db'
import type { ChatDb, MessageStore } from '@vchat/chat-db'
import { xml } from '@xmpp/client'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ERROR_XMPP_SEND_IQ, RECEIPTS_PER_STANZA } from './constants.ts'
import { createChatSession } from './createChatSession.ts'
import type { ChatMessage, PushNotice } from './messages.ts'
import { createMessenger } from './messenger.ts'
import type { Messenger } from './messenger.ts'
import { FakeClient } from './test-utils/fakeClient.ts'
import type { ChatSession, SessionTimers, XmlElement } from './types.ts'
import { MessageType, NS_CHAT_MARKERS, NS_CHAT_STATES, NS_DELAY, NS_FILTER, NS_HINTS, NS_GIFT, NS_MAM, NS_MESSAGE, NS_NOTICE, NS_RECEIPTS } from '@vchat/contract'

const USER = 'user_100001@localhost'
const ANCHOR = 'anchor_200001@localhost'

/** Timers that never fire: these tests drive connections by hand (timings are covered elsewhere). */
const idleTimers: SessionTimers = { setTimeout: () => 0, clearTimeout: () => {}, setInterval: () => 0, clearInterval: () => {} }

interface Side {
  db: ChatDb
  store: MessageStore
  session: ChatSession
  messenger: Messenger
  client(): FakeClient
  received: ChatMessage[]
  updates: ChatMessage[]
  close(): Promise<void>
}

let indexedDB: IDBFactory
let sides: Side[]
let ids: number

beforeEach(() => {
  indexedDB = new IDBFactory()
  sides = []
  ids = 0
})

afterEach(async () => {
  for (const side of sides) await side.close()
})

async function openSide(me: string, options: { sm?: boolean; dbName?: string } = {}): Promise<Side> {
  const db = await openChatDb({ indexedDB, IDBKeyRange, name: options.dbName ?? `chat-${me}` })
  const clients: FakeClient[] = []
  const session = createChatSession({
    service: 'ws://localhost:5280/xmpp-websocket',
    domain: 'localhost',
    getCredentials: async () => ({ username: me.split('@')[0] ?? '', password: 'token' }),
    timers: idleTimers,
    clientFactory: (clientOptions) => {
      const fake = new FakeClient(clientOptions)
      fake.smSupported = options.sm ?? true
      clients.push(fake)
      return fake
    },
  })
  let clock = 1_000
  const store = createMessageStore(db)
  const messenger = createMessenger({
    session,
    store,
    me,
    giftDomain: 'gift.localhost',
    clock: () => (clock += 1),
    idFactory: () => `${me.slice(0, 6)}-${++ids}`,
  })
  const received: ChatMessage[] = []
  const updates: ChatMessage[] = []
  messenger.onMessage((message) => received.push(message))
  messenger.onUpdate((message) => updates.push(message))
  let closed = false
  const side: Side = {
    db,
    store,
    session,
    messenger,
    client: () => {
      const last = clients.at(-1)
      if (!last) throw new Error('no client yet')
      return last
    },
    received,
    updates,
    async close() {
      if (closed) return
      closed = true
      messenger.close()
      await session.logout()
      db.close()
    },
  }
  sides.push(side)
  return side
}

/** The stanza as Prosody delivers it to the recipient (full jids), as a fresh element. */
function delivered(stanza: XmlElement, from: string, to: string): XmlElement {
  return xml('message', { ...stanza.attrs, from: `${from}/web_fachat`, to: `${to}/web_fachat` }, ...(stanza.children as XmlElement[]))
}

function sentWithId(client: FakeClient, mid: string): XmlElement[] {
  return client.messages().filter((stanza) => stanza.attrs.id === mid)
}

async function stored(side: Side, mid: string): Promise<ChatMessage | undefined> {
  return side.db.messages.byMid(mid)
}

describe('session and XEP-0198', () => {
  it('after a full login the ready event waits for <enabled/>, then acks are on', async () => {
    const side = await openSide(USER)
    const ready = vi.fn()
    side.session.onReady(ready)
    await side.session.login()
    expect(side.session.state).toBe('connected')
    expect(side.session.acksEnabled).toBe(true)
    await vi.waitFor(() => expect(ready).toHaveBeenCalledTimes(1))
    expect(side.client().streamManagement.enabled).toBe(true)
  })

  it('after a full login the archive catch-up is asked before the initial presence (the server then skips its offline push)', async () => {
    const side = await openSide(USER)
    await side.session.login()
    await vi.waitFor(() => expect(side.client().presences()).toBe(1))
    const kinds = side.client().sent.map((stanza) => (stanza.name === 'iq' && stanza.getChild('query', NS_MAM) ? 'archive' : stanza.name))
    expect(kinds.indexOf('archive')).toBeGreaterThanOrEqual(0)
    expect(kinds.indexOf('archive')).toBeLessThan(kinds.indexOf('presence'))
  })

  it('without stream management ready comes at online and acks are off', async () => {
    const side = await openSide(USER, { sm: false })
    const ready = vi.fn()
    side.session.onReady(ready)
    await side.session.login()
    expect(ready).toHaveBeenCalledTimes(1)
    expect(side.session.acksEnabled).toBe(false)
  })

  it('forwards acknowledged and unacknowledged stanzas', async () => {
    const side = await openSide(USER)
    const acked: string[] = []
    const failed: string[] = []
    side.session.onAck((stanza) => acked.push(stanza.attrs.id ?? ''))
    side.session.onAckFailed((stanza) => failed.push(stanza.attrs.id ?? ''))
    await side.session.login()
    await side.session.send(xml('message', { id: 'a', to: ANCHOR }, xml('body', {}, '1')))
    await side.session.send(xml('message', { id: 'b', to: ANCHOR }, xml('body', {}, '2')))
    side.client().ack(1)
    expect(acked).toEqual(['a'])
    await side.client().stop()
    expect(failed).toEqual(['b'])
  })

  it('request() sends an iq and needs a connection', async () => {
    const side = await openSide(USER)
    await expect(side.session.request(xml('iq', { type: 'get' }))).rejects.toThrow('need login')
    await side.session.login()
    side.client().iqHandler = async (iq) => xml('iq', { type: 'result', id: iq.attrs.id }, xml('answer'))
    expect((await side.session.request(xml('iq', { type: 'get' }))).getChild('answer')).toBeDefined()
    side.client().drop()
    await expect(side.session.request(xml('iq', { type: 'get' }))).rejects.toThrow('xmpp not connected')
  })
})

describe('outbox: sending', () => {
  it('a message sent while connected is stored as sending, goes out once, and succeeds on the ack', async () => {
    const user = await openSide(USER)
    await user.session.login()
    const message = await user.messenger.send({ to: ANCHOR, content: 'hello' })
    expect(message).toMatchObject({ from: USER, to: ANCHOR, tid: ANCHOR, type: 0, state: 'sending', outbox: true, read: false })
    expect(await stored(user, message.mid)).toMatchObject({ state: 'sending', outbox: true })
    await vi.waitFor(() => expect(sentWithId(user.client(), message.mid)).toHaveLength(1))
    user.client().ack()
    await vi.waitFor(async () => expect(await stored(user, message.mid)).toMatchObject({ state: 'success', outbox: false }))
    expect(user.updates.at(-1)).toMatchObject({ mid: message.mid, state: 'success' })
    await user.messenger.flush()
    expect(sentWithId(user.client(), message.mid)).toHaveLength(1)
  })

  it('offline send → login → sent exactly once, in the order typed', async () => {
    const user = await openSide(USER)
    const first = await user.messenger.send({ to: ANCHOR, content: 'one' })
    const second = await user.messenger.send({ to: ANCHOR, content: 'two' })
    expect(await stored(user, first.mid)).toMatchObject({ state: 'sending', outbox: true })
    await user.session.login()
    await vi.waitFor(() => expect(user.client().messages().map((s) => s.getChildText('body'))).toEqual(['one', 'two']))
    user.client().ack()
    await vi.waitFor(async () => expect((await stored(user, second.mid))?.state).toBe('success'))
    await user.messenger.flush()
    expect(user.client().messages()).toHaveLength(2)
  })

  it('a send with the id of a stored message answers it and sends nothing again', async () => {
    const user = await openSide(USER)
    await user.session.login()
    const first = await user.messenger.send({ mid: 'chosen-1', to: ANCHOR, content: 'once' })
    expect(first.mid).toBe('chosen-1')
    await vi.waitFor(() => expect(sentWithId(user.client(), 'chosen-1')).toHaveLength(1))
    const again = await user.messenger.send({ mid: 'chosen-1', to: ANCHOR, content: 'once' })
    expect(again).toMatchObject({ mid: 'chosen-1', content: 'once' })
    await user.messenger.flush()
    expect(sentWithId(user.client(), 'chosen-1')).toHaveLength(1)
    expect(await user.db.dexie.messages.count()).toBe(1)
  })

  it('sent while the connection is down → resume → sent once; an in-flight message is re-sent only by the resume', async () => {
    const user = await openSide(USER)
    await user.session.login()
    const inFlight = await user.messenger.send({ to: ANCHOR, content: 'in flight' })
    await vi.waitFor(() => expect(sentWithId(user.client(), inFlight.mid)).toHaveLength(1))
    user.client().drop()
    const typedOffline = await user.messenger.send({ to: ANCHOR, content: 'typed offline' })
    expect(sentWithId(user.client(), typedOffline.mid)).toHaveLength(0)
    await user.client().reconnect.reconnect() // what the session's reconnect check does
    await vi.waitFor(() => expect(sentWithId(user.client(), typedOffline.mid)).toHaveLength(1))
    // The library re-sent the unacknowledged one itself; the messenger did not add another copy.
    expect(sentWithId(user.client(), inFlight.mid)).toHaveLength(2)
    user.client().ack()
    await vi.waitFor(async () => expect((await user.db.messages.lastOfThread(ANCHOR, 10)).map((m) => m.state)).toEqual(['success', 'success']))
  })

  it('messages the resume acknowledges are not sent again by the flush that follows it (re-send race)', async () => {
    const user = await openSide(USER)
    await user.session.login()
    await vi.waitFor(() => expect(user.session.acksEnabled).toBe(true))
    const mids: string[] = []
    for (let i = 0; i < 30; i++) mids.push((await user.messenger.send({ to: ANCHOR, content: `m${i}` })).mid)
    await vi.waitFor(() => expect(user.client().unacked).toHaveLength(30))
    user.client().drop()
    // The server had them all: <resumed h=…/> acknowledges every one, then the ready flush runs while
    // the outbox updates of those acknowledgements are still being written.
    user.client().resumeAcks = 30
    await user.client().reconnect.reconnect()
    await vi.waitFor(async () => expect(await user.store.outbox()).toEqual([]))
    await user.messenger.flush()
    expect(mids.map((mid) => sentWithId(user.client(), mid).length)).toEqual(mids.map(() => 1))
  })

  it('a refused resume reports the unacknowledged message; the messenger sends it again after the new login', async () => {
    const user = await openSide(USER)
    await user.session.login()
    const message = await user.messenger.send({ to: ANCHOR, content: 'maybe lost' })
    await vi.waitFor(() => expect(sentWithId(user.client(), message.mid)).toHaveLength(1))
    user.client().drop()
    user.client().resumeOnReconnect = false
    await user.client().reconnect.reconnect()
    await vi.waitFor(() => expect(sentWithId(user.client(), message.mid)).toHaveLength(2))
    user.client().ack()
    await vi.waitFor(async () => expect(await stored(user, message.mid)).toMatchObject({ state: 'success', outbox: false }))
  })

  it('a page reload keeps the outbox: a new messenger over the same database sends it once', async () => {
    const before = await openSide(USER, { dbName: 'chat' })
    const message = await before.messenger.send({ to: ANCHOR, content: 'typed before reload' })
    await before.close()

    const after = await openSide(USER, { dbName: 'chat' })
    await after.session.login()
    await vi.waitFor(() => expect(sentWithId(after.client(), message.mid)).toHaveLength(1))
    after.client().ack()
    await vi.waitFor(async () => expect(await stored(after, message.mid)).toMatchObject({ state: 'success', outbox: false }))
    await after.messenger.flush()
    expect(sentWithId(after.client(), message.mid)).toHaveLength(1)
  })

  it('a reload while a message was unacknowledged sends it again; the receiver stores it once', async () => {
    const anchor = await openSide(ANCHOR)
    await anchor.session.login()
    const before = await openSide(USER, { dbName: 'chat' })
    await before.session.login()
    const message = await before.messenger.send({ to: ANCHOR, content: 'sent, then reload' })
    await vi.waitFor(() => expect(sentWithId(before.client(), message.mid)).toHaveLength(1))
    const firstCopy = sentWithId(before.client(), message.mid)[0] as XmlElement
    anchor.client().receive(delivered(firstCopy, USER, ANCHOR))
    await before.close()

    const after = await openSide(USER, { dbName: 'chat' })
    await after.session.login()
    await vi.waitFor(() => expect(sentWithId(after.client(), message.mid)).toHaveLength(1))
    anchor.client().receive(delivered(sentWithId(after.client(), message.mid)[0] as XmlElement, USER, ANCHOR))
    await anchor.messenger.flush()
    await vi.waitFor(async () => expect(await anchor.db.dexie.messages.count()).toBe(1))
    expect(anchor.received.map((m) => m.content)).toEqual(['sent, then reload'])
  })

  it('while connected with nothing waiting, a new message goes straight out without reading the outbox back', async () => {
    const user = await openSide(USER)
    const outbox = vi.spyOn(user.store, 'outbox')
    await user.session.login()
    await user.messenger.flush()
    const reads = outbox.mock.calls.length
    const sent = [await user.messenger.send({ to: ANCHOR, content: 'a' }), await user.messenger.send({ to: ANCHOR, content: 'b' })]
    await vi.waitFor(() => expect(user.client().messages().map((s) => s.getChildText('body'))).toEqual(['a', 'b']))
    expect(outbox.mock.calls.length).toBe(reads)
    user.client().ack()
    await vi.waitFor(async () => expect((await stored(user, sent[1]!.mid))?.state).toBe('success'))
  })

  it('after a drop, messages typed meanwhile and typed after the resume go out in the order typed, once each', async () => {
    const user = await openSide(USER)
    await user.session.login()
    await user.messenger.flush()
    user.client().drop()
    await user.messenger.send({ to: ANCHOR, content: 'while down 1' })
    await user.messenger.send({ to: ANCHOR, content: 'while down 2' })
    await user.client().reconnect.reconnect()
    await user.messenger.send({ to: ANCHOR, content: 'after resume' })
    await vi.waitFor(() =>
      expect(user.client().messages().map((s) => s.getChildText('body'))).toEqual(['while down 1', 'while down 2', 'after resume']),
    )
    await user.messenger.flush()
    expect(user.client().messages()).toHaveLength(3)
  })

  it('an unacknowledged message reported failed while connected (after the ready) is sent again at once', async () => {
    const user = await openSide(USER)
    await user.session.login()
    const message = await user.messenger.send({ to: ANCHOR, content: 'late failure' })
    await vi.waitFor(() => expect(sentWithId(user.client(), message.mid)).toHaveLength(1))
    const copy = sentWithId(user.client(), message.mid)[0] as XmlElement
    user.client().streamManagement.emit('fail', copy)
    await vi.waitFor(() => expect(sentWithId(user.client(), message.mid)).toHaveLength(2))
    user.client().ack()
    await vi.waitFor(async () => expect(await stored(user, message.mid)).toMatchObject({ state: 'success', outbox: false }))
  })

  it('a message whose direct send fails waits in the outbox and goes out on the next ready', async () => {
    const user = await openSide(USER)
    await user.session.login()
    await user.messenger.flush()
    const client = user.client()
    const send = vi.spyOn(client, 'send').mockRejectedValueOnce(new Error('socket closed'))
    const message = await user.messenger.send({ to: ANCHOR, content: 'retry me' })
    await vi.waitFor(() => expect(send).toHaveBeenCalled())
    expect(await stored(user, message.mid)).toMatchObject({ state: 'sending', outbox: true })
    client.drop()
    await client.reconnect.reconnect()
    await vi.waitFor(() => expect(sentWithId(client, message.mid)).toHaveLength(1))
  })

  it('calls, gift requests and gifts are success at once but still go through the outbox', async () => {
    const user = await openSide(USER)
    const gift = await user.messenger.send({ to: ANCHOR, type: MessageType.Gift, attachment: { id: 'g1', gemsPrice: 50 } })
    expect(gift).toMatchObject({ state: 'success', outbox: true })
    await user.session.login()
    await vi.waitFor(() => expect(sentWithId(user.client(), gift.mid)).toHaveLength(1))
    user.client().ack()
    await vi.waitFor(async () => expect(await stored(user, gift.mid)).toMatchObject({ state: 'success', outbox: false }))
  })

  it('without stream management a written message counts as sent', async () => {
    const user = await openSide(USER, { sm: false })
    await user.session.login()
    const message = await user.messenger.send({ to: ANCHOR, content: 'no acks here' })
    await vi.waitFor(async () => expect(await stored(user, message.mid)).toMatchObject({ state: 'success', outbox: false }))
  })

  it('a bounced message turns error and leaves the outbox; retry sends it again', async () => {
    const user = await openSide(USER)
    await user.session.login()
    const message = await user.messenger.send({ to: ANCHOR, content: 'to nowhere' })
    await vi.waitFor(() => expect(sentWithId(user.client(), message.mid)).toHaveLength(1))
    user.client().receive(xml('message', { type: 'error', id: message.mid, from: ANCHOR }, xml('error', { type: 'cancel' }, xml('service-unavailable', { xmlns: 'urn:ietf:params:xml:ns:xmpp-stanzas' }))))
    await vi.waitFor(async () => expect(await stored(user, message.mid)).toMatchObject({ state: 'error', outbox: false }))
    await user.messenger.retry(message.mid)
    await vi.waitFor(() => expect(sentWithId(user.client(), message.mid)).toHaveLength(2))
    expect((await stored(user, message.mid))?.state).toBe('sending')
  })
})

describe('delivery states', () => {
  const receiptsFrom = (side: Side) => side.client().sent.filter((s) => s.getChild('received', NS_RECEIPTS))
  const markersFrom = (side: Side) => side.client().sent.filter((s) => s.getChild('displayed', NS_CHAT_MARKERS))

  /** A user and an anchor, both connected; `userSays` sends from the user and delivers to the anchor, whose receipt goes out. */
  async function pair() {
    const user = await openSide(USER)
    const anchor = await openSide(ANCHOR)
    await user.session.login()
    await anchor.session.login()
    async function userSays(content: string) {
      const message = await user.messenger.send({ to: ANCHOR, content })
      await vi.waitFor(() => expect(sentWithId(user.client(), message.mid)).toHaveLength(1))
      anchor.client().receive(delivered(sentWithId(user.client(), message.mid)[0] as XmlElement, USER, ANCHOR))
      await vi.waitFor(() => expect(receiptsFrom(anchor).map((s) => s.getChild('received', NS_RECEIPTS)?.attrs.id)).toContain(message.mid))
      return message
    }
    return { user, anchor, userSays }
  }

  it('sent, then delivered once the peer stores it, then read only when the peer reads it with read receipts on', async () => {
    const user = await openSide(USER)
    const anchor = await openSide(ANCHOR)
    await user.session.login()
    await anchor.session.login()

    const message = await user.messenger.send({ to: ANCHOR, content: 'are you there?' })
    await vi.waitFor(() => expect(sentWithId(user.client(), message.mid)).toHaveLength(1))
    const stanza = sentWithId(user.client(), message.mid)[0] as XmlElement
    expect(stanza.getChild('request', NS_RECEIPTS)).toBeDefined()
    user.client().ack()
    await vi.waitFor(async () => expect(await stored(user, message.mid)).toMatchObject({ state: 'success', read: false }))
    // The sender opening her own thread reads nothing on the peer's behalf.
    await user.messenger.markThreadRead(ANCHOR)
    expect((await stored(user, message.mid))?.read).toBe(false)
    expect((await stored(user, message.mid))?.delivered).toBeUndefined()

    // Delivered twice (a resume): stored once, confirmed each time (the first receipt may be lost).
    anchor.client().receive(delivered(stanza, USER, ANCHOR))
    await vi.waitFor(() => expect(receiptsFrom(anchor)).toHaveLength(1))
    anchor.client().receive(delivered(stanza, USER, ANCHOR))
    await vi.waitFor(() => expect(receiptsFrom(anchor)).toHaveLength(2))
    const receipt = receiptsFrom(anchor)[0] as XmlElement
    expect(receipt.attrs).toMatchObject({ to: USER, type: 'chat' })
    expect(receipt.getChild('received', NS_RECEIPTS)?.attrs.id).toBe(message.mid)

    // A receipt from anyone but the recipient changes nothing.
    user.client().receive(xml('message', { type: 'chat', from: 'anchor_200002@localhost/web_fachat', id: 'forged' }, xml('received', { xmlns: NS_RECEIPTS, id: message.mid })))
    user.client().receive(xml('message', { type: 'chat', from: 'anchor_200002@localhost/web_fachat', id: 'forged-2' }, xml('displayed', { xmlns: NS_CHAT_MARKERS, id: message.mid })))
    user.client().receive(delivered(receipt, ANCHOR, USER))
    await vi.waitFor(async () => expect(await stored(user, message.mid)).toMatchObject({ delivered: true, read: false }))

    // The anchor reads the thread with read receipts off: nothing tells the user.
    await anchor.messenger.markThreadRead(USER, { tellPeer: false })
    expect(markersFrom(anchor)).toHaveLength(0)
    expect((await stored(user, message.mid))?.read).toBe(false)
    // Turned on, the next read sends the marker, and the user sees Read.
    await anchor.messenger.markThreadRead(USER, { tellPeer: true })
    expect(markersFrom(anchor)).toHaveLength(1)
    user.client().receive(delivered(markersFrom(anchor)[0] as XmlElement, ANCHOR, USER))
    await vi.waitFor(async () => expect((await stored(user, message.mid))?.read).toBe(true))
  })

  it('a stored burst is confirmed per sender in stanzas of up to RECEIPTS_PER_STANZA receipts; a stanza of several receipts settles each message', async () => {
    const user = await openSide(USER)
    const anchor = await openSide(ANCHOR)
    await user.session.login()
    await anchor.session.login()
    const messages: ChatMessage[] = []
    for (let i = 0; i < RECEIPTS_PER_STANZA + 5; i++) messages.push(await user.messenger.send({ to: ANCHOR, content: `burst ${i}` }))
    await vi.waitFor(() => expect(user.client().messages()).toHaveLength(messages.length))
    // All of them reach the anchor in one go: stored as one batch.
    for (const message of messages) anchor.client().receive(delivered(sentWithId(user.client(), message.mid)[0] as XmlElement, USER, ANCHOR))
    const confirmed = () => receiptsFrom(anchor).flatMap((stanza) => stanza.getChildren('received', NS_RECEIPTS).map((receipt) => receipt.attrs.id))
    await vi.waitFor(() => expect(confirmed()).toEqual(messages.map((message) => message.mid)))
    expect(receiptsFrom(anchor).map((stanza) => stanza.getChildren('received', NS_RECEIPTS).length)).toEqual([RECEIPTS_PER_STANZA, 5])
    for (const receipt of receiptsFrom(anchor)) user.client().receive(delivered(receipt, ANCHOR, USER))
    await vi.waitFor(async () => {
      for (const message of messages) expect((await stored(user, message.mid))?.delivered).toBe(true)
    })
  })

  it("the recipient's receipt settles a message whose acknowledgement has not come: out of the outbox, sent and delivered, never sent again", async () => {
    const { user, anchor, userSays } = await pair()
    const message = await userSays('did it arrive?')
    // No <a/> from the server yet (it comes after a burst, or with the next heartbeat).
    expect(user.client().unacked.map((s) => s.attrs.id)).toContain(message.mid)
    expect(await stored(user, message.mid)).toMatchObject({ state: 'sending', outbox: true })
    const receipt = receiptsFrom(anchor).find((s) => s.getChild('received', NS_RECEIPTS)?.attrs.id === message.mid) as XmlElement
    user.client().receive(delivered(receipt, ANCHOR, USER))
    await vi.waitFor(async () => expect(await stored(user, message.mid)).toMatchObject({ state: 'success', outbox: false, delivered: true }))
    expect(await user.store.outbox()).toEqual([])
    // The stream's report that it was not acknowledged (a refused resume) sends nothing again.
    const copy = sentWithId(user.client(), message.mid)[0] as XmlElement
    user.client().streamManagement.emit('fail', copy)
    await user.messenger.flush()
    expect(sentWithId(user.client(), message.mid)).toHaveLength(1)
    expect(await stored(user, message.mid)).toMatchObject({ state: 'success', outbox: false, delivered: true })
  })

  it('a thread read while the connection is down (a page just loaded) is told read at the next ready', async () => {
    const { anchor, userSays } = await pair()
    const message = await userSays('read me later')

    await anchor.session.logout()
    await anchor.messenger.markThreadRead(USER)
    await anchor.session.login()
    await vi.waitFor(() => expect(markersFrom(anchor).map((s) => s.getChild('displayed', NS_CHAT_MARKERS)?.attrs.id)).toEqual([message.mid]))
  })

  it('a message arriving in the conversation on screen is read at once: the peer is told, unless read receipts are off', async () => {
    const { anchor, userSays: deliver } = await pair()
    anchor.messenger.setActiveThread(USER, { tellPeer: false })
    await deliver('first')
    expect(markersFrom(anchor)).toHaveLength(0)
    anchor.messenger.setActiveThread(USER)
    const second = await deliver('second')
    await vi.waitFor(() => expect(markersFrom(anchor).map((s) => s.getChild('displayed', NS_CHAT_MARKERS)?.attrs.id)).toEqual([second.mid]))
  })
})

describe('receiving', () => {
  async function pair() {
    const user = await openSide(USER)
    const anchor = await openSide(ANCHOR)
    await user.session.login()
    await anchor.session.login()
    /** Sends from the anchor and delivers the stanza to the user `times` times. */
    async function anchorSays(content: string, times = 1, extra: Parameters<Messenger['send']>[0] = { to: USER }) {
      const message = await anchor.messenger.send({ ...extra, to: USER, content })
      await vi.waitFor(() => expect(sentWithId(anchor.client(), message.mid)).toHaveLength(1))
      const stanza = sentWithId(anchor.client(), message.mid)[0] as XmlElement
      for (let i = 0; i < times; i += 1) user.client().receive(delivered(stanza, ANCHOR, USER))
      return message
    }
    return { user, anchor, anchorSays }
  }

  it('a message delivered twice is stored and reported once', async () => {
    const { user, anchorSays } = await pair()
    const message = await anchorSays('hello twice', 2)
    await vi.waitFor(async () => expect(await stored(user, message.mid)).toBeDefined())
    await vi.waitFor(() => expect(user.received).toHaveLength(1))
    expect(await user.db.dexie.messages.count()).toBe(1)
    expect(user.received[0]).toMatchObject({ mid: message.mid, from: ANCHOR, to: USER, tid: ANCHOR, content: 'hello twice', read: false, state: 'success' })
  })

  it('chat states: typing goes to the peer unstored, only while connected; the peer hears it in order with messages, never a delayed one', async () => {
    const { user, anchor, anchorSays } = await pair()
    const states: { from: string; state: string }[] = []
    const order: string[] = []
    user.messenger.onChatState((event) => {
      states.push(event)
      order.push(`state:${event.state}`)
    })
    user.messenger.onMessage((message) => order.push(`message:${message.content}`))

    anchor.messenger.sendChatState(USER, 'composing')
    const typingSent = () => anchor.client().sent.filter((stanza) => stanza.getChild('composing', NS_CHAT_STATES))
    await vi.waitFor(() => expect(typingSent()).toHaveLength(1))
    const typing = typingSent()
    expect(typing[0]?.attrs).toMatchObject({ to: USER, type: 'chat' })
    expect(typing[0]?.getChild('no-store', NS_HINTS)).toBeDefined()
    expect(typing[0]?.getChild('body')).toBeUndefined()
    user.client().receive(delivered(typing[0] as XmlElement, ANCHOR, USER))
    await anchorSays('done typing')
    await vi.waitFor(() => expect(order).toEqual(['state:composing', 'message:done typing']))
    expect(states).toEqual([{ from: ANCHOR, state: 'composing' }])
    // Nothing of it is stored.
    expect(await user.db.dexie.messages.count()).toBe(1)

    // One that waited in offline storage says nothing now.
    const stale = xml('message', { from: `${ANCHOR}/web_fachat`, to: USER, type: 'chat' }, xml('composing', { xmlns: NS_CHAT_STATES }), xml('delay', { xmlns: NS_DELAY, stamp: '2026-01-01T00:00:00Z' }))
    user.client().receive(stale)
    await anchorSays('after the stale one')
    await vi.waitFor(() => expect(order.at(-1)).toBe('message:after the stale one'))
    expect(states).toHaveLength(1)

    // Not connected: nothing is sent, and nothing is kept for later.
    anchor.client().drop()
    await vi.waitFor(() => expect(anchor.session.state).not.toBe('connected'))
    const before = anchor.client().sent.length
    const waiting = (await anchor.store.outbox()).length
    anchor.messenger.sendChatState(USER, 'paused')
    expect(anchor.client().sent).toHaveLength(before)
    expect(await anchor.store.outbox()).toHaveLength(waiting)
  })

  it('incoming messages are unread unless their thread is active; markThreadRead reads all and sends a displayed marker', async () => {
    const { user, anchorSays } = await pair()
    await anchorSays('one')
    await anchorSays('two')
    await vi.waitFor(() => expect(user.received).toHaveLength(2))
    expect((await user.db.threads.byTid(ANCHOR))?.unread).toBe(2)

    user.messenger.setActiveThread(ANCHOR)
    const three = await anchorSays('three')
    await vi.waitFor(() => expect(user.received).toHaveLength(3))
    expect((await stored(user, three.mid))?.read).toBe(true)
    expect((await user.db.threads.byTid(ANCHOR))?.unread).toBe(2)

    await user.messenger.markThreadRead(ANCHOR)
    expect((await user.db.messages.lastOfThread(ANCHOR)).every((m) => m.read)).toBe(true)
    expect((await user.db.threads.byTid(ANCHOR))?.unread).toBe(0)
    const marker = user.client().sent.find((s) => s.getChild('displayed', NS_CHAT_MARKERS))
    expect(marker?.attrs.to).toBe(ANCHOR)
    expect(marker?.getChild('displayed', NS_CHAT_MARKERS)?.attrs.id).toBe(three.mid)
  })

  it('a message for the thread on screen is reported as arriving before it is stored, then as stored; other threads only once stored', async () => {
    const { user, anchor, anchorSays } = await pair()
    const arriving: ChatMessage[] = []
    user.messenger.onArriving((message) => arriving.push(message))
    // The database holds the batch back: arriving is reported, stored is not (yet).
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const receiveMany = user.store.receiveMany.bind(user.store)
    user.store.receiveMany = async (messages) => {
      await held
      return receiveMany(messages)
    }

    const elsewhere = await anchorSays('not on screen')
    user.messenger.setActiveThread(ANCHOR)
    const onScreen = await anchorSays('on screen')
    expect(arriving.map((m) => m.mid)).toEqual([onScreen.mid])
    expect(arriving[0]).toMatchObject({ content: 'on screen', read: true, tid: ANCHOR })
    expect(user.received).toHaveLength(0)
    expect(await stored(user, onScreen.mid)).toBeUndefined()

    release()
    await vi.waitFor(() => expect(user.received.map((m) => m.mid)).toEqual([elsewhere.mid, onScreen.mid]))
    expect(await stored(user, onScreen.mid)).toMatchObject({ read: true })
    // A re-delivered copy is shown again (same mid: the screen replaces it in place) but not stored or reported twice.
    user.client().receive(delivered(sentWithId(anchor.client(), onScreen.mid)[0] as XmlElement, ANCHOR, USER))
    await vi.waitFor(() => expect(arriving).toHaveLength(2))
    expect(user.received).toHaveLength(2)
  })

  it('a displayed marker from the peer marks our message read', async () => {
    const { user, anchor } = await pair()
    const message = await user.messenger.send({ to: ANCHOR, content: 'did you read it?' })
    await vi.waitFor(() => expect(sentWithId(user.client(), message.mid)).toHaveLength(1))
    anchor.client().receive(delivered(sentWithId(user.client(), message.mid)[0] as XmlElement, USER, ANCHOR))
    await vi.waitFor(() => expect(anchor.received).toHaveLength(1))
    await anchor.messenger.markThreadRead(USER)
    const marker = anchor.client().sent.find((s) => s.getChild('displayed', NS_CHAT_MARKERS)) as XmlElement
    user.client().receive(delivered(marker, ANCHOR, USER))
    await vi.waitFor(async () => expect((await stored(user, message.mid))?.read).toBe(true))
  })

  it('typed messages keep their attachment; discard/offline flags and empty types are not stored; porn shows the replacement', async () => {
    const { user, anchorSays } = await pair()
    const image = await anchorSays('', 1, { to: USER, type: MessageType.Image, attachment: { url: 'u', thumbUrl: 't', payNeed: true, payPrice: 30 } })
    await vi.waitFor(async () => expect((await stored(user, image.mid))?.attachment).toEqual({ url: 'u', thumbUrl: 't', payNeed: true, payPrice: 30 }))

    const body = (text: string) => xml('body', {}, text)
    const from = `${ANCHOR}/web_fachat`
    const flag = (info: number, replacement?: string) =>
      xml('sensitive', { xmlns: NS_FILTER, info: String(info), ...(replacement === undefined ? {} : { replacement }) })
    user.client().receive(xml('message', { type: 'chat', id: 'discard', from }, body('x'), flag(1)))
    user.client().receive(xml('message', { type: 'chat', id: 'offline', from }, body('x'), flag(4)))
    user.client().receive(xml('message', { type: 'chat', id: 'empty', from }, body('x'), xml('payload', { xmlns: NS_MESSAGE, type: '' })))
    user.client().receive(xml('message', { type: 'chat', id: 'porn', from }, body('bad words'), flag(8, '***')))
    await vi.waitFor(async () => expect(await stored(user, 'porn')).toMatchObject({ content: '***', sensitiveInfo: 8 }))
    for (const mid of ['discard', 'offline', 'empty']) expect(await stored(user, mid)).toBeUndefined()
    expect(user.received.map((m) => m.mid)).toEqual([image.mid, 'porn'])
  })

  it('push notices and attribution refresh are reported, not stored', async () => {
    const { user } = await pair()
    const notices: PushNotice[] = []
    const refreshes: unknown[] = []
    user.messenger.onNotice((notice) => notices.push(notice))
    user.messenger.onAttributionRefresh((event) => refreshes.push(event))
    user.client().receive(xml('message', { type: 'headline', from: 'localhost' }, xml('notice', { xmlns: NS_NOTICE, from: 'official_1@localhost', type: 'maintenance', avatarUrl: 'a' }, 'Back soon')))
    user.client().receive(xml('message', { type: 'chat', id: 'r1', from: ANCHOR }, xml('body'), xml('payload', { xmlns: NS_MESSAGE, type: '100' }, '{"k":1}')))
    await vi.waitFor(() => expect(refreshes).toHaveLength(1))
    expect(notices).toEqual([{ from: 'official_1@localhost', type: 'maintenance', avatarUrl: 'a', content: 'Back soon' }])
    expect(refreshes).toEqual([{ from: ANCHOR, attachment: { k: 1 } }])
    expect(await user.db.dexie.messages.count()).toBe(0)
  })
})

describe('GiftBuy', () => {
  it('sends the iq to gift.<domain> with to, gift and price, and marks the ask-gift message sent', async () => {
    const user = await openSide(USER)
    await user.session.login()
    const asked: XmlElement[] = []
    user.client().iqHandler = async (iq) => {
      asked.push(iq)
      return xml('iq', { type: 'result', id: iq.attrs.id }, xml('giftBuy', { xmlns: NS_GIFT, gemsBalance: '450' }))
    }
    const ask: ChatMessage = { mid: 'ask-1', tid: ANCHOR, date: 1, from: ANCHOR, to: USER, read: false, state: 'success', type: MessageType.AskGift, content: '', attachment: { giftId: 'g1', giftPrice: 50, isSend: false } }
    await user.db.messages.put(ask)
    const result = await user.messenger.buyGift({ to: ANCHOR, gift: 'g1', price: 50, askGiftMid: 'ask-1' })
    expect(result).toEqual({ gemsBalance: 450 })
    expect(asked[0]?.attrs).toMatchObject({ type: 'set', to: 'gift.localhost' })
    expect(asked[0]?.getChild('giftBuy', NS_GIFT)?.attrs).toMatchObject({ to: ANCHOR, gift: 'g1', price: '50' })
    expect((await stored(user, 'ask-1'))?.attachment).toEqual({ giftId: 'g1', giftPrice: 50, isSend: true })
  })

  it("an iq error fails with 'xmpp send iq error' and leaves the ask-gift message unsent", async () => {
    const user = await openSide(USER)
    await user.session.login()
    user.client().iqHandler = async () => {
      throw Object.assign(new Error('not-acceptable'), { condition: 'not-acceptable' })
    }
    await user.db.messages.put({ mid: 'ask-1', tid: ANCHOR, date: 1, from: ANCHOR, to: USER, read: false, state: 'success', type: MessageType.AskGift, content: '', attachment: { giftId: 'g1', giftPrice: 50, isSend: false } })
    const error = await user.messenger.buyGift({ to: ANCHOR, gift: 'g1', price: 50, askGiftMid: 'ask-1' }).catch((e: unknown) => e as Error)
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toBe(ERROR_XMPP_SEND_IQ)
    expect(((error as Error).cause as Error).message).toBe('not-acceptable')
    expect((await stored(user, 'ask-1'))?.attachment).toMatchObject({ isSend: false })
  })

  it("while offline it fails with 'xmpp send iq error' too", async () => {
    const user = await openSide(USER)
    await expect(user.messenger.buyGift({ to: ANCHOR, gift: 'g1', price: 50 })).rejects.toThrow(ERROR_XMPP_SEND_IQ)
  })
})
