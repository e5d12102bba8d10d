import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openChatDb, openNoticeDb, localOfficialThread } from './openDb'
import type { ChatDb, NoticeDb } from './openDb'
import type { NewMessage, NewThread } from './types'

let indexedDB: IDBFactory
let db: ChatDb

beforeEach(async () => {
  indexedDB = new IDBFactory()
  db = await openChatDb({ indexedDB, IDBKeyRange })
})

afterEach(() => {
  db.close()
})

function message(overrides: Partial<NewMessage> & { mid: string }): NewMessage {
  return {
    tid: 't-1',
    date: 1_000,
    from: 'anchor_200001@localhost',
    to: 'user_100001@localhost',
    read: false,
    state: 'success',
    type: 0,
    content: 'hello',
    ...overrides,
  }
}

function thread(tid: string, overrides: Partial<NewThread> = {}): NewThread {
  return {
    tid,
    mainJid: 'user_100001@localhost',
    linkedJid: `anchor_${tid}@localhost`,
    unread: 0,
    linkedUser: { jid: `anchor_${tid}@localhost`, uid: tid, nickName: `Anchor ${tid}` },
    ...overrides,
  }
}

/** Reads the schema the way a browser sees it, through the raw IndexedDB API. */
async function rawSchema(name: string): Promise<{
  version: number
  stores: Record<string, { keyPath: unknown; autoIncrement: boolean; indexes: Record<string, { keyPath: unknown; unique: boolean }> }>
}> {
  const raw = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(name)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
  const stores: Record<string, { keyPath: unknown; autoIncrement: boolean; indexes: Record<string, { keyPath: unknown; unique: boolean }> }> = {}
  const tx = raw.transaction(Array.from(raw.objectStoreNames), 'readonly')
  for (const storeName of Array.from(raw.objectStoreNames)) {
    const store = tx.objectStore(storeName)
    const indexes: Record<string, { keyPath: unknown; unique: boolean }> = {}
    for (const indexName of Array.from(store.indexNames)) {
      const index = store.index(indexName)
      indexes[indexName] = { keyPath: index.keyPath, unique: index.unique }
    }
    stores[storeName] = { keyPath: store.keyPath, autoIncrement: store.autoIncrement, indexes }
  }
  const version = raw.version
  raw.close()
  return { version, stores }
}

describe('chat database schema', () => {
  it("is 'chat' at Dexie version 3 with exactly the four stores", async () => {
    expect(db.dexie.name).toBe('chat')
    expect(db.dexie.verno).toBe(3)
    expect(db.dexie.tables.map((table) => table.name).sort()).toEqual([
      'messages',
      'threads',
      'users',
      'videocalls',
    ])
  })

  it('has the keys and indexes of the spec', async () => {
    db.close()
    const { stores, version } = await rawSchema('chat')
    // Dexie stores version 3 as native IndexedDB version 30 (it multiplies by 10).
    expect(version).toBe(30)
    expect(stores['users']).toEqual({
      keyPath: 'uid',
      autoIncrement: false,
      indexes: { jid: { keyPath: 'jid', unique: true } },
    })
    expect(stores['threads']).toEqual({
      keyPath: 'id',
      autoIncrement: true,
      indexes: { tid: { keyPath: 'tid', unique: true } },
    })
    expect(stores['messages']).toEqual({
      keyPath: 'id',
      autoIncrement: true,
      indexes: {
        mid: { keyPath: 'mid', unique: true },
        tid: { keyPath: 'tid', unique: false },
        date: { keyPath: 'date', unique: false },
        '[tid+date]': { keyPath: ['tid', 'date'], unique: false },
      },
    })
    expect(stores['videocalls']).toEqual({
      keyPath: 'vid',
      autoIncrement: false,
      indexes: {
        caller: { keyPath: 'caller', unique: false },
        callee: { keyPath: 'callee', unique: false },
        startTime: { keyPath: 'startTime', unique: false },
      },
    })
  })

  it('honours a custom name', async () => {
    const other = await openChatDb({ indexedDB, IDBKeyRange, name: 'chat-test' })
    expect(other.dexie.name).toBe('chat-test')
    other.close()
  })
})

