import { Dexie } from 'dexie'
import { DEFAULT_THREAD_PAGE_SIZE } from './constants'
import type { ChatDexie, NoticeDexie } from './databases'
import type { ThreadReader } from './threadReader'
import type { Message, NewMessage, NewThread, OnlineUser, Thread, User, VideoCall } from './types'

export type PutMessageResult =
  | { readonly status: 'stored'; readonly id: number; readonly created: boolean }
  | { readonly status: 'ignored'; readonly reason: 'empty-type' }

/** SPEC §5: a message with an empty type is not stored. 0 (text) is a type, not empty. */
export function hasEmptyType(message: { type?: unknown }): boolean {
  const { type } = message
  if (type === undefined || type === null || type === '') return true
  if (typeof type === 'number') return Number.isNaN(type)
  if (typeof type === 'string') return type.trim() === ''
  return false
}

/**
 * Whether a stored message was received rather than sent: a sent one is addressed to the thread's
 * peer (`to === tid`), a received one is not. Only received messages count as unread; for a sent
 * one `read` says the peer read it.
 */
export function isIncoming(message: Pick<Message, 'tid' | 'to'>): boolean {
  return message.to !== message.tid
}

/** The thread's unread count as its stored messages say (inside the caller's transaction). */
export function countUnread(dexie: ChatDexie, tid: string): Promise<number> {
  return dexie.messages
    .where('tid')
    .equals(tid)
    .filter((message) => !message.read && isIncoming(message))
    .count()
}

export interface MessagesRepository {
  /**
   * Stores a message, keyed by its wire id `mid`. A message with an empty type is IGNORED (not
   * stored, no error): the result says `{ status: 'ignored', reason: 'empty-type' }`.
   * When a message with the same `mid` exists it is replaced and keeps its local id
   * (`created: false`): a re-delivered message or a state change (sending → success) never
   * makes a second row.
   */
  put(message: NewMessage): Promise<PutMessageResult>
  /** The last `limit` messages of a thread, oldest first (ready to render). */
  lastOfThread(tid: string, limit?: number): Promise<Message[]>
  /**
   * Paging back through history: up to `limit` messages of thread `tid` that come strictly before
   * the message `before` in the thread's order, oldest first (ready to render above it); `[]` at the
   * start of the thread. The order is the `[tid+date]` index: by date, equal dates in storage order
   * (local id). `before.mid` is looked up to know its local id, so messages sharing its date are
   * neither skipped nor repeated across pages; when it is not stored (or belongs to another thread)
   * only `date < before.date` counts.
   */
  olderThan(tid: string, before: { date: number; mid: string }, limit?: number): Promise<Message[]>
  /** Marks every incoming message of the thread read (outgoing ones keep theirs) and sets the thread's unread count to 0. */
  markThreadRead(tid: string): Promise<void>
  /** The message with this wire id, for de-duplication. */
  byMid(mid: string): Promise<Message | undefined>
  /**
   * Marks a paid image unlocked for this user (`unlocked: true`); answers the stored message, or
   * undefined when no message has this wire id.
   */
  markUnlocked(mid: string): Promise<Message | undefined>
  /**
   * The delete-messages schedule (/deletemessagesettings): removes the messages dated before `date`,
   * except those still waiting in the outbox (never sent yet: nothing typed is lost), and counts the
   * unread of the threads that lost messages again. Answers how many were removed.
   */
  deleteOlderThan(date: number): Promise<number>
}

export interface ThreadListItem {
  readonly thread: Thread
  /** Newest message of the thread, if any. */
  readonly lastMessage: Message | undefined
}

export interface ThreadsRepository {
  /**
   * Inserts or replaces the thread with this `tid` (the conversation identity); an existing
   * thread keeps its id. Returns the stored thread.
   */
  upsert(thread: NewThread): Promise<Thread>
  byTid(tid: string): Promise<Thread | undefined>
  /**
   * All threads, most recent activity first. Activity is the date of a thread's newest message,
   * read from the `[tid+date]` index (one keyed look-up per thread), so no activity field has to
   * be kept in step on the thread row. Threads without messages come last, by id.
   */
  list(): Promise<ThreadListItem[]>
}

export interface UsersRepository {
  put(user: User): Promise<void>
  get(uid: string): Promise<User | undefined>
  byJid(jid: string): Promise<User | undefined>
}

export interface VideoCallsRepository {
  put(call: VideoCall): Promise<void>
  /** All call records, newest `startTime` first. */
  list(): Promise<VideoCall[]>
}

export interface OnlineUsersRepository {
  put(user: OnlineUser): Promise<void>
  list(): Promise<OnlineUser[]>
  clear(): Promise<void>
}

function checkLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 0) {
    throw new RangeError(`limit must be a non-negative integer, got ${String(limit)}`)
  }
}

/**
 * `dexie` hands out the Dexie instance when a query needs it (it is built on first use). `reader`,
 * when given, serves `lastOfThread` on its own IndexedDB connection (see threadReader): the same
 * rows in the same order as the Dexie query below, without building or opening Dexie.
 * Inside a Dexie transaction the read stays in that transaction (it sees its writes and cannot wait
 * on it).
 */
