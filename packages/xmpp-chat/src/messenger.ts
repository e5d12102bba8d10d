import { buyGift } from './iq.ts'
import type { GiftBuyRequest, GiftBuyResult } from './iq.ts'
import type { AskGiftAttachment, ChatMessage, PushNotice } from './messages.ts'
import { buildDisplayedStanza, buildMessageStanza, initialStateOf, parseIncoming, threadIdOf } from './stanza.ts'
import type { IncomingStanza } from './stanza.ts'
import type { ChatSession, XmlElement } from './types.ts'
import { MessageType, bareJid } from './wire.ts'

/**
 * Where the messenger keeps messages: the outbox and the history. `@vchat/chat-db` implements it
 * (`createMessageStore(db)`); anything with the same behaviour works (tests use IndexedDB too).
 */
export interface MessageStore {
  /** Stores a new outgoing message (and its thread when new). */
  add(message: ChatMessage): Promise<void>
  /**
   * Stores an incoming message, de-duplicated by `mid` in the same transaction: `duplicate` when
   * a message with this mid is already stored (nothing changes), `ignored` for an empty type
   * (SPEC §5). A stored unread message counts in its thread's unread number.
   */
  receive(message: ChatMessage): Promise<'stored' | 'duplicate' | 'ignored'>
  /** Optional: `receive` for many messages in one transaction, in order (bursts cost one commit). */
  receiveMany?(messages: ChatMessage[]): Promise<('stored' | 'duplicate' | 'ignored')[]>
  byMid(mid: string): Promise<ChatMessage | undefined>
  /** Changes fields of the message with this mid; resolves with the result, undefined when unknown. */
  update(mid: string, changes: Partial<ChatMessage>): Promise<ChatMessage | undefined>
  /** Messages waiting in the outbox (`outbox: true`), oldest first. */
  outbox(): Promise<ChatMessage[]>
  /** Sets every message of the thread read and its unread count to 0. */
  markThreadRead(tid: string): Promise<void>
  /** The last `limit` messages of a thread, oldest first. */
  lastOfThread(tid: string, limit: number): Promise<ChatMessage[]>
}

/** What `send()` takes: the wire and display fields; ids, dates and states are the messenger's. */
export interface OutgoingMessage {
  /** Bare jid of the recipient. */
  to: string
  /** SPEC §3 type number (default 0, text). */
  type?: number
  content?: string
  attachment?: unknown
  nickName?: string
  os?: string
  pkgName?: string
  version?: string
  msgCategory?: string
  identifyName?: string
  step?: string | number
}

export interface MessengerOptions {
  session: ChatSession
  store: MessageStore
  /** Own bare jid, e.g. `user_100001@localhost`. */
  me: string
  /** gift.<domain>, for GiftBuy (SPEC §3 componentInfo.giftDomain). */
  giftDomain?: string
  /** Default Date.now. */
  clock?: () => number
  /** Unique message ids (default crypto.randomUUID). */
  idFactory?: () => string
}