describe('messages.put', () => {
  it('stores a message and gives it a local id', async () => {
    const result = await db.messages.put(message({ mid: 'm-1' }))
    expect(result).toEqual({ status: 'stored', id: expect.any(Number), created: true })
    expect(await db.messages.byMid('m-1')).toMatchObject({ mid: 'm-1', content: 'hello', type: 0 })
  })

  it('stores text messages: type 0 is not empty', async () => {
    expect((await db.messages.put(message({ mid: 'm-0', type: 0 }))).status).toBe('stored')
  })

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['empty string', ''],
    ['NaN', Number.NaN],
  ])('ignores a message whose type is %s', async (_label, type) => {
    const incoming = { ...message({ mid: 'm-empty' }), type } as unknown as NewMessage
    expect(await db.messages.put(incoming)).toEqual({ status: 'ignored', reason: 'empty-type' })
    expect(await db.messages.byMid('m-empty')).toBeUndefined()
    expect(await db.dexie.messages.count()).toBe(0)
  })

  it('a second put with the same mid replaces the row and keeps its id', async () => {
    const first = await db.messages.put(message({ mid: 'm-1', state: 'sending' }))
    const second = await db.messages.put(message({ mid: 'm-1', state: 'success' }))
    expect(first.status === 'stored' && second.status === 'stored').toBe(true)
    if (first.status !== 'stored' || second.status !== 'stored') return
    expect(second).toEqual({ status: 'stored', id: first.id, created: false })
    expect(await db.dexie.messages.count()).toBe(1)
    expect((await db.messages.byMid('m-1'))?.state).toBe('success')
  })

  it('the mid index itself is unique: a raw second row with the same mid is refused', async () => {
    await db.messages.put(message({ mid: 'm-1' }))
    await expect(db.dexie.messages.add({ ...message({ mid: 'm-1' }), id: 999 })).rejects.toMatchObject({
      name: 'ConstraintError',
    })
  })

  it('byMid answers undefined for an unknown mid', async () => {
    expect(await db.messages.byMid('nope')).toBeUndefined()
  })
})

describe('messages.markUnlocked', () => {
  const paidImage = (mid: string) =>
    message({ mid, type: 2, content: '', attachment: { url: 'http://localhost:8787/files/photos/200001_1.svg', payNeed: true, payPrice: 30 } })

  it('marks a paid image unlocked, survives a reopen (reload), and needs no new schema version', async () => {
    await db.messages.put(paidImage('img-1'))
    const marked = await db.messages.markUnlocked('img-1')
    expect(marked).toMatchObject({ mid: 'img-1', unlocked: true })
    db.close()

    db = await openChatDb({ indexedDB, IDBKeyRange })
    expect(db.dexie.verno).toBe(3)
    expect(await db.messages.byMid('img-1')).toMatchObject({ unlocked: true, attachment: { payNeed: true } })
    expect((await db.messages.lastOfThread('t-1')).map((m) => [m.mid, m.unlocked])).toEqual([['img-1', true]])
  })

  it('is kept when the same message is delivered or updated again without the flag', async () => {
    await db.messages.put(paidImage('img-2'))
    await db.messages.markUnlocked('img-2')
    await db.messages.put({ ...paidImage('img-2'), read: true })
    expect(await db.messages.byMid('img-2')).toMatchObject({ read: true, unlocked: true })
  })

  it('answers undefined for an unknown mid and leaves other messages locked', async () => {
    await db.messages.put(paidImage('img-3'))
    expect(await db.messages.markUnlocked('nope')).toBeUndefined()
    expect((await db.messages.byMid('img-3'))?.unlocked).toBeUndefined()
  })
})

describe('messages.deleteOlderThan (the delete-messages schedule)', () => {
  it('removes messages dated before the cut, keeps newer ones and unsent ones, and counts unread again', async () => {
    await db.threads.upsert(thread('t-1', { unread: 3 }))
    await db.messages.put(message({ mid: 'old-read', date: 100, read: true }))
    await db.messages.put(message({ mid: 'old-unread', date: 200, read: false }))
    await db.messages.put(message({ mid: 'old-unsent', date: 300, from: 'user_100001@localhost', to: 't-1', outbox: true, state: 'sending' }))
    await db.messages.put(message({ mid: 'new-unread', date: 5_000, read: false }))
    expect(await db.messages.deleteOlderThan(1_000)).toBe(2)
    expect((await db.messages.lastOfThread('t-1')).map((m) => m.mid)).toEqual(['old-unsent', 'new-unread'])
    expect((await db.threads.byTid('t-1'))?.unread).toBe(1)
    expect(await db.messages.deleteOlderThan(1_000)).toBe(0)
  })
})

