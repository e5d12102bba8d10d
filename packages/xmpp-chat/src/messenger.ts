import { createArchiveSync } from './archive.ts'
import type { ArchiveReads } from './archive.ts'
import { buyGift } from './iq.ts'
import type { AskGiftAttachment, ChatMessage, PushNotice } from './messages.ts'
import type { MessageOrigin, MessageStore, Messenger, MessengerOptions } from './messengerTypes.ts'
import { buildChatStateStanza, buildDisplayedStanza, buildMessageStanza, buildReceivedStanza, initialStateOf, parseIncoming, threadIdOf } from './stanza.ts'
import type { IncomingStanza } from './stanza.ts'
import type { XmlElement } from './types.ts'
import { MessageType, bareJid } from '@vchat/contract'
import type { ChatStateName } from '@vchat/contract'

export type { MessageOrigin, MessageStore, Messenger, MessengerOptions, OutgoingMessage, ReadOptions } from './messengerTypes.ts'
function listeners<A>() {
  const set = new Set<(value: A) => void>()
  return {
    add(listener: (value: A) => void): () => void {
      set.add(listener)
      return () => set.delete(listener)
    },
    emit(value: A): void {
      for (const listener of [...set]) {
        try {
          listener(value)
        } catch {
          // A faulty listener must not break message handling.
        }
      }
    },
  }
}

function defaultId(): string {
  return globalThis.crypto.randomUUID()
}

function toError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value))
}

/**
 * Messages over a chat session with a persistent outbox. Exactly once: every message is stored
 * before it is sent and stays in the outbox until the server acknowledges it (XEP-0198); what
 * was not acknowledged is sent again after a reconnect or a reload, and receivers drop a mid
 * they already stored. See the README's outbox section.
 */
