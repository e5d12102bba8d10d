import { Dexie } from 'dexie'
import type { DexieOptions, EntityTable } from 'dexie'
import {
  CHAT_DB_NAME,
  CHAT_DB_SCHEMA,
  CHAT_DB_VERSION,
  NOTICE_DB_NAME,
  NOTICE_DB_SCHEMA,
  NOTICE_DB_VERSION,
} from './constants'
import type { Message, OnlineUser, Thread, User, VideoCall } from './types'

/** Lets tests (fake-indexeddb) and non-browser hosts hand in their IndexedDB. */
export interface DbOptions {
  indexedDB?: DexieOptions['indexedDB']
  IDBKeyRange?: DexieOptions['IDBKeyRange']
  /** Database name; defaults to the spec's ('chat' / 'notice'). */
  name?: string
}

export type ChatDexie = Dexie & {
  users: EntityTable<User, 'uid'>
  threads: EntityTable<Thread, 'id'>
  messages: EntityTable<Message, 'id'>
  videocalls: EntityTable<VideoCall, 'vid'>
}

export type NoticeDexie = Dexie & {
  onlineUsers: EntityTable<OnlineUser, 'id'>
}

/**
 * Chromium commits IndexedDB transactions with `relaxed` durability: a commit no longer waits for the
 * disk flush (tens of ms each on a busy disk, and the messenger stores incoming messages one after
 * another). A browser crash keeps everything committed; only an OS crash or power loss in the
 * following moment could lose the newest rows.
 */
const CHROME_TRANSACTION_DURABILITY = 'relaxed' as const

function dexieOptions(options: DbOptions): DexieOptions {
  const result: DexieOptions = { chromeTransactionDurability: CHROME_TRANSACTION_DURABILITY }
  if (options.indexedDB) result.indexedDB = options.indexedDB
  if (options.IDBKeyRange) result.IDBKeyRange = options.IDBKeyRange
  return result
}

/**
 * The chat database at version 3. The product's earlier versions 1 and 2 are not known to this
 * code base and no browser holds them for this app, so version 3 is declared directly (Dexie
 * creates all stores on first open). A later schema change adds `.version(4)` below with an
 * upgrade function, keeping this declaration as history.
 */
export function createChatDexie(options: DbOptions = {}): ChatDexie {
  const db = new Dexie(options.name ?? CHAT_DB_NAME, dexieOptions(options)) as ChatDexie
  db.version(CHAT_DB_VERSION).stores(CHAT_DB_SCHEMA)
  return db
}

/** The notice database at version 1. */
export function createNoticeDexie(options: DbOptions = {}): NoticeDexie {
  const db = new Dexie(options.name ?? NOTICE_DB_NAME, dexieOptions(options)) as NoticeDexie
  db.version(NOTICE_DB_VERSION).stores(NOTICE_DB_SCHEMA)
  return db
}
