import { Dexie } from 'dexie'
import type { Message } from './types'

/**
 * The hot read of opening a conversation — the last messages of one thread — on a plain IndexedDB
 * connection, so that showing a thread does not wait for Dexie to open (Dexie's first open in a
 * page runs several milliseconds of its own set-up after the database itself is open; Dexie still
 * opens on its first use by any other query).
 *
 * The connection is only used while it is sound: a `versionchange` (another tab upgrading) or a
 * forced close drops it and the repositories go through Dexie again.
 */
export interface ThreadReader {
  /** Newest first, up to `limit` rows; `undefined` when the connection is gone (use Dexie). */
  newestOfThread(tid: string, limit: number): Promise<Message[]> | undefined
  close(): void
}

export interface ThreadReaderDeps {
  indexedDB: IDBFactory
  IDBKeyRange: typeof IDBKeyRange
}

const MESSAGES = 'messages'
const THREAD_INDEX = '[tid+date]'

/** IndexedDB 3.0 `getAll({ query, count, direction })`, not yet in TypeScript's DOM library. */
interface GetAllOptions {
  query: IDBKeyRange
  count: number
  direction: IDBCursorDirection
}
type IndexWithOptions = IDBIndex & { getAll(options: GetAllOptions): IDBRequest<Message[]> }

/** Browsers that know `getAllRecords` also take the options form of `getAll` (with a direction). */
function takesGetAllOptions(index: IDBIndex): index is IndexWithOptions {
  return 'getAllRecords' in index
}

/**
 * Dexie stores version `v` as native version `v * 10`. Resolves `undefined` whenever the database is
 * not exactly what version `version` of the schema describes (not created yet, older, newer,
 * missing the thread index) or the open fails: Dexie's own open then decides (it creates or
 * upgrades the database, and it is the one that reports a refused IndexedDB).
 */
export function openThreadReader(deps: ThreadReaderDeps, name: string, version: number): Promise<ThreadReader | undefined> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest
    try {
      request = deps.indexedDB.open(name, Math.round(version * 10))
    } catch {
      resolve(undefined)
      return
    }
    request.onupgradeneeded = () => {
      // Creating or upgrading is Dexie's job: abort, which fails this request (onerror below) and
      // leaves the database as it was.
      request.transaction?.abort()
    }
    request.onerror = (event) => {
      event.preventDefault()
      resolve(undefined)
    }
    request.onsuccess = () => {
      const idb = request.result
      if (!hasThreadIndex(idb)) {
        idb.close()
        resolve(undefined)
        return
      }
      resolve(createThreadReader(idb, deps.IDBKeyRange))
    }
  })
}

function hasThreadIndex(idb: IDBDatabase): boolean {
  if (!idb.objectStoreNames.contains(MESSAGES)) return false
  try {
    return idb.transaction(MESSAGES, 'readonly').objectStore(MESSAGES).indexNames.contains(THREAD_INDEX)
  } catch {
    return false
  }
}

function createThreadReader(idb: IDBDatabase, keyRange: typeof IDBKeyRange): ThreadReader {
  let connection: IDBDatabase | undefined = idb
  const drop = () => {
    connection?.close()
    connection = undefined
  }
  idb.onversionchange = drop
  idb.onclose = drop

  return {
    newestOfThread(tid, limit) {
      if (!connection) return undefined
      let index: IDBIndex
      try {
        index = connection.transaction(MESSAGES, 'readonly').objectStore(MESSAGES).index(THREAD_INDEX)
      } catch {
        // Closed under us (storage cleared, browser shutting the connection): Dexie takes over.
        drop()
        return undefined
      }
      // The same range as Dexie's `between([tid, minKey], [tid, maxKey])`.
      const range = keyRange.bound([tid, Dexie.minKey], [tid, Dexie.maxKey])
      return new Promise<Message[]>((resolve, reject) => {
        if (takesGetAllOptions(index)) {
          const request = index.getAll({ query: range, count: limit, direction: 'prev' })
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => reject(request.error ?? new Error('reading the thread failed'))
          return
        }
        const rows: Message[] = []
        const request = index.openCursor(range, 'prev')
        request.onsuccess = () => {
          const cursor = request.result
          if (!cursor || rows.length >= limit) {
            resolve(rows)
            return
          }
          rows.push(cursor.value as Message)
          if (rows.length >= limit) resolve(rows)
          else cursor.continue()
        }
        request.onerror = () => reject(request.error ?? new Error('reading the thread failed'))
      })
    },
    close: drop,
  }
}