export function createMessenger(options: MessengerOptions): Messenger {
  const { session, store } = options
  const me = bareJid(options.me)
  const clock = options.clock ?? Date.now
  const idFactory = options.idFactory ?? defaultId

  /** mids handed to the session and not yet acknowledged or failed: not sent again meanwhile. */
  const inFlight = new Set<string>()
  /**
   * mids the server acknowledged whose outbox update may not be written yet: a flush reading the
   * outbox meanwhile (the one after a resume) must not send them again. Pruned by every flush to
   * what is still in the outbox, so it stays as small as the outbox.
   */
  const settling = new Set<string>()
  let activeThread: string | null = null
  /** Whether reads of the active thread are told to the peer (the reader's read-receipt setting). */
  let activeTellsPeer = true
  let flushing: Promise<void> | null = null
  let flushAgain = false
  /**
   * Whether the outbox may hold messages that are neither sent nor on their way (after a start, a
   * disconnect, a failed send or an unacknowledged stanza). While it is false a new message is sent
   * right after it is stored, without reading the outbox back: nothing older can be waiting, so the
   * order stays the order of sending.
   */
  let backlog = true
  /** Date of the last message sent through this messenger. */
  let lastSentDate = 0
  /** Date of the newest message stored or sent through this messenger: where catch-up starts. */
  let newest: number | undefined
  const seen = (date: number): void => {
    if (newest === undefined || date > newest) newest = date
  }
  /** Serialises incoming handling so that a burst is stored in arrival order. */
  let incomingChain: Promise<void> = Promise.resolve()

  const messageListeners = listeners<{ message: ChatMessage; origin: MessageOrigin }>()
  const arrivingListeners = listeners<ChatMessage>()
  const updateListeners = listeners<ChatMessage>()
  const noticeListeners = listeners<PushNotice>()
  const attributionListeners = listeners<{ from: string; attachment: unknown }>()
  const chatStateListeners = listeners<{ from: string; state: ChatStateName }>()
  const errorListeners = listeners<Error>()

  async function update(mid: string, changes: Partial<ChatMessage>): Promise<void> {
    const updated = await store.update(mid, changes)
    if (updated) updateListeners.emit(updated)
  }

  /** The server has the message: out of the outbox; `sending` becomes `success`. */
  async function settle(mid: string): Promise<void> {
    const stored = await store.byMid(mid)
    if (!stored?.outbox) return
    await update(mid, { outbox: false, state: stored.state === 'sending' ? 'success' : stored.state })
  }

  /**
   * The recipient says she has (or read) the message: the server certainly had it, so it leaves the
   * outbox as an acknowledgement would. The stream's own acknowledgement can come much later (the
   * client asks for one after a burst and with the presence heartbeat, and a resume may leave the
   * tail of a burst waiting), and the bubble must not say "sending" under a "delivered" tick.
   */
  async function settleByPeer(stored: ChatMessage, changes: Partial<ChatMessage>): Promise<void> {
    if (!stored.outbox) {
      await update(stored.mid, changes)
      return
    }
    // No re-send of it from now on: a flush skips it, a failed acknowledgement leaves it alone.
    inFlight.delete(stored.mid)
    settling.add(stored.mid)
    await update(stored.mid, { ...changes, outbox: false, state: stored.state === 'sending' ? 'success' : stored.state })
  }

  /** Hands the message to the session; false when it stays in the outbox for the next ready. */
  async function transmit(message: ChatMessage): Promise<boolean> {
    if (inFlight.has(message.mid) || settling.has(message.mid)) return true
    if (session.state !== 'connected') return false
    const acknowledged = session.acksEnabled
    inFlight.add(message.mid)
    try {
      await session.send(buildMessageStanza(message))
    } catch {
      // Not connected after all: it stays in the outbox for the next ready.
      inFlight.delete(message.mid)
      return false
    }
    if (!acknowledged) {
      // A server without stream management: the socket write is all the confirmation there is.
      inFlight.delete(message.mid)
      await settle(message.mid)
    }
    return true
  }

  /** One pass over the outbox; true when every waiting message was handed to the session. */
  async function flushOnce(): Promise<boolean> {
    const pending = await store.outbox()
    // An acknowledged mid no longer in the outbox has its update written: no later read returns it.
    const waiting = new Set(pending.map((message) => message.mid))
    for (const mid of settling) if (!waiting.has(mid)) settling.delete(mid)
    for (const message of pending) {
      if (!(await transmit(message))) return false
    }
    return true
  }

  function flush(): Promise<void> {
    if (flushing) {
      flushAgain = true
      return flushing
    }
    flushing = (async () => {
      try {
        let complete: boolean
        do {
          flushAgain = false
          backlog = false
          complete = await flushOnce()
        } while (flushAgain && complete)
        if (!complete) backlog = true
      } finally {
        flushing = null
      }
    })()
    return flushing
  }

  function report(promise: Promise<unknown>): void {
    promise.catch((error: unknown) => errorListeners.emit(toError(error)))
  }

  /** Stanzas waiting to be handled, parsed on arrival. */
  const queued: { stanza: XmlElement; parsed: IncomingStanza }[] = []

  type ReceiveResult = Awaited<ReturnType<MessageStore['receive']>>
  /** Stores messages in order, de-duplicated by mid, and reports the new ones. */
  async function storeReceived(messages: ChatMessage[], origin: MessageOrigin): Promise<ReceiveResult[]> {
    for (const message of messages) seen(message.date)
    if (store.receiveMany) {
      const results = messages.length ? await store.receiveMany(messages) : []
      messages.forEach((message, i) => {
        if (results[i] === 'stored') messageListeners.emit({ message, origin })
      })
      return results
    }
    const results: ReceiveResult[] = []
    for (const message of messages) {
      const result = await store.receive(message)
      results.push(result)
      if (result === 'stored') messageListeners.emit({ message, origin })
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
   * Messages read from the archive are not confirmed: a receipt speaks of live delivery.
   */
  function confirmDelivery(items: readonly { message: ChatMessage; receipt: boolean; result: ReceiveResult | undefined }[]): void {
    if (session.state !== 'connected') return
    for (const { message, receipt, result } of items) {
      if (!receipt || message.from === me || (result !== 'stored' && result !== 'duplicate')) continue
      session.send(buildReceivedStanza(message.from, message.mid, idFactory())).catch(() => {
        // A receipt is a courtesy to the sender; a lost one leaves their message at "sent".
      })
    }
  }

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
        for (const changed of await store.markReadUpTo(tid, date, side)) updateListeners.emit(changed)
      }
    }
    for (const mid of reads.delivered) {
      const stored = await store.byMid(mid)
      if (stored && stored.from === me && !stored.delivered && !stored.read) await settleByPeer(stored, { delivered: true })
    }
  }
  const archive = createArchiveSync({
    session,
    me,
    now: clock,
    store: async (messages, reads) => {
      await storeReceived(messages, 'archive')
      await applyArchiveReads(messages, reads)
    },
  })
  /** When this messenger's first catch-up ran: this device has had everything since then. */
  let caughtUpSince: number | undefined
  async function catchUp(): Promise<void> {
    if (newest === undefined && store.newestDate) {
      const stored = await store.newestDate()
      if (stored !== undefined) seen(stored)
    }
    // Nothing stored at all (a new account, a new device): the newest page the first time; after a
    // later drop, everything since that first time (a thousand messages missed must all arrive, not
    // just the last page of them).
    const from = newest ?? caughtUpSince
    caughtUpSince ??= clock()
    await archive.catchUp(from)
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
        if (stored && stored.from === me && stored.to === parsed.from && !stored.read) await settleByPeer(stored, { read: true })
        return
      }
      case 'received': {
        const stored = await store.byMid(parsed.mid)
        if (stored && stored.from === me && stored.to === parsed.from && !stored.delivered && !stored.read) await settleByPeer(stored, { delivered: true })
        return
      }
      case 'bounced': {
        const stored = await store.byMid(parsed.mid)
        if (stored && stored.from === me) {
          inFlight.delete(parsed.mid)
          await update(parsed.mid, { state: 'error', outbox: false })
        }
        return
      }
      case 'notice':
        noticeListeners.emit(parsed.notice)
        return
      case 'attribution-refresh':
        attributionListeners.emit({ from: parsed.from, attachment: parsed.attachment })
        return
      case 'chat-state':
        chatStateListeners.emit({ from: parsed.from, state: parsed.state })
        return
      default:
        return
    }
  }

  const detach = [
    session.onReady((event) => {
      report(flush())
      for (const message of [...unsentReads.values()]) report(tellRead(message))
      // Whatever the stream could not resume is in the server archive.
      if (!event.resumed) report(catchUp())
    }),
    session.onStanza((stanza) => {
      let parsed: IncomingStanza
      try {
        parsed = parseIncoming(stanza, { me, now: clock })
      } catch (error) {
        errorListeners.emit(toError(error))
        return
      }
      if (parsed.kind === 'message') {
        // Read if it belongs to the thread on screen at the moment it arrives; shown there at once.
        parsed.message.read = parsed.message.tid === activeThread
        if (parsed.message.read) arrivingListeners.emit({ ...parsed.message })
      }
      // Stanzas wait in arrival order; whatever queued up meanwhile is handled as one batch.
      queued.push({ stanza, parsed })
      if (queued.length === 1) {
        incomingChain = incomingChain.then(() => drainIncoming()).catch((error: unknown) => errorListeners.emit(toError(error)))
      }
    }),
    session.onAck((stanza) => {
      const mid = stanza.name === 'message' ? stanza.attrs.id : undefined
      if (!mid || !inFlight.delete(mid)) return
      settling.add(mid)
      report(settle(mid))
    }),
    session.onAckFailed((stanza) => {
      // Possibly delivered, possibly not: it is sent again (receivers de-duplicate) by a flush, now
      // when connected, otherwise on the next ready. A refused resume may report these after the
      // new login's ready has already flushed, so waiting for the next ready could strand them.
      const mid = stanza.name === 'message' ? stanza.attrs.id : undefined
      if (!mid || !inFlight.delete(mid)) return
      backlog = true
      if (session.state === 'connected') report(flush())
    }),
    session.onStateChange((state) => {
      // Not connected: whatever is sent meanwhile waits in the outbox for the next ready's flush.
      if (state !== 'connected') backlog = true
      // Logged out: the stream is gone without acknowledgements; the outbox keeps the messages.
      if (state === 'idle') inFlight.clear()
    }),
  ]

  return {
    async send(outgoing) {
      if (outgoing.mid !== undefined) {
        const known = await store.byMid(outgoing.mid)
        if (known) return known
      }
      const type = outgoing.type ?? MessageType.Text
      const to = bareJid(outgoing.to)
      // Strictly increasing: messages sent within one millisecond still sort in the order sent on
      // every device (they are shown by date, and may arrive by different ways).
      lastSentDate = Math.max(clock(), lastSentDate + 1)
      const message: ChatMessage = {
        mid: outgoing.mid ?? idFactory(),
        tid: threadIdOf(to),
        date: lastSentDate,
        from: me,
        to,
        read: false,
        state: initialStateOf(type),
        type,
        content: outgoing.content ?? '',
        outbox: true,
      }
      if (outgoing.attachment !== undefined) message.attachment = outgoing.attachment
      for (const name of ['nickName', 'os', 'pkgName', 'version', 'msgCategory', 'identifyName', 'step'] as const) {
        const value = outgoing[name]
        if (value !== undefined) (message as unknown as Record<string, unknown>)[name] = value
      }
      await store.add(message)
      seen(message.date)
      if (!backlog && !flushing && session.state === 'connected') {
        // Nothing older is waiting: straight to the session (no outbox read in the way).
        report(
          transmit(message).then((sent) => {
            if (!sent) backlog = true
          }),
        )
      } else {
        report(flush())
      }
      return message
    },

    async retry(mid) {
      const stored = await store.byMid(mid)
      if (!stored || stored.from !== me || stored.state !== 'error') return
      // A bounce may follow the server's acknowledgement: the retry is a new send.
      settling.delete(mid)
      await update(mid, { state: 'sending', outbox: true })
      await flush()
    },

    flush,
    catchUp,
    loadThreadHistory: (peer, before) => archive.loadThreadHistory(peer, before),

    setActiveThread(tid, { tellPeer = true } = {}) {
      activeThread = tid
      activeTellsPeer = tellPeer
    },

    async markThreadRead(tid, { tellPeer = true } = {}) {
      await store.markThreadRead(tid)
      const recent = await store.lastOfThread(tid, 50)
      const lastIncoming = [...recent].reverse().find((message) => message.from !== me)
      if (lastIncoming && tellPeer) await tellRead(lastIncoming)
    },

    async buyGift(request) {
      if (!options.giftDomain) throw new Error('giftDomain is required for GiftBuy')
      const result = await buyGift(session, options.giftDomain, request)
      if (request.askGiftMid) {
        const ask = await store.byMid(request.askGiftMid)
        if (ask && ask.type === MessageType.AskGift) {
          const attachment = { ...(ask.attachment as AskGiftAttachment | undefined), isSend: true }
          await update(ask.mid, { attachment })
        }
      }
      return result
    },

    onMessage: (listener) => messageListeners.add(({ message, origin }) => listener(message, origin)),
    onArriving: (listener) => arrivingListeners.add(listener),
    onUpdate: (listener) => updateListeners.add(listener),
    onNotice: (listener) => noticeListeners.add(listener),
    onAttributionRefresh: (listener) => attributionListeners.add(listener),
    onChatState: (listener) => chatStateListeners.add(listener),

    sendChatState(to, state) {
      if (session.state !== 'connected') return
      session.send(buildChatStateStanza(to, state)).catch(() => undefined)
    },
    onError: (listener) => errorListeners.add(listener),

    close() {
      for (const off of detach) off()
      inFlight.clear()
    },
  }
}
