import { createMessageStore, openChatDb } from '@vchat/chat-db'
import { xml } from '@xmpp/client'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ArchiveError, archivedReads, buildArchiveQuery } from './archive.ts'
import { createChatSession } from './createChatSession.ts'
import type { ChatMessage } from './messages.ts'
import { createMessenger } from './messenger.ts'
import type { MessageStore } from './messengerTypes.ts'
import { ARCHIVE_QUIET_MS } from './constants.ts'
import { buildDisplayedStanza, buildMessageStanza, buildReceivedStanza } from './stanza.ts'
import { FakeClient } from './test-utils/fakeClient.ts'
import type { SessionTimers, XmlElement } from './types.ts'
import { NS_DELAY, NS_FORWARD, NS_MAM, NS_RSM } from '@vchat/contract'

const ME = 'user_100001@localhost'
const PEER = 'anchor_200001@localhost'
const idleTimers: SessionTimers = { setTimeout: () => 0, clearTimeout: () => {}, setInterval: () => 0, clearInterval: () => {} }
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

function chat(mid: string, from: string, to: string, date: number): XmlElement {
  const message: ChatMessage = { mid, tid: '', date, from, to, read: false, state: 'success', type: 0, content: mid }
  return xml('message', { ...buildMessageStanza(message).attrs, from: `${from}/web_fachat` }, ...(buildMessageStanza(message).children as XmlElement[]))
}

/** One `<result/>` of the query, as Prosody sends it. */
function resultFor(query: XmlElement, r: { id: string; message: XmlElement; from?: string | null }): XmlElement {
  const stamp = new Date(1_700_000_000_000).toISOString()
  // Prosody leaves `from` out (our own account); null plays that.
  return xml('message', { ...(r.from === null ? {} : { from: r.from ?? ME }), to: `${ME}/web_fachat` },
    xml('result', { xmlns: NS_MAM, queryid: query.attrs.queryid, id: r.id },
      xml('forwarded', { xmlns: NS_FORWARD }, xml('delay', { xmlns: NS_DELAY, stamp }), r.message)))
}

/** The iq that ends the answer: `<fin/>` with the page's first and last ids. */
function finFor(iq: XmlElement, ids: string[], complete: boolean): XmlElement {
  return xml('iq', { type: 'result', id: iq.attrs.id },
    xml('fin', { xmlns: NS_MAM, complete: String(complete) },
      xml('set', { xmlns: NS_RSM }, ...(ids.length ? [xml('first', {}, ids[0]), xml('last', {}, ids.at(-1))] : []))))
}

/** The archive as Prosody answers: `<result/>` messages from our bare jid, then the iq with `<fin/>`. */
type Archive = (query: XmlElement) => { results: { id: string; message: XmlElement; from?: string | null }[]; complete: boolean } | 'refuse' | 'no-fin'

async function setup(archive: Archive, wrapStore: (store: MessageStore) => MessageStore = (store) => store) {
  const db = await openChatDb({ indexedDB: new IDBFactory(), IDBKeyRange, name: 'chat' })
  const store = createMessageStore(db)
  let fake: FakeClient | undefined
  const queries: XmlElement[] = []
  const session = createChatSession({
    service: 'ws://localhost:5280/xmpp-websocket',
    domain: 'localhost',
    getCredentials: async () => ({ username: 'user_100001', password: 'token' }),
    timers: idleTimers,
    clientFactory: (options) => {
      fake = new FakeClient(options)
      fake.smSupported = true
      const client = fake
      client.archiveHandler = async (iq) => {
        const query = iq.getChild('query', NS_MAM)!
        queries.push(iq)
        const answer = archive(iq)
        if (answer === 'refuse') throw new Error('service-unavailable')
        if (answer === 'no-fin') return xml('iq', { type: 'result', id: iq.attrs.id })
        for (const r of answer.results) client.receive(resultFor(query, r))
        return finFor(iq, answer.results.map((r) => r.id), answer.complete)
      }
      return client
    },
  })
  const messenger = createMessenger({ session, store: wrapStore(store), me: ME, clock: () => 1_800_000_000_000 })
  const received: ChatMessage[] = []
  const errors: Error[] = []
  messenger.onMessage((m) => received.push(m))
  messenger.onError((e) => errors.push(e))
  closers.push(async () => {
    messenger.close()
    await session.logout()
    db.close()
  })
  return { db, store, session, messenger, received, errors, queries, client: () => fake }
}