describe('messages.lastOfThread', () => {
  it('returns the last 50 of a thread, oldest first, and only that thread', async () => {
    // Written out of date order on purpose.
    for (let i = 0; i < 60; i += 1) {
      const date = ((i * 37) % 60) * 1_000
      await db.messages.put(message({ mid: `a-${date}`, tid: 'a', date }))
    }
    await db.messages.put(message({ mid: 'b-1', tid: 'b', date: 59_500 }))
    const last = await db.messages.lastOfThread('a')
    expect(last).toHaveLength(50)
    expect(last.map((m) => m.date)).toEqual(Array.from({ length: 50 }, (_, i) => (i + 10) * 1_000))
    expect(last.every((m) => m.tid === 'a')).toBe(true)
  })

  it('honours the limit and answers empty for an unknown thread', async () => {
    for (let i = 1; i <= 5; i += 1) await db.messages.put(message({ mid: `m-${i}`, date: i }))
    expect((await db.messages.lastOfThread('t-1', 2)).map((m) => m.date)).toEqual([4, 5])
    expect(await db.messages.lastOfThread('t-1', 0)).toEqual([])
    expect(await db.messages.lastOfThread('other')).toEqual([])
  })

  it('refuses a negative or fractional limit', async () => {
    await expect(db.messages.lastOfThread('t-1', -1)).rejects.toThrow(RangeError)
    await expect(db.messages.lastOfThread('t-1', 1.5)).rejects.toThrow(RangeError)
  })
})

