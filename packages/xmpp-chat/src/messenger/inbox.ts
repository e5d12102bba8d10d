/**
 * The receiving half of the messenger: incoming stanzas handled in arrival order, messages stored once
 * (de-duplicated by mid, a burst in one transaction), delivery receipts and read markers sent back,
 * and the recipient's receipts, markers and bounces applied to our own messages. It exists to keep
 * "nothing arrives twice, everything arrives in order" in one place; see the README's outbox section.
 */
import { RECEIPTS_PER_STANZA } from '../constants.ts'
import { toError } from '../listeners.ts'
import type { ChatMessage } from '../messages.ts'
import type { MessageOrigin, MessageStore } from '../messengerTypes.ts'
import { buildDisplayedStanza, buildReceivedStanza, parseIncoming } from '../stanza.ts'
import type { IncomingStanza } from '../stanza.ts'
import type { XmlElement } from '../types.ts'
import type { MessengerContext } from './context.ts'
import type { Outbox } from './outbox.ts'

type ReceiveResult = Awaited<ReturnType<MessageStore['receive']>>

export interface Inbox {
  /** An incoming stanza from the session: parsed now, handled after those before it. */
  receive(stanza: XmlElement): void
  /** Stores messages in order, de-duplicated by mid, and reports the new ones (`onMessage`). */
  storeReceived(messages: ChatMessage[], origin: MessageOrigin): Promise<ReceiveResult[]>
  /** The thread on screen: its incoming messages are stored read (and told read unless `tellPeer` is false). */
  setActiveThread(tid: string | null, tellPeer: boolean): void
  /** Marks the thread's incoming messages read and tells the peer unless `tellPeer` is false. */
  markThreadRead(tid: string, tellPeer: boolean): Promise<void>
  /** Read markers the connection could not take earlier (sent on every ready). */
  sendUnsentReads(): void
}

