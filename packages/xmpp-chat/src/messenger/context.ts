/**
 * What the parts of one messenger (outbox, inbox, catch-up) share: the session and store, who we
 * are, the listeners the messenger reports to, and the newest date seen. It exists so that each part
 * gets the same few things instead of a long list of callbacks.
 */
import { Listeners, toError } from '../listeners.ts'
import type { ChatMessage, PushNotice } from '../messages.ts'
import type { MessageOrigin, MessageStore, MessengerOptions } from '../messengerTypes.ts'
import type { ChatSession } from '../types.ts'
import { bareJid } from '@vchat/contract'
import { nanoid } from 'nanoid'
import type { ChatStateName } from '@vchat/contract'

/** Everything the messenger reports, one listener set per kind. */
interface MessengerEvents {
  readonly message: Listeners<[ChatMessage, MessageOrigin]>
  readonly arriving: Listeners<[ChatMessage]>
  readonly update: Listeners<[ChatMessage]>
  readonly notice: Listeners<[PushNotice]>
  readonly attribution: Listeners<[{ from: string; attachment: unknown }]>
  readonly chatState: Listeners<[{ from: string; state: ChatStateName }]>
  readonly error: Listeners<[Error]>
}

export interface MessengerContext {
  readonly session: ChatSession
  readonly store: MessageStore
  /** Own bare jid. */
  readonly me: string
  readonly clock: () => number
  readonly idFactory: () => string
  readonly events: MessengerEvents
  /** Writes changes of a stored message and reports the result (`onUpdate`). */
  update(mid: string, changes: Partial<ChatMessage>): Promise<void>
  /** Reports a failure nobody awaits through `onError`. */
  report(promise: Promise<unknown>): void
  /** Notes the date of a message stored or sent through this messenger. */
  seen(date: number): void
  /** Date of the newest message stored or sent through this messenger: where catch-up starts. */
  readonly newest: number | undefined
}


export function createMessengerContext(options: MessengerOptions): MessengerContext {
  const { session, store } = options
  const events: MessengerEvents = {
    message: new Listeners(),
    arriving: new Listeners(),
    update: new Listeners(),
    notice: new Listeners(),
    attribution: new Listeners(),
    chatState: new Listeners(),
    error: new Listeners(),
  }
  let newest: number | undefined
  return {
    session,
    store,
    me: bareJid(options.me),
    clock: options.clock ?? Date.now,
    // nanoid rather than crypto.randomUUID, which exists only in secure contexts (https, localhost).
    idFactory: options.idFactory ?? (() => nanoid()),
    events,
    async update(mid, changes) {
      const updated = await store.update(mid, changes)
      if (updated) events.update.emit(updated)
    },
    report(promise) {
      promise.catch((error: unknown) => events.error.emit(toError(error)))
    },
    seen(date) {
      if (newest === undefined || date > newest) newest = date
    },
    get newest() {
      return newest
    },
  }
}
