import { Dexie } from 'dexie'
import { countUnread, hasEmptyType, isIncoming } from './repositories'
import type { ChatDb } from './openDb'
import type { Message, NewMessage, Thread } from './types'

/** Thrown when the browser's storage quota is still exceeded after one retry. */
export class StorageQuotaError extends Error {
  constructor(cause: unknown) {
    super('storage quota exceeded: the message could not be stored', { cause })
    this.name = 'StorageQuotaError'
  }
}

function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { name, inner } = error as { name?: unknown; inner?: unknown }
  return name === 'QuotaExceededError' || (typeof inner === 'object' && inner !== null && (inner as { name?: unknown }).name === 'QuotaExceededError')
}

/** SPEC §8: a write refused for quota is tried once more, then fails with a clear error. */
async function withQuotaRetry<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (!isQuotaError(error)) throw error
    try {
      return await write()
    } catch (again) {
      if (isQuotaError(again)) throw new StorageQuotaError(again)
      throw again
    }
  }
}

/**
 * The message store the messenger of `@vchat/xmpp-chat` works on (its `MessageStore` interface):
 * outbox and history in the chat database.
 */
export interface MessageStore {
  /** Stores a new outgoing message; creates its thread (linked to `to`) when new. */
  add(message: NewMessage): Promise<void>
  /**
   * Stores an incoming message unless its `mid` is known (`duplicate`, nothing changes) or its type
   * is empty (`ignored`). Creates the thread (linked to `from`) when new; an unread message adds
   * one to the thread's unread count. All in one transaction, so a message delivered twice at
   * the same moment is stored once.
   */
  receive(message: NewMessage): Promise<'stored' | 'duplicate' | 'ignored'>
  /**
   * `receive` for many messages in one transaction (in order; a mid repeated within the batch is a
   * duplicate too): a burst of incoming messages costs one commit and a fixed number of database
   * round trips (look up the known mids and the threads, then one bulk write per store) instead of
   * four requests per message.
   */
  receiveMany(messages: NewMessage[]): Promise<ReceiveResult[]>
  byMid(mid: string): Promise<Message | undefined>
  /** Changes fields of the message with this mid (its local id is kept); undefined when unknown. */
  update(mid: string, changes: Partial<NewMessage>): Promise<Message | undefined>
  /** Messages with `outbox: true`, oldest first. Scans the messages store (no index in version 3). */
  outbox(): Promise<Message[]>
  markThreadRead(tid: string): Promise<void>
  /**
   * Marks read the thread's messages dated up to `date` (inclusive): the incoming ones (the user read
   * them on another device; the thread's unread count is counted again) or the outgoing ones (the peer
   * read them). Answers the messages that changed.
   */
  markReadUpTo(tid: string, date: number, side: 'incoming' | 'outgoing'): Promise<Message[]>
  lastOfThread(tid: string, limit: number): Promise<Message[]>
  /** Date of the newest stored message (by the `date` index), where archive catch-up starts. */
  newestDate(): Promise<number | undefined>
}

type ReceiveResult = 'stored' | 'duplicate' | 'ignored'

function unique(values: string[]): string[] {
  return [...new Set(values)]
}

function uidOf(jid: string): string {
  const local = jid.slice(0, Math.max(jid.indexOf('@'), 0))
  const underscore = local.indexOf('_')
  return underscore === -1 ? '' : local.slice(underscore + 1)
}

function newThread(tid: string, mainJid: string, linkedJid: string, nickName: string | undefined, unread: number): Omit<Thread, 'id'> {
  return { tid, mainJid, linkedJid, unread, linkedUser: { jid: linkedJid, uid: uidOf(linkedJid), nickName: nickName ?? '' } }
}