describe('messages.olderThan', () => {
  /** Pages from the newest page back to the first message, the way the chat view scrolls up. */
  async function pageBack(tid: string, limit: number): Promise<{ pages: string[][]; all: string[] }> {
    const pages: string[][] = []
    let page = await db.messages.lastOfThread(tid, limit)
    pages.push(page.map((m) => m.mid))
    for (;;) {
      const oldest = page[0]
      if (!oldest) break
      page = await db.messages.olderThan(tid, { date: oldest.date, mid: oldest.mid }, limit)
      if (page.length === 0) break
      expect(page.length).toBeLessThanOrEqual(limit)
      pages.unshift(page.map((m) => m.mid))
    }
    return { pages, all: pages.flat() }
  }

  it('pages back to the first message: each message once, in thread order, ties across page boundaries included', async () => {
    // Dates with runs of equal values (5 messages at 3_000, 4 at 7_000) that straddle pages of 3;
    // stored out of order, and another thread interleaved.
    const dates = [7_000, 1_000, 3_000, 3_000, 2_000, 3_000, 7_000, 9_000, 3_000, 7_000, 3_000, 4_000, 7_000, 8_000]
    const expected: { mid: string; date: number; order: number }[] = []
    for (const [i, date] of dates.entries()) {
      await db.messages.put(message({ mid: `a-${i}`, tid: 'a', date }))
      await db.messages.put(message({ mid: `b-${i}`, tid: 'b', date }))
      expected.push({ mid: `a-${i}`, date, order: i })
    }
    // Thread order: by date, equal dates in storage order.
    const inOrder = expected.sort((x, y) => x.date - y.date || x.order - y.order).map((m) => m.mid)

    for (const limit of [1, 2, 3, 4, 50]) {
      const { pages, all } = await pageBack('a', limit)
      expect(all, `limit ${limit}`).toEqual(inOrder)
      expect(pages.slice(1).every((p) => p.length === limit)).toBe(true)
    }
  })

  it('answers the messages just before, oldest first, defaulting to a page of 50, and never another thread', async () => {
    for (let i = 1; i <= 120; i += 1) {
      await db.messages.put(message({ mid: `a-${i}`, tid: 'a', date: i * 10 }))
      await db.messages.put(message({ mid: `b-${i}`, tid: 'b', date: i * 10 - 5 }))
    }
    const older = await db.messages.olderThan('a', { date: 1_010, mid: 'a-101' })
    expect(older.map((m) => m.date)).toEqual(Array.from({ length: 50 }, (_, i) => (i + 51) * 10))
    expect(older.every((m) => m.tid === 'a')).toBe(true)
    expect((await db.messages.olderThan('a', { date: 30, mid: 'a-3' }, 5)).map((m) => m.mid)).toEqual(['a-1', 'a-2'])
  })

  it('falls back to the date when the mid is not stored (or belongs to another thread)', async () => {
    await db.messages.put(message({ mid: 'x-1', tid: 'x', date: 100 }))
    await db.messages.put(message({ mid: 'x-2', tid: 'x', date: 200 }))
    await db.messages.put(message({ mid: 'x-3', tid: 'x', date: 200 }))
    await db.messages.put(message({ mid: 'y-1', tid: 'y', date: 200 }))
    expect((await db.messages.olderThan('x', { date: 200, mid: 'gone' })).map((m) => m.mid)).toEqual(['x-1'])
    expect((await db.messages.olderThan('x', { date: 200, mid: 'y-1' })).map((m) => m.mid)).toEqual(['x-1'])
    // Known mid: its earlier same-date neighbour is included, itself and later ones are not.
    expect((await db.messages.olderThan('x', { date: 200, mid: 'x-3' })).map((m) => m.mid)).toEqual(['x-1', 'x-2'])
    expect((await db.messages.olderThan('x', { date: 250, mid: 'gone' })).map((m) => m.mid)).toEqual(['x-1', 'x-2', 'x-3'])
  })

  it('answers empty at the start of the thread, for an unknown thread and for limit 0', async () => {
    await db.messages.put(message({ mid: 'first', date: 5 }))
    await db.messages.put(message({ mid: 'tie', date: 5 }))
    await db.messages.put(message({ mid: 'second', date: 6 }))
    expect(await db.messages.olderThan('t-1', { date: 5, mid: 'first' })).toEqual([])
    expect(await db.messages.olderThan('t-1', { date: 1, mid: 'nope' })).toEqual([])
    expect(await db.messages.olderThan('other', { date: 6, mid: 'second' })).toEqual([])
    expect(await db.messages.olderThan('t-1', { date: 6, mid: 'second' }, 0)).toEqual([])
    expect((await db.messages.olderThan('t-1', { date: 6, mid: 'second' })).map((m) => m.mid)).toEqual(['first', 'tie'])
  })

  it('refuses a negative or fractional limit', async () => {
    await expect(db.messages.olderThan('t-1', { date: 1, mid: 'm' }, -1)).rejects.toThrow(RangeError)
    await expect(db.messages.olderThan('t-1', { date: 1, mid: 'm' }, 1.5)).rejects.toThrow(RangeError)
  })
})

describe('messages.markThreadRead', () => {
  it('marks every incoming message of the thread read and sets the thread unread to 0; outgoing ones wait for the peer', async () => {
    await db.threads.upsert(thread('a', { unread: 3 }))
    await db.threads.upsert(thread('b', { unread: 1 }))
    await db.messages.put(message({ mid: 'a1', tid: 'a', date: 1 }))
    await db.messages.put(message({ mid: 'a2', tid: 'a', date: 2 }))
    await db.messages.put(message({ mid: 'a3', tid: 'a', date: 3, read: true }))
    await db.messages.put(message({ mid: 'a4', tid: 'a', date: 4, from: 'user_100001@localhost', to: 'a' }))
    await db.messages.put(message({ mid: 'b1', tid: 'b', date: 1 }))

    await db.messages.markThreadRead('a')

    expect((await db.messages.lastOfThread('a')).map((m) => m.read)).toEqual([true, true, true, false])
    expect((await db.messages.byMid('b1'))?.read).toBe(false)
    expect((await db.threads.byTid('a'))?.unread).toBe(0)
    expect((await db.threads.byTid('b'))?.unread).toBe(1)
  })

  it('does nothing for a thread without rows', async () => {
    await expect(db.messages.markThreadRead('none')).resolves.toBeUndefined()
  })
})

