import { IDBFactory, IDBIndex, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openChatDb } from './openDb'
import type { ChatDb } from './openDb'
import type { Message, NewMessage } from './types'

// A database that already exists (the usual case: every start after the first) is opened with a
// plain IndexedDB connection; `lastOfThread` reads on it and Dexie opens on first use.

let indexedDB: IDBFactory
let expected: Map<string, Message[]>
const opened: ChatDb[] = []

function message(mid: string, tid: string, date: number): NewMessage {
  return { mid, tid, date, from: `${tid}@localhost`, to: 'user_1@localhost', read: true, state: 'success', type: 0, content: `text ${mid}` }
}

const READS: readonly (readonly [string, number])[] = [
  ['a', 50],
  ['a', 7],
  ['a', 0],
  ['a', 500],
  ['b', 50],
  ['nobody', 50],
]
const key = (tid: string, limit: number) => `${tid}/${String(limit)}`

async function open(): Promise<ChatDb> {
  const db = await openChatDb({ indexedDB, IDBKeyRange })
  opened.push(db)
  return db
}

beforeEach(async () => {
  indexedDB = new IDBFactory()
  // First run: Dexie creates the database; its answers are the reference.
  const first = await open()
  for (let i = 0; i < 120; i += 1) {
    // Out of date order, with runs of equal dates (ties are ordered by local id).
    const date = ((i * 37) % 120) - ((i * 37) % 120) % 3
    await first.messages.put(message(`a-${String(i)}`, 'a', date))
    if (i % 4 === 0) await first.messages.put(message(`b-${String(i)}`, 'b', date))
  }
  expected = new Map()
  for (const [tid, limit] of READS) expected.set(key(tid, limit), await first.messages.lastOfThread(tid, limit))
  first.close()
})

afterEach(() => {
  for (const db of opened.splice(0)) db.close()
})

describe('opening an existing chat database', () => {
  it('answers lastOfThread with the same rows as Dexie, without opening Dexie', async () => {
    const db = await open()
    for (const [tid, limit] of READS) {
      expect(await db.messages.lastOfThread(tid, limit)).toEqual(expected.get(key(tid, limit)))
    }
    expect(expected.get(key('a', 50))).toHaveLength(50)
    expect(expected.get(key('a', 500))).toHaveLength(120)
    expect(db.dexie.isOpen()).toBe(false)
  })

  it('gives the same rows where getAll takes no direction (cursor read)', async () => {
    const prototype = IDBIndex.prototype as unknown as Record<string, unknown>
    const getAllRecords = Object.getOwnPropertyDescriptor(prototype, 'getAllRecords')
    expect(getAllRecords).toBeDefined()
    delete prototype['getAllRecords']
    try {
      const db = await open()
      for (const [tid, limit] of READS) {
        expect(await db.messages.lastOfThread(tid, limit)).toEqual(expected.get(key(tid, limit)))
      }
      expect(db.dexie.isOpen()).toBe(false)
    } finally {
      if (getAllRecords) Object.defineProperty(prototype, 'getAllRecords', getAllRecords)
    }
  })

  it('still refuses a negative or fractional limit', async () => {
    const db = await open()
    await expect(db.messages.lastOfThread('a', -1)).rejects.toThrow(RangeError)
    await expect(db.messages.lastOfThread('a', 1.5)).rejects.toThrow(RangeError)
  })

  it('opens Dexie on the first other query; writes are seen by the next read', async () => {
    const db = await open()
    expect(await db.threads.list()).toEqual([])
    expect(db.dexie.isOpen()).toBe(true)
    await db.messages.put(message('a-new', 'a', 10_000))
    const last = await db.messages.lastOfThread('a', 2)
    expect(last.map((m) => m.mid)).toEqual([expected.get(key('a', 50))?.at(-1)?.mid, 'a-new'])
  })

  it('inside a Dexie transaction, reads within it (its own writes included)', async () => {
    const db = await open()
    const inside = await db.dexie.transaction('rw', db.dexie.messages, async () => {
      await db.messages.put(message('a-in-transaction', 'a', 20_000))
      return db.messages.lastOfThread('a', 1)
    })
    expect(inside.map((m) => m.mid)).toEqual(['a-in-transaction'])
  })

  it('does not hold up another tab deleting the database, and then goes through Dexie', async () => {
    const db = await open()
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase('chat')
      request.onsuccess = () => resolve()
      request.onerror = () => reject(request.error ?? new Error('delete failed'))
      request.onblocked = () => reject(new Error('the deletion was blocked'))
    })
    // Dexie opens (and creates) the database afresh on the read.
    expect(await db.messages.lastOfThread('a')).toEqual([])
    expect(db.dexie.isOpen()).toBe(true)
  })

  it('rejects reads after close, as before', async () => {
    const db = await open()
    db.close()
    await expect(db.messages.lastOfThread('a')).rejects.toMatchObject({ name: 'DatabaseClosedError' })
    await expect(db.threads.list()).rejects.toMatchObject({ name: 'DatabaseClosedError' })
  })
})

describe('a database this version does not describe', () => {
  it('an older one is upgraded by Dexie on open', async () => {
    indexedDB = new IDBFactory()
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open('chat', 10)
      request.onupgradeneeded = () => request.result.createObjectStore('legacy')
      request.onsuccess = () => {
        request.result.close()
        resolve()
      }
      request.onerror = () => reject(request.error ?? new Error('open failed'))
    })
    const db = await open()
    expect(db.dexie.isOpen()).toBe(true)
    expect(db.dexie.verno).toBe(3)
    await db.messages.put(message('m-1', 'a', 1))
    expect((await db.messages.lastOfThread('a')).map((m) => m.mid)).toEqual(['m-1'])
  })

  it('a refused IndexedDB still rejects the open', async () => {
    const refusing = {
      open: () => {
        throw new DOMException('storage is blocked', 'InvalidStateError')
      },
    }
    await expect(openChatDb({ indexedDB: refusing, IDBKeyRange })).rejects.toThrow()
  })
})
