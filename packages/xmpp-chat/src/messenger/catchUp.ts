/**
 * The messenger's side of the server archive (XEP-0313): catching up on what the stream could not
 * resume, loading a thread's history, and applying the read states the archive holds. It exists
 * because after a dropped session the archive is the only place the missed messages are left.
 */
import { createArchiveSync } from '../archive.ts'
import type { ArchiveReads, ThreadHistoryPage } from '../archive.ts'
import type { ChatMessage } from '../messages.ts'
import type { MessengerContext } from './context.ts'
import type { Inbox } from './inbox.ts'
import type { Outbox } from './outbox.ts'

export interface CatchUp {
  /** Stores what the archive holds since the newest message known here; `asked` once the first query is sent. */
  catchUp(asked?: () => void): Promise<void>
  /** One page of a thread's history from the archive, also stored. */
  loadThreadHistory(peer: string, before?: string): Promise<ThreadHistoryPage>
}

export function createCatchUp(context: MessengerContext, inbox: Inbox, outbox: Outbox): CatchUp {
  const { session, store, me, events, seen } = context
  const { clock } = context

  /**
   * Read states learned from the archive in this login, per thread: up to when this user read the
   * peer's messages (on any device) and the peer read this user's. Kept, because history pages come
   * newest first: a marker on one page covers messages of the older pages loaded after it.
   */
  const readUpTo = { incoming: new Map<string, number>(), outgoing: new Map<string, number>() }
  async function applyArchiveReads(messages: ChatMessage[], reads: ArchiveReads): Promise<void> {
    if (!store.markReadUpTo) return
    const touched = new Set(messages.map((message) => message.tid))
    for (const side of ['incoming', 'outgoing'] as const) {
      for (const [tid, date] of reads[side]) {
        if (date > (readUpTo[side].get(tid) ?? -Infinity)) readUpTo[side].set(tid, date)
        touched.add(tid)
      }
    }
    for (const tid of touched) {
      for (const side of ['incoming', 'outgoing'] as const) {
        const date = readUpTo[side].get(tid)
        if (date === undefined) continue
        for (const changed of await store.markReadUpTo(tid, date, side)) events.update.emit(changed)
      }
    }
    for (const mid of reads.delivered) {
      const stored = await store.byMid(mid)
      if (stored && stored.from === me && !stored.delivered && !stored.read) await outbox.settleByPeer(stored, { delivered: true })
    }
  }
  const archive = createArchiveSync({
    session,
    me,
    now: clock,
    store: async (messages, reads) => {
      await inbox.storeReceived(messages, 'archive')
      await applyArchiveReads(messages, reads)
    },
  })
  /** When this messenger's first catch-up ran: this device has had everything since then. */
  let caughtUpSince: number | undefined

  return {
    async catchUp(asked) {
      if (context.newest === undefined && store.newestDate) {
        const stored = await store.newestDate()
        if (stored !== undefined) seen(stored)
      }
      // Nothing stored at all (a new account, a new device): the newest page the first time; after a
      // later drop, everything since that first time (a thousand messages missed must all arrive, not
      // just the last page of them).
      const from = context.newest ?? caughtUpSince
      caughtUpSince ??= clock()
      await archive.catchUp(from, asked)
    },
    loadThreadHistory: (peer, before) => archive.loadThreadHistory(peer, before),
  }
}