const field = (iq: XmlElement, name: string) =>
  iq.getChild('query', NS_MAM)?.getChild('x')?.getChildren('field').find((f) => f.attrs.var === name)?.getChildText('value')
const rsm = (iq: XmlElement, name: string) => iq.getChild('query', NS_MAM)?.getChild('set', NS_RSM)?.getChildText(name)

describe('archive catch-up (XEP-0313)', () => {
  it('a login that did not resume pages through the archive from the newest stored message, de-duplicating by mid', async () => {
    const s = await setup((iq) => {
      if (rsm(iq, 'before') === '') return { results: [{ id: 'a1', message: chat('m1', PEER, ME, 2_000) }, { id: 'a2', message: chat('mine', ME, PEER, 2_001) }], complete: false }
      if (rsm(iq, 'after') === 'a3') return { results: [{ id: 'a4', message: chat('m4', PEER, ME, 2_003) }], complete: true }
      return { results: [{ id: 'a2', message: chat('mine', ME, PEER, 2_001) }, { id: 'a3', message: chat('m3', PEER, ME, 2_002) }], complete: false }
    })
    // Nothing stored yet: the newest page first (new device).
    await s.session.login()
    await vi.waitFor(() => expect(s.queries).toHaveLength(1))
    expect(rsm(s.queries[0]!, 'before')).toBe('')
    await vi.waitFor(() => expect(s.received.map((m) => m.mid)).toEqual(['m1', 'mine']))
    // The next full login starts from there, pages with `after`, and stores each message once.
    s.client()!.resumeOnReconnect = false
    s.client()!.drop()
    await s.client()!.reconnect.reconnect()
    await vi.waitFor(() => expect(s.queries).toHaveLength(3))
    expect(field(s.queries[1]!, 'start')).toBeDefined()
    expect(rsm(s.queries[2]!, 'after')).toBe('a3')
    await vi.waitFor(() => expect(s.received.map((m) => m.mid)).toEqual(['m1', 'mine', 'm3', 'm4']))
    const mine = await s.store.byMid('mine')
    // Ours, sent: not read by the peer, whose marker is not in the archive.
    expect(mine).toMatchObject({ from: ME, tid: PEER, read: false, state: 'success' })
    // m1 came before our own message (we answered it): read; m3 and m4 came after: unread.
    expect((await s.store.byMid('m1'))?.read).toBe(true)
    expect((await s.store.byMid('m3'))?.read).toBe(false)
    expect((await s.store.byMid('m4'))?.read).toBe(false)
    expect(s.errors).toEqual([])
  })

  it('with nothing stored, the first login reads the newest page; a later full login reads everything since that first one', async () => {
    const s = await setup(() => ({ results: [], complete: true }))
    await s.session.login()
    await vi.waitFor(() => expect(s.queries).toHaveLength(1))
    expect(rsm(s.queries[0]!, 'before')).toBe('')
    // Offline long enough that the stream cannot resume: a thousand messages may be waiting, all in the archive.
    s.client()!.resumeOnReconnect = false
    s.client()!.drop()
    await s.client()!.reconnect.reconnect()
    await vi.waitFor(() => expect(s.queries).toHaveLength(2))
    expect(rsm(s.queries[1]!, 'before')).toBeFalsy()
    // From the first catch-up's time (the messenger's clock), less the margin for clocks that differ.
    expect(Date.parse(field(s.queries[1]!, 'start') ?? '')).toBeLessThanOrEqual(1_800_000_000_000)
    expect(Date.parse(field(s.queries[1]!, 'start') ?? '')).toBeGreaterThan(1_800_000_000_000 - 24 * 3_600_000)
  })

  it('a resumed stream does not query the archive', async () => {
    const s = await setup(() => ({ results: [], complete: true }))
    await s.session.login()
    await vi.waitFor(() => expect(s.queries).toHaveLength(1))
    s.client()!.drop()
    await s.client()!.reconnect.reconnect()
    await s.messenger.flush()
    expect(s.queries).toHaveLength(1)
  })

  it('ignores a forged result (from another account); a result without from is our own account\'s', async () => {
    const s = await setup(() => ({ results: [{ id: 'x', message: chat('forged', PEER, ME, 1), from: PEER }, { id: 'a1', message: chat('real', PEER, ME, 2) }, { id: 'a2', message: chat('no-from', PEER, ME, 3), from: null }], complete: true }))
    await s.session.login()
    await vi.waitFor(() => expect(s.received.map((m) => m.mid)).toEqual(['real', 'no-from']))
    expect(await s.store.byMid('forged')).toBeUndefined()
  })

  it('a malformed or refused page stores nothing and reports an ArchiveError; catchUp() retries', async () => {
    let answer: ReturnType<Archive> = { results: [{ id: 'a1', message: chat('m1', PEER, ME, 1) }, { id: '', message: chat('m2', PEER, ME, 2) }], complete: true }
    const s = await setup(() => answer)
    await s.session.login()
    await vi.waitFor(() => expect(s.errors).toHaveLength(1))
    expect(s.errors[0]).toBeInstanceOf(ArchiveError)
    expect(await s.store.byMid('m1')).toBeUndefined()
    answer = 'refuse'
    await expect(s.messenger.catchUp()).rejects.toBeInstanceOf(ArchiveError)
    answer = 'no-fin'
    await expect(s.messenger.catchUp()).rejects.toThrow('archive page malformed')
    expect(s.received).toEqual([])
    answer = { results: [{ id: 'a1', message: chat('m1', PEER, ME, 1) }], complete: true }
    await s.messenger.catchUp()
    expect(s.received.map((m) => m.mid)).toEqual(['m1'])
  })

  /** A catch-up of three pages after one message stored (m0): m1 m2 | m3 | m4. */
  const threePages: Archive = (iq) => {
    if (rsm(iq, 'before') === '') return { results: [{ id: 'a0', message: chat('m0', PEER, ME, 1_000) }], complete: true }
    if (rsm(iq, 'after') === 'a2') return { results: [{ id: 'a3', message: chat('m3', PEER, ME, 1_003) }], complete: false }
    if (rsm(iq, 'after') === 'a3') return { results: [{ id: 'a4', message: chat('m4', PEER, ME, 1_004) }], complete: true }
    return { results: [{ id: 'a1', message: chat('m1', PEER, ME, 1_001) }, { id: 'a2', message: chat('m2', PEER, ME, 1_002) }], complete: false }
  }

  /** Logs in (the newest page: m0), then drops and logs in again without a resume (the catch-up). */
  async function catchUpAfterDrop(s: Awaited<ReturnType<typeof setup>>) {
    await s.session.login()
    await vi.waitFor(() => expect(s.received.map((m) => m.mid)).toEqual(['m0']))
    s.client()!.resumeOnReconnect = false
    s.client()!.drop()
    await s.client()!.reconnect.reconnect()
  }

  it('asks for the next page while the one before is being stored; the pages are stored in order, each message once', async () => {
    let releaseFirstPage = () => {}
    const firstPageHeld = new Promise<void>((resolve) => (releaseFirstPage = resolve))
    const s = await setup(threePages, (store) => ({
      ...store,
      async receiveMany(messages) {
        if (messages.some((m) => m.mid === 'm1')) await firstPageHeld
        return store.receiveMany!(messages)
      },
    }))
    await catchUpAfterDrop(s)
    // The first catch-up page is not stored yet, and the second is already asked for.
    await vi.waitFor(() => expect(s.queries.some((iq) => rsm(iq, 'after') === 'a2')).toBe(true))
    expect(s.received.map((m) => m.mid)).toEqual(['m0'])
    releaseFirstPage()
    await vi.waitFor(() => expect(s.received.map((m) => m.mid)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']))
    expect((await s.store.lastOfThread(PEER, 10)).map((m) => m.mid)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4'])
    expect(s.errors).toEqual([])
  })

  it('a page that cannot be stored ends the catch-up and is reported: what came before stays, nothing after it is stored', async () => {
    const s = await setup(threePages, (store) => ({
      ...store,
      async receiveMany(messages) {
        if (messages.some((m) => m.mid === 'm3')) throw new Error('write refused')
        return store.receiveMany!(messages)
      },
    }))
    await catchUpAfterDrop(s)
    await vi.waitFor(() => expect(s.errors.map((e) => e.message)).toEqual(['write refused']))
    expect(s.received.map((m) => m.mid)).toEqual(['m0', 'm1', 'm2'])
    expect(await s.store.byMid('m3')).toBeUndefined()
    expect(await s.store.byMid('m4')).toBeUndefined()
  })

  it('a refused page while the one before it is being stored: that one is stored, the catch-up reports an ArchiveError', async () => {
    const s = await setup((iq) => (rsm(iq, 'after') === 'a2' ? 'refuse' : threePages(iq)))
    await catchUpAfterDrop(s)
    await vi.waitFor(() => expect(s.errors).toHaveLength(1))
    expect(s.errors[0]).toBeInstanceOf(ArchiveError)
    expect(s.received.map((m) => m.mid)).toEqual(['m0', 'm1', 'm2'])
    expect(await s.store.byMid('m3')).toBeUndefined()
  })

  it('a large page that keeps coming is read to its end however long it takes in all; an answer that goes quiet is given up', async () => {
    const s = await setup(() => ({ results: [], complete: true }))
    await s.session.login()
    await vi.waitFor(() => expect(s.queries).toHaveLength(1))
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      // Twelve results, one every ARCHIVE_QUIET_MS / 2: longer than ARCHIVE_QUIET_MS in all, never quiet that long.
      let asked: { iq: XmlElement; finish: (fin: XmlElement) => void } | undefined
      s.client()!.archiveHandler = (iq) => new Promise<XmlElement>((finish) => (asked = { iq, finish }))
      const slow = s.messenger.catchUp()
      await vi.waitFor(() => expect(asked).toBeDefined())
      const query = asked!.iq.getChild('query', NS_MAM)!
      const ids = Array.from({ length: 12 }, (_, i) => `s${i}`)
      for (const [i, id] of ids.entries()) {
        await vi.advanceTimersByTimeAsync(ARCHIVE_QUIET_MS / 2)
        s.client()!.receive(resultFor(query, { id, message: chat(`slow${i}`, PEER, ME, 10 + i) }))
      }
      asked!.finish(finFor(asked!.iq, ids, true))
      await slow
      expect(s.received.map((m) => m.mid)).toEqual(Array.from({ length: 12 }, (_, i) => `slow${i}`))
      // Two results, then nothing more.
      s.client()!.archiveHandler = async (iq) => {
        const query = iq.getChild('query', NS_MAM)!
        s.client()!.receive(resultFor(query, { id: 'q1', message: chat('quiet1', PEER, ME, 100) }))
        s.client()!.receive(resultFor(query, { id: 'q2', message: chat('quiet2', PEER, ME, 101) }))
        return new Promise<XmlElement>(() => {})
      }
      const quiet = s.messenger.catchUp().catch((error: unknown) => error)
      await vi.advanceTimersByTimeAsync(ARCHIVE_QUIET_MS)
      expect(await quiet).toBeInstanceOf(ArchiveError)
      expect(await s.store.byMid('quiet1')).toBeUndefined()
    } finally {
      vi.useRealTimers()
    }
  })

  it('loadThreadHistory loads a thread page by page, newest page first', async () => {
    const s = await setup((iq) =>
      rsm(iq, 'before') === 'a3'
        ? { results: [{ id: 'a1', message: chat('m1', PEER, ME, 1) }, { id: 'a2', message: chat('m2', ME, PEER, 2) }], complete: true }
        : { results: [{ id: 'a3', message: chat('m3', PEER, ME, 3) }, { id: 'a4', message: chat('m4', PEER, ME, 4) }], complete: false },
    )
    await s.session.login()
    // The catch-up of the login first (nothing stored: the newest page).
    await vi.waitFor(() => expect(s.queries).toHaveLength(1))
    const newestPage = await s.messenger.loadThreadHistory(PEER)
    expect(newestPage.messages.map((m) => m.mid)).toEqual(['m3', 'm4'])
    expect(newestPage.before).toBe('a3')
    expect(field(s.queries.at(-1)!, 'with')).toBe(PEER)
    const older = await s.messenger.loadThreadHistory(PEER, newestPage.before)
    expect(older.messages.map((m) => m.mid)).toEqual(['m1', 'm2'])
    expect(older.before).toBeUndefined()
    expect((await s.store.lastOfThread(PEER, 10)).map((m) => m.mid)).toEqual(['m1', 'm2', 'm3', 'm4'])
  })

  it('builds the query addressed to our own account with the form and an RSM page of 50', () => {
    const iq = buildArchiveQuery('q1', ME, { with: PEER, start: 0, after: 'a9' })
    expect(iq.attrs).toMatchObject({ type: 'set', to: ME })
    expect(field(iq, 'FORM_TYPE')).toBe(NS_MAM)
    expect(field(iq, 'start')).toBe('1970-01-01T00:00:00.000Z')
    expect(rsm(iq, 'max')).toBe('50')
    expect(rsm(iq, 'after')).toBe('a9')
  })
})

describe('archivedReads: read states an archive page carries', () => {
  it('our markers and answers read the peer\'s messages; the peer\'s markers read ours; receipts from the peer deliver', () => {
    const ours = (stanza: XmlElement) => xml('message', { ...stanza.attrs, from: `${ME}/phone` }, ...(stanza.children as XmlElement[]))
    const theirs = (stanza: XmlElement) => xml('message', { ...stanza.attrs, from: `${PEER}/web_fachat`, to: ME }, ...(stanza.children as XmlElement[]))
    const page = {
      complete: true,
      items: [
        { id: '1', message: chat('p1', PEER, ME, 1_000), stamp: 1_000 },
        { id: '2', message: ours(buildDisplayedStanza(PEER, 'p1', 'd1')), stamp: 1_500 },
        { id: '3', message: chat('o1', ME, PEER, 2_000), stamp: 2_000 },
        { id: '4', message: theirs(buildReceivedStanza(ME, ['o1'], 'r1')), stamp: 2_100 },
        { id: '5', message: theirs(buildDisplayedStanza(ME, 'o1', 'd2')), stamp: 2_200 },
        // A receipt we sent is about their message: nothing to deliver on our side.
        { id: '6', message: ours(buildReceivedStanza(PEER, ['p1'], 'r2')), stamp: 2_300 },
      ],
    }
    const reads = archivedReads(page, ME, () => 0)
    // Our answer (2 000) came after our marker for p1; the peer read up to o1, dated 2 000.
    expect(reads.incoming).toEqual(new Map([[PEER, 2_000]]))
    expect(reads.outgoing).toEqual(new Map([[PEER, 2_000]]))
    expect(reads.delivered).toEqual(['o1'])
    // A marker whose message is on another page: up to the end of the second it was archived in.
    const alone = archivedReads({ complete: true, items: [{ id: '7', message: theirs(buildDisplayedStanza(ME, 'elsewhere', 'd3')), stamp: 5_000 }] }, ME, () => 0)
    expect(alone.outgoing).toEqual(new Map([[PEER, 5_999]]))
  })
})