export function createMessagesRepository(dexie: () => ChatDexie, reader?: ThreadReader): MessagesRepository {
  return {
    async put(message) {
      if (hasEmptyType(message)) return { status: 'ignored', reason: 'empty-type' }
      const db = dexie()
      return db.transaction('rw', db.messages, async () => {
        const existing = await db.messages.where('mid').equals(message.mid).first()
        if (existing) {
          // An unlock is this user's own fact: a re-delivered or updated message does not undo it.
          const keepUnlocked = existing.unlocked === true && message.unlocked === undefined
          await db.messages.put({ ...message, id: existing.id, ...(keepUnlocked ? { unlocked: true } : {}) })
          return { status: 'stored', id: existing.id, created: false } as const
        }
        const id = await db.messages.add(message)
        return { status: 'stored', id, created: true } as const
      })
    },

    async lastOfThread(tid, limit = DEFAULT_THREAD_PAGE_SIZE) {
      checkLimit(limit)
      if (limit === 0) return []
      const direct = Dexie.currentTransaction ? undefined : reader?.newestOfThread(tid, limit)
      if (direct) return (await direct).reverse()
      const newestFirst = await dexie()
        .messages
        .where('[tid+date]')
        .between([tid, Dexie.minKey], [tid, Dexie.maxKey])
        .reverse()
        .limit(limit)
        .toArray()
      return newestFirst.reverse()
    },

    async olderThan(tid, before, limit = DEFAULT_THREAD_PAGE_SIZE) {
      checkLimit(limit)
      if (limit === 0) return []
      const db = dexie()
      return db.transaction('r', db.messages, async () => {
        const anchor = await db.messages.where('mid').equals(before.mid).first()
        const anchorId = anchor?.tid === tid ? anchor.id : undefined
        // Messages sharing the anchor's date and stored before it. Only the rows of that one date
        // newer than the anchor are stepped over, never the rest of the thread.
        const sameDateNewestFirst =
          anchorId === undefined
            ? []
            : await db.messages
                .where('[tid+date]')
                .equals([tid, before.date])
                .reverse()
                .filter((message) => message.id < anchorId)
                .limit(limit)
                .toArray()
        const remaining = limit - sameDateNewestFirst.length
        const earlierNewestFirst =
          remaining === 0
            ? []
            : await db.messages
                .where('[tid+date]')
                .between([tid, Dexie.minKey], [tid, before.date], true, false)
                .reverse()
                .limit(remaining)
                .toArray()
        return [...sameDateNewestFirst, ...earlierNewestFirst].reverse()
      })
    },

    async markThreadRead(tid) {
      const db = dexie()
      await db.transaction('rw', db.messages, db.threads, async () => {
        // Only incoming messages: an outgoing one is addressed to the thread's peer (`to === tid`),
        // and its `read` says the peer read it, which only the peer's marker may set.
        await db.messages
          .where('tid')
          .equals(tid)
          .filter((message) => !message.read && isIncoming(message))
          .modify({ read: true })
        await db.threads.where('tid').equals(tid).modify({ unread: 0 })
      })
    },

    byMid: (mid) => dexie().messages.where('mid').equals(mid).first(),

    deleteOlderThan(date) {
      const db = dexie()
      return db.transaction('rw', db.messages, db.threads, async () => {
        const old = await db.messages
          .where('date')
          .below(date)
          .filter((message) => message.outbox !== true)
          .toArray()
        if (old.length === 0) return 0
        await db.messages.bulkDelete(old.map((message) => message.id))
        for (const tid of new Set(old.map((message) => message.tid))) {
          const unread = await countUnread(db, tid)
          await db.threads.where('tid').equals(tid).modify({ unread })
        }
        return old.length
      })
    },

    markUnlocked(mid) {
      const db = dexie()
      return db.transaction('rw', db.messages, async () => {
        const existing = await db.messages.where('mid').equals(mid).first()
        if (!existing) return undefined
        if (existing.unlocked === true) return existing
        await db.messages.update(existing.id, { unlocked: true })
        return { ...existing, unlocked: true }
      })
    },
  }
}

export function createThreadsRepository(db: ChatDexie): ThreadsRepository {
  async function lastMessageOf(tid: string): Promise<Message | undefined> {
    return db.messages
      .where('[tid+date]')
      .between([tid, Dexie.minKey], [tid, Dexie.maxKey])
      .last()
  }

  return {
    async upsert(thread) {
      return db.transaction('rw', db.threads, async () => {
        const existing = await db.threads.where('tid').equals(thread.tid).first()
        if (existing) {
          const stored: Thread = { ...thread, id: existing.id }
          await db.threads.put(stored)
          return stored
        }
        const id = await db.threads.add(thread)
        return { ...thread, id }
      })
    },

    byTid: (tid) => db.threads.where('tid').equals(tid).first(),

    async list() {
      return db.transaction('r', db.threads, db.messages, async () => {
        const threads = await db.threads.toArray()
        const items = await Promise.all(
          threads.map(async (thread) => ({ thread, lastMessage: await lastMessageOf(thread.tid) })),
        )
        return items.sort((a, b) => {
          const aDate = a.lastMessage?.date
          const bDate = b.lastMessage?.date
          if (aDate !== undefined && bDate !== undefined && aDate !== bDate) return bDate - aDate
          if (aDate !== undefined && bDate === undefined) return -1
          if (aDate === undefined && bDate !== undefined) return 1
          return a.thread.id - b.thread.id
        })
      })
    },
  }
}

export function createUsersRepository(db: ChatDexie): UsersRepository {
  return {
    async put(user) {
      await db.users.put(user)
    },
    get: (uid) => db.users.get(uid),
    byJid: (jid) => db.users.where('jid').equals(jid).first(),
  }
}

export function createVideoCallsRepository(db: ChatDexie): VideoCallsRepository {
  return {
    async put(call) {
      await db.videocalls.put(call)
    },
    list: () => db.videocalls.orderBy('startTime').reverse().toArray(),
  }
}

export function createOnlineUsersRepository(db: NoticeDexie): OnlineUsersRepository {
  return {
    async put(user) {
      await db.onlineUsers.put(user)
    },
    list: () => db.onlineUsers.toArray(),
    clear: () => db.onlineUsers.clear(),
  }
}