export function createMessageStore(db: ChatDb): MessageStore {
  const { dexie } = db

  async function receiveMany(messages: NewMessage[]): Promise<ReceiveResult[]> {
    const results: ReceiveResult[] = messages.map((message) => (hasEmptyType(message) ? 'ignored' : 'stored'))
    if (!results.includes('stored')) return results
    return withQuotaRetry(() =>
      dexie.transaction('rw', dexie.messages, dexie.threads, async () => {
        const outcome = [...results]
        const candidates = messages.filter((_, i) => results[i] === 'stored')
        // Two look-ups for the whole batch, sent together: the mids already stored and the threads.
        const [knownMids, threads] = await Promise.all([
          dexie.messages.where('mid').anyOf(unique(candidates.map((m) => m.mid))).keys(),
          dexie.threads.where('tid').anyOf(unique(candidates.map((m) => m.tid))).toArray(),
        ])
        const seen = new Set(knownMids.map(String))
        const rows: NewMessage[] = []
        const unreadByTid = new Map<string, number>()
        const firstByTid = new Map<string, NewMessage>()
        messages.forEach((message, i) => {
          if (outcome[i] !== 'stored') return
          if (seen.has(message.mid)) {
            outcome[i] = 'duplicate'
            return
          }
          seen.add(message.mid)
          rows.push(message)
          if (!firstByTid.has(message.tid)) firstByTid.set(message.tid, message)
          // Only incoming messages count as unread: our own (from the archive) is addressed to the peer.
          if (!message.read && isIncoming(message)) unreadByTid.set(message.tid, (unreadByTid.get(message.tid) ?? 0) + 1)
        })
        if (!rows.length) return outcome
        const byTid = new Map(threads.map((thread) => [thread.tid, thread]))
        const created: Omit<Thread, 'id'>[] = []
        const changed: Thread[] = []
        for (const [tid, first] of firstByTid) {
          const unread = unreadByTid.get(tid) ?? 0
          const thread = byTid.get(tid)
          // Our own message from the archive (sent from another device) is addressed to the peer.
          const own = first.to === tid
          if (!thread) created.push(own ? newThread(tid, first.from, first.to, undefined, unread) : newThread(tid, first.to, first.from, first.nickName, unread))
          else if (unread) changed.push({ ...thread, unread: thread.unread + unread })
        }
        // One write per store, in arrival order (local ids follow the order of arrival).
        await Promise.all([
          dexie.messages.bulkAdd(rows as Message[]),
          created.length ? dexie.threads.bulkAdd(created as Thread[]) : undefined,
          changed.length ? dexie.threads.bulkPut(changed) : undefined,
        ])
        return outcome
      }),
    )
  }

  return {
    async add(message) {
      await withQuotaRetry(() =>
        dexie.transaction('rw', dexie.messages, dexie.threads, async () => {
          // Both requests go out at once: one round trip to the database instead of two.
          const [, thread] = await Promise.all([db.messages.put(message), dexie.threads.where('tid').equals(message.tid).first()])
          if (!thread) await dexie.threads.add(newThread(message.tid, message.from, message.to, undefined, 0) as Thread)
        }),
      )
    },

    async newestDate() {
      return (await dexie.messages.orderBy('date').last())?.date
    },

    async receive(message) {
      const [result] = await receiveMany([message])
      return result ?? 'ignored'
    },

    receiveMany,

    byMid: (mid) => db.messages.byMid(mid),

    async update(mid, changes) {
      return withQuotaRetry(() =>
        dexie.transaction('rw', dexie.messages, async () => {
          const existing = await dexie.messages.where('mid').equals(mid).first()
          if (!existing) return undefined
          const updated: Message = { ...existing, ...changes, id: existing.id, mid: existing.mid }
          await dexie.messages.put(updated)
          return updated
        }),
      )
    },

    async outbox() {
      const pending = await dexie.messages.filter((message) => message.outbox === true).toArray()
      return pending.sort((a, b) => a.date - b.date || a.id - b.id)
    },

    markThreadRead: (tid) => db.messages.markThreadRead(tid),

    async markReadUpTo(tid, date, side) {
      const ofSide = (message: Message) => isIncoming(message) === (side === 'incoming')
      return withQuotaRetry(() =>
        dexie.transaction('rw', dexie.messages, dexie.threads, async () => {
          const changed = await dexie.messages
            .where('[tid+date]')
            .between([tid, Dexie.minKey], [tid, date], true, true)
            .filter((message) => !message.read && ofSide(message))
            .toArray()
          const read = changed.map((message) => ({ ...message, read: true }))
          if (read.length === 0) return read
          await dexie.messages.bulkPut(read)
          if (side === 'incoming') await dexie.threads.where('tid').equals(tid).modify({ unread: await countUnread(dexie, tid) })
          return read
        }),
      )
    },

    lastOfThread: (tid, limit) => db.messages.lastOfThread(tid, limit),
  }
}
