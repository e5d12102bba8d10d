/**
 * The messenger: messages over a chat session with a persistent outbox. This module puts the parts
 * together (`messenger/`: outbox, inbox, catch-up) and holds the public API; it exists so that apps
 * see one object while each delivery rule lives in the part it belongs to.
 */
import { buyGift } from './iq.ts'
import type { AskGiftAttachment, ChatMessage } from './messages.ts'
import { createCatchUp } from './messenger/catchUp.ts'
import { createMessengerContext } from './messenger/context.ts'
import { createInbox } from './messenger/inbox.ts'
import { createOutbox } from './messenger/outbox.ts'
import type { Messenger, MessengerOptions } from './messengerTypes.ts'
import { buildChatStateStanza, initialStateOf, threadIdOf } from './stanza.ts'
import { MessageType, bareJid } from '@vchat/contract'

export type { MessageOrigin, MessageStore, Messenger, MessengerOptions, OutgoingMessage, ReadOptions } from './messengerTypes.ts'

/**
 * Messages over a chat session with a persistent outbox. Exactly once: every message is stored
 * before it is sent and stays in the outbox until the server acknowledges it (XEP-0198); what
 * was not acknowledged is sent again after a reconnect or a reload, and receivers drop a mid
 * they already stored. See the README's outbox section.
 */
export function createMessenger(options: MessengerOptions): Messenger {
  const context = createMessengerContext(options)
  const { session, store, me, events, update, report, seen } = context
  const { clock, idFactory } = context
  const outbox = createOutbox(context)
  const inbox = createInbox(context, outbox)
  const archive = createCatchUp(context, inbox, outbox)

  /** Date of the last message sent through this messenger. */
  let lastSentDate = 0

  const detach = [
    session.onReady((event) => {
      report(outbox.flush())
      inbox.sendUnsentReads()
      // Whatever the stream could not resume is in the server archive. The initial presence waits
      // until the archive is asked (see ReadyEvent.holdPresence).
      if (!event.resumed) {
        let asked: () => void = () => {}
        event.holdPresence(new Promise<void>((resolve) => (asked = resolve)))
        report(archive.catchUp(asked).finally(asked))
      }
    }),
    session.onStanza((stanza) => inbox.receive(stanza)),
    session.onAck((stanza) => outbox.acknowledged(stanza)),
    session.onAckFailed((stanza) => outbox.unacknowledged(stanza)),
    session.onStateChange((state) => outbox.stateChanged(state)),
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
      outbox.submit(message)
      return message
    },

    retry: (mid) => outbox.retry(mid),
    flush: () => outbox.flush(),
    catchUp: () => archive.catchUp(),
    loadThreadHistory: (peer, before) => archive.loadThreadHistory(peer, before),

    setActiveThread(tid, { tellPeer = true } = {}) {
      inbox.setActiveThread(tid, tellPeer)
    },

    async markThreadRead(tid, { tellPeer = true } = {}) {
      await inbox.markThreadRead(tid, tellPeer)
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

    onMessage: (listener) => events.message.add((message, origin) => listener(message, origin)),
    onArriving: (listener) => events.arriving.add(listener),
    onUpdate: (listener) => events.update.add(listener),
    onNotice: (listener) => events.notice.add(listener),
    onAttributionRefresh: (listener) => events.attribution.add(listener),
    onChatState: (listener) => events.chatState.add(listener),

    sendChatState(to, state) {
      if (session.state !== 'connected') return
      session.send(buildChatStateStanza(to, state)).catch(() => undefined)
    },
    onError: (listener) => events.error.add(listener),

    close() {
      for (const off of detach) off()
      outbox.clear()
    },
  }
}
