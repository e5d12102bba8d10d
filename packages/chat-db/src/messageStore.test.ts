import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { StorageQuotaError, createMessageStore } from './messageStore'
import type { MessageStore } from './messageStore'
import { openChatDb } from './openDb'
import type { ChatDb } from './openDb'
import type { NewMessage } from './types'

const ME = 'user_100001@localhost'
const PEER = 'anchor_200001@localhost'

let indexedDB: IDBFactory
let db: ChatDb
let store: MessageStore

beforeEach(async () => {
  indexedDB = new IDBFactory()
  db = await openChatDb({ indexedDB, IDBKeyRange })
  store = createMessageStore(db)
})

afterEach(() => {
  db.close()
})

function incoming(mid: string, overrides: Partial<NewMessage> = {}): NewMessage {
  return { mid, tid: PEER, date: 1_000, from: PEER, to: ME, read: false, state: 'success', type: 0, content: 'hi', nickName: 'Mia', ...overrides }
}

function outgoing(mid: string, overrides: Partial<NewMessage> = {}): NewMessage {
  return { mid, tid: PEER, date: 1_000, from: ME, to: PEER, read: false, state: 'sending', type: 0, content: 'hello', outbox: true, ...overrides }
}

describe('createMessageStore: receive', () => {
  it('stores a new message, creates its thread with one unread and the sender as linked user', async () => {
    expect(await store.receive(incoming('m1'))).toBe('stored')
    expect(await store.byMid('m1')).toMatchObject({ mid: 'm1', content: 'hi' })
    expect(await db.threads.byTid(PEER)).toMatchObject({
      tid: PEER,
      mainJid: ME,
      linkedJid: PEER,
      unread: 1,
      linkedUser: { jid: PEER, uid: '200001', nickName: 'Mia' },
    })
  })

  it('a known mid is a duplicate: nothing stored twice, unread not counted twice', async () => {
    await store.receive(incoming('m1'))
    expect(await store.receive(incoming('m1', { content: 'changed' }))).toBe('duplicate')
    expect(await db.dexie.messages.count()).toBe(1)
    expect((await store.byMid('m1'))?.content).toBe('hi')
    expect((await db.threads.byTid(PEER))?.unread).toBe(1)
  })

  it('the same message delivered twice at the same moment is stored once', async () => {
    const results = await Promise.all([store.receive(incoming('m1')), store.receive(incoming('m1'))])
    expect(results.sort()).toEqual(['duplicate', 'stored'])
    expect(await db.dexie.messages.count()).toBe(1)
  })

  it('a read message (active thread) does not add to unread; unread ones add up', async () => {
    await store.receive(incoming('m1', { read: true }))
    expect((await db.threads.byTid(PEER))?.unread).toBe(0)
    await store.receive(incoming('m2'))
    await store.receive(incoming('m3'))
    expect((await db.threads.byTid(PEER))?.unread).toBe(2)
  })

  it('ignores a message with an empty type (SPEC §5)', async () => {
    expect(await store.receive({ ...incoming('m1'), type: Number.NaN })).toBe('ignored')
    expect(await db.dexie.messages.count()).toBe(0)
    expect(await db.threads.byTid(PEER)).toBeUndefined()
  })
})