export interface Messenger {
  /**
   * Stores the message in the outbox (state `sending`, or `success` for calls, gift requests and
   * gifts) and sends it when connected; otherwise it goes out on the next ready. Resolves with
   * the stored message once it is safely stored, before it is sent.
   */
  send(message: OutgoingMessage): Promise<ChatMessage>
  /** Puts a message in state `error` back into the outbox. */
  retry(mid: string): Promise<void>
  /** Sends everything in the outbox that is not on its way (also runs on every session ready). */
  flush(): Promise<void>
  /** The thread on screen: its incoming messages are stored read. null: none. */
  setActiveThread(tid: string | null): void
  /** Marks the thread read (store) and tells the peer with a XEP-0333 displayed marker. */
  markThreadRead(tid: string): Promise<void>
  /**
   * GiftBuy (SPEC §3); rejects with 'xmpp send iq error'. With `askGiftMid`, that ask-gift
   * message is marked sent (`attachment.isSend = true`) once the gift is bought.
   */
  buyGift(request: GiftBuyRequest & { askGiftMid?: string }): Promise<GiftBuyResult>
  /** A new incoming message was stored (duplicates and dropped messages are not reported). */
  onMessage(listener: (message: ChatMessage) => void): () => void
  /**
   * An incoming message of the active thread, as soon as it arrives and before it is stored, so the
   * open conversation can show it without waiting for the database. `onMessage` follows once it is
   * stored; a re-delivered copy of a stored message is reported here too (same mid) but not there.
   */
  onArriving(listener: (message: ChatMessage) => void): () => void
  /** A stored message changed (state, outbox, read, ask-gift isSend). */
  onUpdate(listener: (message: ChatMessage) => void): () => void
  onNotice(listener: (notice: PushNotice) => void): () => void
  onAttributionRefresh(listener: (event: { from: string; attachment: unknown }) => void): () => void
  /** Store or send failures that have no caller to reject (logged by the app). */
  onError(listener: (error: Error) => void): () => void
  /** Detaches from the session (the outbox stays in the store). */
  close(): void
}

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
  let flushing: Promise<void> | null = null
  let flushAgain = false
  /**
   * Whether the outbox may hold messages that are neither sent nor on their way (after a start, a
   * disconnect, a failed send or an unacknowledged stanza). While it is false a new message is sent
   * right after it is stored, without reading the outbox back: nothing older can be waiting, so the
   * order stays the order of sending.
   */
  let backlog = true
  /** Serialises incoming handling so that a burst is stored in arrival order. */
  let incomingChain: Promise<void> = Promise.resolve()

  const messageListeners = listeners<ChatMessage>()
  const arrivingListeners = listeners<ChatMessage>()
  const updateListeners = listeners<ChatMessage>()
  const noticeListeners = listeners<PushNotice>()
  const attributionListeners = listeners<{ from: string; attachment: unknown }>()
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

  /**
   * Handles the queued stanzas in order; consecutive chat messages are stored in one transaction
   * (`receiveMany`) and reported as stored, without reading them back.
   */
  async function drainIncoming(): Promise<void> {
    const batch = queued.splice(0, queued.length)
    let run: ChatMessage[] = []
    const storeRun = async () => {
      if (!run.length) return
      const messages = run
      run = []
      if (store.receiveMany) {
        const results = await store.receiveMany(messages)
        messages.forEach((message, i) => {
          if (results[i] === 'stored') messageListeners.emit(message)
        })
      } else {
        for (const message of messages) {
          if ((await store.receive(message)) === 'stored') messageListeners.emit(message)
        }
      }
    }
    for (const { parsed } of batch) {
      if (parsed.kind === 'message') {
        run.push(parsed.message)
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
        if (stored && stored.from === me && !stored.read) await update(parsed.mid, { read: true })
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
      default:
        return
    }
  }

  const detach = [
    session.onReady(() => report(flush())),
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
      const type = outgoing.type ?? MessageType.Text
      const to = bareJid(outgoing.to)
      const message: ChatMessage = {
        mid: idFactory(),
        tid: threadIdOf(to),
        date: clock(),
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

    setActiveThread(tid) {
      activeThread = tid
    },

    async markThreadRead(tid) {
      await store.markThreadRead(tid)
      const recent = await store.lastOfThread(tid, 50)
      const lastIncoming = [...recent].reverse().find((message) => message.from !== me)
      if (!lastIncoming || session.state !== 'connected') return
      try {
        await session.send(buildDisplayedStanza(lastIncoming.from, lastIncoming.mid, idFactory()))
      } catch {
        // The read marker is a courtesy; the local read state is what counts.
      }
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

    onMessage: (listener) => messageListeners.add(listener),
    onArriving: (listener) => arrivingListeners.add(listener),
    onUpdate: (listener) => updateListeners.add(listener),
    onNotice: (listener) => noticeListeners.add(listener),
    onAttributionRefresh: (listener) => attributionListeners.add(listener),
    onError: (listener) => errorListeners.add(listener),

    close() {
      for (const off of detach) off()
      inFlight.clear()
    },
  }
}