describe('threads', () => {
  it('upsert by tid keeps the id of an existing thread', async () => {
    const first = await db.threads.upsert(thread('a', { unread: 1 }))
    const second = await db.threads.upsert(thread('a', { unread: 4 }))
    expect(second.id).toBe(first.id)
    expect(await db.dexie.threads.count()).toBe(1)
    expect((await db.threads.byTid('a'))?.unread).toBe(4)
  })

  it('stores the local official conversation at id 1.5 with tid localOfficial', async () => {
    const official = localOfficialThread({
      mainJid: 'user_100001@localhost',
      officialJid: 'official_1@localhost',
      officialUid: '1',
      officialNickName: 'Official',
    })
    const stored = await db.threads.upsert(official)
    expect(stored).toMatchObject({ id: 1.5, tid: 'localOfficial' })
    const next = await db.threads.upsert(thread('a'))
    expect(next.id).toBe(2)
    expect((await db.threads.byTid('localOfficial'))?.id).toBe(1.5)
  })

  it('list is ordered by the newest message; threads without messages come last', async () => {
    await db.threads.upsert(thread('quiet'))
    await db.threads.upsert(thread('old'))
    await db.threads.upsert(thread('recent'))
    await db.messages.put(message({ mid: 'o1', tid: 'old', date: 100 }))
    await db.messages.put(message({ mid: 'r1', tid: 'recent', date: 50 }))
    await db.messages.put(message({ mid: 'r2', tid: 'recent', date: 300, content: 'latest' }))

    const list = await db.threads.list()
    expect(list.map((item) => item.thread.tid)).toEqual(['recent', 'old', 'quiet'])
    expect(list[0]?.lastMessage?.content).toBe('latest')
    expect(list[2]?.lastMessage).toBeUndefined()
  })
})

describe('users and video calls', () => {
  it('users by uid and by jid; jid is unique', async () => {
    await db.users.put({ uid: '200001', jid: 'anchor_200001@localhost', nickName: 'Mia' })
    expect((await db.users.get('200001'))?.nickName).toBe('Mia')
    expect((await db.users.byJid('anchor_200001@localhost'))?.uid).toBe('200001')
    expect(await db.users.get('404')).toBeUndefined()
    await expect(
      db.users.put({ uid: '200002', jid: 'anchor_200001@localhost' }),
    ).rejects.toMatchObject({ name: 'ConstraintError' })
  })

  it('video calls are listed newest first', async () => {
    await db.videocalls.put({ vid: 'v1', caller: 'a', callee: 'b', startTime: 10 })
    await db.videocalls.put({ vid: 'v2', caller: 'a', callee: 'c', startTime: 30 })
    await db.videocalls.put({ vid: 'v3', caller: 'c', callee: 'a', startTime: 20 })
    expect((await db.videocalls.list()).map((call) => call.vid)).toEqual(['v2', 'v3', 'v1'])
  })
})

describe('notice database', () => {
  let notice: NoticeDb

  beforeEach(async () => {
    notice = await openNoticeDb({ indexedDB, IDBKeyRange })
  })

  afterEach(() => {
    notice.close()
  })

  it("is 'notice' version 1 with onlineUsers keyed by id", async () => {
    expect(notice.dexie.name).toBe('notice')
    expect(notice.dexie.verno).toBe(1)
    notice.close()
    const { stores, version } = await rawSchema('notice')
    expect(version).toBe(10)
    expect(stores).toEqual({ onlineUsers: { keyPath: 'id', autoIncrement: false, indexes: {} } })
  })

  it('put replaces by id, list and clear', async () => {
    await notice.onlineUsers.put({ id: 'anchor_1@localhost', online: true })
    await notice.onlineUsers.put({ id: 'anchor_2@localhost', online: true })
    await notice.onlineUsers.put({ id: 'anchor_1@localhost', online: false })
    expect(await notice.onlineUsers.list()).toEqual([
      { id: 'anchor_1@localhost', online: false },
      { id: 'anchor_2@localhost', online: true },
    ])
    await notice.onlineUsers.clear()
    expect(await notice.onlineUsers.list()).toEqual([])
  })
})