describe('createMessageStore: outbox', () => {
  it('our own message received from the archive (sent from another device) creates the thread of its recipient', async () => {
    expect(await store.receive(outgoing('a1', { state: 'success', outbox: false, read: true }))).toBe('stored')
    expect(await db.threads.byTid(PEER)).toMatchObject({ tid: PEER, mainJid: ME, linkedJid: PEER, unread: 0, linkedUser: { jid: PEER, uid: '200001' } })
  })

  it('add stores an outgoing message and creates its thread linked to the recipient', async () => {
    await store.add(outgoing('o1'))
    expect(await store.byMid('o1')).toMatchObject({ state: 'sending', outbox: true })
    expect(await db.threads.byTid(PEER)).toMatchObject({ mainJid: ME, linkedJid: PEER, unread: 0 })
  })

  it('newestDate is the date of the newest stored message, incoming or outgoing; undefined when empty', async () => {
    expect(await store.newestDate()).toBeUndefined()
    await store.receive(incoming('in', { date: 5 }))
    await store.add(outgoing('out', { date: 9 }))
    await store.receive(incoming('old', { date: 2 }))
    expect(await store.newestDate()).toBe(9)
  })

  it('outbox lists messages waiting for acknowledgement, oldest first', async () => {
    await store.add(outgoing('late', { date: 3 }))
    await store.add(outgoing('early', { date: 1 }))
    await store.add(outgoing('done', { date: 2, outbox: false, state: 'success' }))
    await store.receive(incoming('in', { date: 0 }))
    expect((await store.outbox()).map((m) => m.mid)).toEqual(['early', 'late'])
  })

  it('update changes fields, keeps the local id, answers undefined for an unknown mid', async () => {
    await store.add(outgoing('o1'))
    const before = await store.byMid('o1')
    const after = await store.update('o1', { state: 'success', outbox: false })
    expect(after).toMatchObject({ id: before?.id, mid: 'o1', state: 'success', outbox: false })
    expect(await store.outbox()).toEqual([])
    expect(await store.update('nope', { state: 'error' })).toBeUndefined()
  })

  it('survives a reopen of the database (page reload)', async () => {
    await store.add(outgoing('o1'))
    db.close()
    db = await openChatDb({ indexedDB, IDBKeyRange })
    expect((await createMessageStore(db).outbox()).map((m) => m.mid)).toEqual(['o1'])
  })

  it('markThreadRead and lastOfThread pass through to the repositories', async () => {
    await store.receive(incoming('m1', { date: 1 }))
    await store.receive(incoming('m2', { date: 2 }))
    await store.markThreadRead(PEER)
    expect((await store.lastOfThread(PEER, 1)).map((m) => [m.mid, m.read])).toEqual([['m2', true]])
    expect((await db.threads.byTid(PEER))?.unread).toBe(0)
  })
})

describe('createMessageStore: storage quota (SPEC §8)', () => {
  function quotaError(): Error {
    const error = new Error('quota')
    error.name = 'QuotaExceededError'
    return error
  }

  it('retries once and keeps the message when the second write succeeds', async () => {
    const put = vi.spyOn(db.messages, 'put').mockRejectedValueOnce(quotaError())
    await store.add(outgoing('o1'))
    expect(put).toHaveBeenCalledTimes(2)
    expect(await store.byMid('o1')).toMatchObject({ mid: 'o1' })
  })

  it('fails with a clear StorageQuotaError when the retry is refused too', async () => {
    vi.spyOn(db.dexie.messages, 'bulkAdd').mockRejectedValueOnce(quotaError()).mockRejectedValueOnce(quotaError())
    const error = await store.receive(incoming('m1')).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(StorageQuotaError)
    expect((error as Error).message).toBe('storage quota exceeded: the message could not be stored')
  })

  it('an incoming message refused once for quota is stored by the retry', async () => {
    const bulkAdd = vi.spyOn(db.dexie.messages, 'bulkAdd').mockRejectedValueOnce(quotaError())
    expect(await store.receive(incoming('m1'))).toBe('stored')
    expect(bulkAdd).toHaveBeenCalledTimes(2)
    expect(await store.byMid('m1')).toMatchObject({ mid: 'm1', content: 'hi' })
    expect((await db.threads.byTid(PEER))?.unread).toBe(1)
  })

  it('other errors are not retried', async () => {
    const put = vi.spyOn(db.messages, 'put').mockRejectedValueOnce(new TypeError('boom'))
    await expect(store.add(outgoing('o1'))).rejects.toThrow('boom')
    expect(put).toHaveBeenCalledTimes(1)
  })
})

