/**
 * The auto replies of the running stack: the engine of `autoReply.ts` with a sender that signs the
 * anchor in through the same @vchat/xmpp-chat session and messenger the app uses (outbox,
 * exactly-once), on a resource of its own, and signs it out again after a quiet minute.
 */
import { createSession } from '../auth/sessions.ts'
import { isAnchorOnConsole, memoryMessageStore } from '../console/anchorConsole.ts'
import type { AppContext } from '../app/context.ts'
import { anchorByJid } from '../world/anchors.ts'
import type { ChatSession, Messenger } from '@vchat/xmpp-chat'
import { createAutoReplies, type AutoReplies, type AutoReplySender, type AutoReplyTimers } from './autoReply.ts'

/** The resource of the anchors' auto-reply sessions (the console uses the app's `web_fachat`). */
const AUTO_REPLY_RESOURCE = 'dev_autoreply'
/** An anchor's auto-reply session closes after this long without sending. */
const AUTO_REPLY_IDLE_MS = 60_000

interface AnchorSession {
  session: ChatSession
  messenger: Messenger
  idle: unknown
}

/** Sends as anchors over Prosody's websocket; one session per anchor while it has something to say. */
function createXmppAutoReplySender(app: AppContext, target: { wsUrl: string; domain: string }, timers: AutoReplyTimers): AutoReplySender {
  const sessions = new Map<string, Promise<AnchorSession>>()

  function close(jid: string): void {
    const entry = sessions.get(jid)
    sessions.delete(jid)
    void entry?.then(async ({ session, messenger }) => {
      messenger.close()
      await session.logout().catch(() => undefined)
    }, () => undefined)
  }

  async function open(anchor: { uid: string; jid: string }): Promise<AnchorSession> {
    const { createChatSession, createMessenger } = await import('@vchat/xmpp-chat')
    const username = anchor.jid.split('@')[0] ?? ''
    const session = createChatSession({
      service: target.wsUrl,
      domain: target.domain,
      resource: AUTO_REPLY_RESOURCE,
      getCredentials: async () => ({ username, password: createSession(app.db, anchor.uid, app.now()).token }),
    })
    const messenger = createMessenger({ session, store: memoryMessageStore(), me: anchor.jid })
    messenger.onError((error) => app.log(`auto reply ${anchor.jid}: ${error.message}`))
    await session.login()
    return { session, messenger, idle: null }
  }

  return {
    async send(anchor, to, message) {
      let entry = sessions.get(anchor.jid)
      if (!entry) {
        entry = open(anchor)
        sessions.set(anchor.jid, entry)
        entry.catch(() => sessions.delete(anchor.jid))
      }
      const current = await entry
      // Stored in the outbox first: sent once connected, exactly once.
      await current.messenger.send({ to, content: message.content, type: message.type, ...(message.attachment === undefined ? {} : { attachment: message.attachment }) })
      if (current.idle !== null) timers.clearTimeout(current.idle)
      current.idle = timers.setTimeout(() => close(anchor.jid), AUTO_REPLY_IDLE_MS)
    },
    async close() {
      const all = [...sessions.values()]
      sessions.clear()
      await Promise.all(
        all.map((entry) =>
          entry.then(
            async ({ session, messenger, idle }) => {
              if (idle !== null) timers.clearTimeout(idle)
              messenger.close()
              await session.logout().catch(() => undefined)
            },
            () => undefined,
          ),
        ),
      )
    },
  }
}

let target: { wsUrl: string; domain: string } | null = null
let running: AutoReplies | null = null

/** Called by the stack when Prosody is up (null: down); closes the running engine on a change. */
export async function setAutoReplyXmpp(next: { wsUrl: string; domain: string } | null): Promise<void> {
  target = next
  const previous = running
  running = null
  await previous?.close()
}

/** The engine of the running stack, if one was created (tests look at what it has pending). */
export function runningAutoReplies(): AutoReplies | null {
  return running
}

/**
 * The engine for this app, created on first use; null while messaging is not running or when the
 * environment sets VCHAT_AUTO_REPLY=off (tests and benchmarks that want silent anchors).
 */
export function autoRepliesOf(app: AppContext): AutoReplies | null {
  if (!target || process.env.VCHAT_AUTO_REPLY === 'off') return null
  if (running) return running
  const timers: AutoReplyTimers = {
    setTimeout: (callback, ms) => {
      const handle = globalThis.setTimeout(callback, ms)
      // Pending answers never keep the process alive.
      handle.unref()
      return handle
    },
    clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof globalThis.clearTimeout>[0]),
  }
  running = createAutoReplies({
    anchorOf: (jid) => {
      const row = anchorByJid(app.db, jid)
      return row ? { uid: row.uid, jid: row.jid } : null
    },
    isDriven: isAnchorOnConsole,
    sender: createXmppAutoReplySender(app, target, timers),
    timers,
    log: app.log,
  })
  return running
}
