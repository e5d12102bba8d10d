/** Values from the product specification (SPEC §3, §9). */

/** SPEC §3/§9: the local chat database and its version. */
export const CHAT_DB_NAME = 'chat'
export const CHAT_DB_VERSION = 3

/** SPEC §3/§9: the separate notice database and its version. */
export const NOTICE_DB_NAME = 'notice'
export const NOTICE_DB_VERSION = 1

/** SPEC §3: the local official conversation. */
export const LOCAL_OFFICIAL_THREAD_ID = 1.5
export { LOCAL_OFFICIAL_THREAD_TID } from '@vchat/contract'

/** How many messages of a thread the chat view loads at first (architecture: "last 50"). */
export const DEFAULT_THREAD_PAGE_SIZE = 50

/**
 * Dexie schemas. Primary key first; `&` unique index; `[a+b]` compound index; `++` auto-increment.
 * Thread and message ids are auto-increment so that rows created in this browser get a local id;
 * an explicit id (the official thread's 1.5) is still accepted.
 */
export const CHAT_DB_SCHEMA = {
  users: 'uid, &jid',
  threads: '++id, &tid',
  messages: '++id, &mid, tid, date, [tid+date]',
  videocalls: 'vid, caller, callee, startTime',
} as const

export const NOTICE_DB_SCHEMA = {
  onlineUsers: 'id',
} as const