export function createInbox(context: MessengerContext, outbox: Outbox): Inbox {
  const { session, store, me, events, report, seen } = context
  const { clock, idFactory } = context

  let activeThread: string | null = null
  /** Whether reads of the active thread are told to the peer (the reader's read-receipt setting). */
  let activeTellsPeer = true
  /** Serialises incoming handling so that a burst is stored in arrival order. */
  let incomingChain: Promise<void> = Promise.resolve()
  /** Stanzas waiting to be handled, parsed on arrival. */
  const queued: { stanza: XmlElement; parsed: IncomingStanza }[] = []

  async function storeReceived(messages: ChatMessage[], origin: MessageOrigin): Promise<ReceiveResult[]> {
    for (const message of messages) seen(message.date)
    if (store.receiveMany) {
      const results = messages.length ? await store.receiveMany(messages) : []
      messages.forEach((message, i) => {
        if (results[i] === 'stored') events.message.emit(message, origin)
      })
      return results
    }
    const results: ReceiveResult[] = []
    for (const message of messages) {
      const result = await store.receive(message)
      results.push(result)
      if (result === 'stored') events.message.emit(message, origin)
    }
    return results
  }

  /**
   * Read markers not sent yet, by peer: a thread opened while the connection is not up (a page
   * just loaded, a network gap) is told read at the next ready, newest read message per peer.
   */
  const unsentReads = new Map<string, ChatMessage>()

  /** XEP-0333: everything up to `message` was displayed. Waits for the connection if it is down. */
  async function tellRead(message: ChatMessage): Promise<void> {
    if (session.state !== 'connected') {
      unsentReads.set(message.from, message)
      return
    }
    unsentReads.delete(message.from)
    try {
      await session.send(buildDisplayedStanza(message.from, message.mid, idFactory()))
    } catch {
      // Lost with the connection: sent at the next ready.
      unsentReads.set(message.from, message)
    }
  }

  /**
   * XEP-0184: the sender's "delivered" is true once this client has the message stored. A copy
   * already stored is confirmed again (the first receipt may have been lost with a connection).
   * Messages read from the archive are not confirmed: a receipt speaks of live delivery. A stored
   * batch is confirmed per sender in stanzas of up to RECEIPTS_PER_STANZA receipts.
   */
  function confirmDelivery(items: readonly { message: ChatMessage; receipt: boolean; result: ReceiveResult | undefined }[]): void {
    if (session.state !== 'connected') return
    // A Set per sender: two copies of one message in the same batch are confirmed once.
    const bySender = new Map<string, Set<string>>()
    for (const { message, receipt, result } of items) {
      if (!receipt || message.from === me || (result !== 'stored' && result !== 'duplicate')) continue
      const mids = bySender.get(message.from) ?? new Set<string>()
      mids.add(message.mid)
      bySender.set(message.from, mids)
    }
    for (const [sender, unique] of bySender) {
      const mids = [...unique]
      for (let i = 0; i < mids.length; i += RECEIPTS_PER_STANZA) {
        session.send(buildReceivedStanza(sender, mids.slice(i, i + RECEIPTS_PER_STANZA), idFactory())).catch(() => {
          // A receipt is a courtesy to the sender; a lost one leaves their message at "sent".
        })
      }
    }
  }

  /**
   * Handles the queued stanzas in order; consecutive chat messages are stored in one transaction
   * (`receiveMany`) and reported as stored, without reading them back.
   */
  async function drainIncoming(): Promise<void> {
    const batch = queued.splice(0, queued.length)
    let run: { message: ChatMessage; receipt: boolean }[] = []
    const storeRun = async () => {
      if (!run.length) return
      const items = run
      run = []
      const results = await storeReceived(items.map((item) => item.message), 'live')
      confirmDelivery(items.map((item, i) => ({ ...item, result: results[i] })))
      // Arrived in the conversation on screen: read now, and the peer is told (setting allowing).
      const lastRead = items.findLast((item, i) => results[i] === 'stored' && item.message.read && item.message.from !== me)
      if (lastRead && activeTellsPeer) tellRead(lastRead.message)
    }
    for (const { parsed } of batch) {
      if (parsed.kind === 'message') {
        run.push({ message: parsed.message, receipt: parsed.receipt })
        continue
      }
      await storeRun()
      await handleIncoming(parsed)
    }
    await storeRun()
  }

  async function handleIncoming(parsed: IncomingStanza): Promise<void> {
    switch (parsed.kind) {
      case 'displayed': {
        const stored = await store.byMid(parsed.mid)
        // Only the recipient can say she read it.
        if (stored && stored.from === me && stored.to === parsed.from && !stored.read) await outbox.settleByPeer(stored, { read: true })
        return
      }
      case 'received': {
        for (const mid of parsed.mids) {
          const stored = await store.byMid(mid)
          if (stored && stored.from === me && stored.to === parsed.from && !stored.delivered && !stored.read) await outbox.settleByPeer(stored, { delivered: true })
        }
        return
      }
      case 'bounced':
        await outbox.bounced(parsed.mid)
        return
      case 'notice':
        events.notice.emit(parsed.notice)
        return
      case 'attribution-refresh':
        events.attribution.emit({ from: parsed.from, attachment: parsed.attachment })
        return
      case 'chat-state':
        events.chatState.emit({ from: parsed.from, state: parsed.state })
        return
      default:
        return
    }
  }

  return {
    storeReceived,

    receive(stanza) {
      let parsed: IncomingStanza
      try {
        parsed = parseIncoming(stanza, { me, now: clock })
      } catch (error) {
        events.error.emit(toError(error))
        return
      }
      if (parsed.kind === 'message') {
        // Read if it belongs to the thread on screen at the moment it arrives; shown there at once.
        parsed.message.read = parsed.message.tid === activeThread
        if (parsed.message.read) events.arriving.emit({ ...parsed.message })
      }
      // Stanzas wait in arrival order; whatever queued up meanwhile is handled as one batch.
      queued.push({ stanza, parsed })
      if (queued.length === 1) {
        incomingChain = incomingChain.then(() => drainIncoming()).catch((error: unknown) => events.error.emit(toError(error)))
      }
    },

    setActiveThread(tid, tellPeer) {
      activeThread = tid
      activeTellsPeer = tellPeer
    },

    async markThreadRead(tid, tellPeer) {
      await store.markThreadRead(tid)
      const recent = await store.lastOfThread(tid, 50)
      const lastIncoming = [...recent].reverse().find((message) => message.from !== me)
      if (lastIncoming && tellPeer) await tellRead(lastIncoming)
    },

    sendUnsentReads() {
      for (const message of [...unsentReads.values()]) report(tellRead(message))
    },
  }
}
