/**
 * The sending half of the messenger's exactly-once delivery: which outbox messages are on their way,
 * flushing the outbox in order, and taking a message out of it once the server (XEP-0198) or the
 * recipient has it. It exists to keep every rule about "sent once, never lost" in one place; see the
 * README's outbox section.
 */
import type { ChatMessage } from '../messages.ts'
import { buildMessageStanza } from '../stanza.ts'
import type { ConnectionState, XmlElement } from '../types.ts'
import type { MessengerContext } from './context.ts'

export interface Outbox {
  /** Sends everything in the outbox that is not on its way. */
  flush(): Promise<void>
  /** A message just stored: straight to the session when nothing older waits, else through a flush. */
  submit(message: ChatMessage): void
  /** Puts a message in state `error` back into the outbox and flushes. */
  retry(mid: string): Promise<void>
  /**
   * The recipient says she has (or read) the message: the server certainly had it, so it leaves the
   * outbox as an acknowledgement would.
   */
  settleByPeer(stored: ChatMessage, changes: Partial<ChatMessage>): Promise<void>
  /** A bounce (`<message type="error">`) with this mid: our message goes to state `error`, out of the outbox. */
  bounced(mid: string): Promise<void>
  /** The session's XEP-0198 acknowledgement of a stanza. */
  acknowledged(stanza: XmlElement): void
  /** A stanza the stream ended without acknowledging. */
  unacknowledged(stanza: XmlElement): void
  /** The session's connection state changed. */
  stateChanged(state: ConnectionState): void
  /** The messenger is closed: nothing is on its way any more. */
  clear(): void
}

export function createOutbox(context: MessengerContext): Outbox {
  const { session, store, me, update, report } = context

  /** mids handed to the session and not yet acknowledged or failed: not sent again meanwhile. */
  const inFlight = new Set<string>()
  /**
   * mids the server acknowledged whose outbox update may not be written yet: a flush reading the
   * outbox meanwhile (the one after a resume) must not send them again. Pruned by every flush to
   * what is still in the outbox, so it stays as small as the outbox.
   */
  const settling = new Set<string>()
  let flushing: Promise<void> | null = null
  let flushAgain = false
  /**
   * Whether the outbox may hold messages that are neither sent nor on their way (after a start, a
   * disconnect, a failed send or an unacknowledged stanza). While it is false a new message is sent
   * right after it is stored, without reading the outbox back: nothing older can be waiting, so the
   * order stays the order of sending.
   */
  let backlog = true

  /** The server has the message: out of the outbox; `sending` becomes `success`. */
  async function settle(mid: string): Promise<void> {
    const stored = await store.byMid(mid)
    if (!stored?.outbox) return
    await update(mid, { outbox: false, state: stored.state === 'sending' ? 'success' : stored.state })
  }

  /**
   * The stream's own acknowledgement can come much later than the recipient's word (the client asks
   * for one after a burst and with the presence heartbeat, and a resume may leave the tail of a burst
   * waiting), and the bubble must not say "sending" under a "delivered" tick.
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

  return {
    flush,
    settleByPeer,

    submit(message) {
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
    },

    async retry(mid) {
      const stored = await store.byMid(mid)
      if (!stored || stored.from !== me || stored.state !== 'error') return
      // A bounce may follow the server's acknowledgement: the retry is a new send.
      settling.delete(mid)
      await update(mid, { state: 'sending', outbox: true })
      await flush()
    },

    async bounced(mid) {
      const stored = await store.byMid(mid)
      if (stored && stored.from === me) {
        inFlight.delete(mid)
        await update(mid, { state: 'error', outbox: false })
      }
    },

    acknowledged(stanza) {
      const mid = stanza.name === 'message' ? stanza.attrs.id : undefined
      if (!mid || !inFlight.delete(mid)) return
      settling.add(mid)
      report(settle(mid))
    },

    unacknowledged(stanza) {
      // Possibly delivered, possibly not: it is sent again (receivers de-duplicate) by a flush, now
      // when connected, otherwise on the next ready. A refused resume may report these after the
      // new login's ready has already flushed, so waiting for the next ready could strand them.
      const mid = stanza.name === 'message' ? stanza.attrs.id : undefined
      if (!mid || !inFlight.delete(mid)) return
      backlog = true
      if (session.state === 'connected') report(flush())
    },

    stateChanged(state) {
      // Not connected: whatever is sent meanwhile waits in the outbox for the next ready's flush.
      if (state !== 'connected') backlog = true
      // Logged out: the stream is gone without acknowledgements; the outbox keeps the messages.
      if (state === 'idle') inFlight.clear()
    },

    clear() {
      inFlight.clear()
    },
  }
}