describe('receiveMany', () => {
  it('stores a batch in order in one go, with duplicates (stored before or within the batch) and empty types left out', async () => {
    const db = await openChatDb({ indexedDB: new IDBFactory(), IDBKeyRange, name: 'receive-many' })
    const store = createMessageStore(db)
    const base = { tid: 'anchor_1@localhost', from: 'anchor_1@localhost', to: 'user_1@localhost', read: false, state: 'success' as const, type: 0 }
    await store.receive({ ...base, mid: 'a', date: 1, content: 'first' })
    const results = await store.receiveMany([
      { ...base, mid: 'a', date: 1, content: 'first again' },
      { ...base, mid: 'b', date: 2, content: 'second' },
      { ...base, mid: 'b', date: 2, content: 'second again' },
      { ...base, mid: 'c', date: 3, content: 'empty', type: undefined as unknown as number },
      { ...base, mid: 'd', date: 4, content: 'third' },
    ])
    expect(results).toEqual(['duplicate', 'stored', 'duplicate', 'ignored', 'stored'])
    expect((await db.messages.lastOfThread('anchor_1@localhost', 10)).map((m) => m.content)).toEqual(['first', 'second', 'third'])
    expect((await db.threads.byTid('anchor_1@localhost'))?.unread).toBe(3)
    db.close()
  })
})

describe('receiveMany across threads', () => {
  it('creates new threads once, adds each thread its own unread count, keeps read messages out of it', async () => {
    await store.receive(incoming('m0'))
    const other = 'anchor_200002@localhost'
    const results = await store.receiveMany([
      incoming('m1', { date: 2 }),
      incoming('n1', { tid: other, from: other, nickName: 'Ada', date: 3 }),
      incoming('m2', { date: 4, read: true }),
      incoming('n2', { tid: other, from: other, date: 5 }),
      incoming('m3', { date: 6 }),
    ])
    expect(results).toEqual(['stored', 'stored', 'stored', 'stored', 'stored'])
    expect((await db.threads.byTid(PEER))?.unread).toBe(3)
    const created = await db.threads.byTid(other)
    expect(created).toMatchObject({ unread: 2, mainJid: ME, linkedJid: other, linkedUser: { uid: '200002', nickName: 'Ada' } })
    expect((await db.messages.lastOfThread(other, 10)).map((m) => m.mid)).toEqual(['n1', 'n2'])
  })

  it('a batch of only duplicates and empty types writes nothing', async () => {
    await store.receive(incoming('m1'))
    const results = await store.receiveMany([incoming('m1'), incoming('m2', { type: undefined as unknown as number })])
    expect(results).toEqual(['duplicate', 'ignored'])
    expect((await db.threads.byTid(PEER))?.unread).toBe(1)
    expect(await db.messages.lastOfThread(PEER, 10)).toHaveLength(1)
  })
})

describe('createMessageStore: markReadUpTo (read states from another device)', () => {
  it('marks incoming messages up to a date read and counts the thread unread again; later and outgoing ones stay', async () => {
    await store.receiveMany([incoming('a', { date: 1_000 }), incoming('b', { date: 2_000 }), incoming('c', { date: 3_000 })])
    await store.add(outgoing('mine', { date: 1_500, outbox: false, state: 'success' }))
    expect((await db.threads.byTid(PEER))?.unread).toBe(3)
    const changed = await store.markReadUpTo(PEER, 2_000, 'incoming')
    expect(changed.map((message) => message.mid).sort()).toEqual(['a', 'b'])
    expect(changed.every((message) => message.read)).toBe(true)
    expect((await db.threads.byTid(PEER))?.unread).toBe(1)
    expect((await store.byMid('c'))?.read).toBe(false)
    expect((await store.byMid('mine'))?.read).toBe(false)
    // Again: nothing left to change.
    expect(await store.markReadUpTo(PEER, 2_000, 'incoming')).toEqual([])
  })

  it('outgoing side: the peer read our messages up to a date; the unread count of incoming is untouched', async () => {
    await store.receive(incoming('in', { date: 1_000 }))
    await store.add(outgoing('o1', { date: 1_100, outbox: false, state: 'success' }))
    await store.add(outgoing('o2', { date: 5_000, outbox: false, state: 'success' }))
    const changed = await store.markReadUpTo(PEER, 2_000, 'outgoing')
    expect(changed.map((message) => message.mid)).toEqual(['o1'])
    expect((await store.byMid('o2'))?.read).toBe(false)
    expect((await store.byMid('in'))?.read).toBe(false)
    expect((await db.threads.byTid(PEER))?.unread).toBe(1)
  })
})
