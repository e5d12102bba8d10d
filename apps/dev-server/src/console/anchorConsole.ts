/**
 * Development anchor console: a page served by dev-server (`GET /dev/anchor`) where a tester logs in
 * as a seeded anchor (uid 200001+, password demo1234) and chats with users. The anchor's messaging
 * runs here, in the dev-server process, through the same @vchat/xmpp-chat session and messenger the
 * app uses (outbox, exactly-once, read markers); the page talks to it over small JSON routes.
 *
 * Video calls: the page runs the real @vchat/webrtc-call machine and engine (callClient.ts, bundled
 * on first request as `GET /dev/anchor/call.js`). This side only relays the hub signalling over the
 * anchor's session: `POST /dev/anchor/call {id, action, payload}` sends `<call action>{json}</call>` to
 * hub.<domain>, and every `<call>` from the hub is appended to the console's call log, which
 * `GET /dev/anchor/events` returns from `callAfter` on (`calls`, `callNext`). The page polls every
 * 100 ms while a call is under way, so answers and ICE candidates arrive without noticeable delay.
 */
import { randomBytes } from 'node:crypto'
import { createSession } from '../auth/sessions.ts'
import { verifyPassword } from '../auth/passwords.ts'
import { findUser } from '../db/users.ts'
import { CONSOLE_BURST_MAX, IMAGE_UNLOCK_PRICE, PRIVATE_PHOTO_COUNT } from '../constants.ts'
import { HttpError, isLoopback } from '../http/http.ts'
import type { AppContext } from '../app/context.ts'
import type { Route, RouteRequest } from '../http/routes.ts'
import { MessageType } from '@vchat/xmpp-chat'
import type { ChatMessage, ChatSession, HubTransport, MessageStore, Messenger, TypingTracker } from '@vchat/xmpp-chat'
import { privatePhotoPath, privatePreviewPath } from '../world/paidImages.ts'
import { consoleCallScript } from './callBundle.ts'
import { ANCHOR_CONSOLE_HTML } from './page.ts'

/** Where the anchors' sessions connect (set by the stack once Prosody runs). */
export interface AnchorConsoleXmpp {
  wsUrl: string
  domain: string
}

let xmppTarget: AnchorConsoleXmpp | null = null

/** Called by the stack when Prosody is up; without it the console answers 503. */
export function setAnchorConsoleXmpp(target: AnchorConsoleXmpp | null): void {
  xmppTarget = target
}

/** One anchor signed in on the console. */
interface ConsoleEntry {
  id: string
  uid: string
  jid: string
  session: ChatSession
  messenger: Messenger
  store: MessageStore & { all(): ChatMessage[] }
  /** Every message event in order, for polling (`after` = index). */
  log: ChatMessage[]
  /** Call signalling to and from hub.<domain> over the anchor's session. */
  hub: HubTransport
  /** Every `<call>` from the hub in order, for polling (`callAfter` = index). */
  calls: ConsoleCall[]
  /** Users typing to the anchor now (XEP-0085), and the anchor's own typing notices. */
  typing: { peers: Set<string>; tracker: TypingTracker }
  close(): Promise<void>
}

const consoles = new Map<string, ConsoleEntry>()

/**
 * `contents` of a burst send: 1 to CONSOLE_BURST_MAX non-empty texts. A tester's load tool (many
 * messages at once, e.g. for the chat benchmark) without a request per message.
 */
function burstContents(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > CONSOLE_BURST_MAX) {
    throw new HttpError(400, `contents: a list of 1 to ${CONSOLE_BURST_MAX} texts is required`)
  }
  const index = value.findIndex((content) => typeof content !== 'string' || content === '')
  if (index !== -1) throw new HttpError(400, `contents[${index}]: text is required`)
  return value as string[]
}

/** One hub call action as the page receives it. */
interface ConsoleCall {
  action: string
  payload: unknown
}

/**
 * The actions a host's call client sends to the hub (the rest of the call vocabulary only comes from
 * the hub). Kept here because the server side does not load @vchat/webrtc-call.
 */
const CONSOLE_CALL_ACTIONS = [
  'SessionRequest',
  'CallReady',
  'CallAccept',
  'CallCancel',
  'CallCheck',
  'SessionTerminate',
  'SessionHeartbeat',
  'WebRTCContent',
] as const

/** An in-memory message store with chat-db's contract (de-duplication by mid). */
export function memoryMessageStore(): MessageStore & { all(): ChatMessage[] } {
  const rows = new Map<string, ChatMessage>()
  return {
    all: () => [...rows.values()],
    async add(message) {
      rows.set(message.mid, { ...message })
    },
    async receive(message) {
      if (message.type === undefined || message.type === null || Number.isNaN(message.type)) return 'ignored'
      if (rows.has(message.mid)) return 'duplicate'
      rows.set(message.mid, { ...message })
      return 'stored'
    },
    async byMid(mid) {
      return rows.get(mid)
    },
    async update(mid, changes) {
      const row = rows.get(mid)
      if (!row) return undefined
      const updated = { ...row, ...changes }
      rows.set(mid, updated)
      return updated
    },
    async outbox() {
      return [...rows.values()].filter((m) => m.outbox === true).sort((a, b) => a.date - b.date)
    },
    async markThreadRead(tid) {
      // Outgoing rows (to the thread's peer) keep `read`: for them it says the peer read them.
      for (const [mid, row] of rows) if (row.tid === tid && row.to !== tid) rows.set(mid, { ...row, read: true })
    },
    async markReadUpTo(tid, date, side) {
      const changed: ChatMessage[] = []
      for (const [mid, row] of rows) {
        const ofSide = side === 'incoming' ? row.to !== tid : row.to === tid
        if (row.tid !== tid || row.read || !ofSide || row.date > date) continue
        const read = { ...row, read: true }
        rows.set(mid, read)
        changed.push(read)
      }
      return changed
    },
    async lastOfThread(tid, limit) {
      return [...rows.values()].filter((m) => m.tid === tid).sort((a, b) => a.date - b.date).slice(-limit)
    },
  }
}

type XmppChat = typeof import('@vchat/xmpp-chat')

/**
 * @vchat/xmpp-chat, loaded when the first anchor signs in (the API serves without it); from its source
 * entry, as the dev-server runs with the `@vchat/source` condition.
 */
async function loadMessaging(): Promise<XmppChat> {
  try {
    return await import('@vchat/xmpp-chat')
  } catch (error) {
    throw new HttpError(503, `anchor console: @vchat/xmpp-chat could not be loaded: ${(error as Error).message}`)
  }
}

/** Signs an anchor in (or returns its running console) and connects its messaging. */
async function openAnchorConsole(app: AppContext, uid: string): Promise<ConsoleEntry> {
  for (const entry of consoles.values()) if (entry.uid === uid) return entry
  const target = xmppTarget
  if (!target) throw new HttpError(503, 'anchor console: messaging is not running (start the stack with Prosody)')
  const user = findUser(app.db, uid)
  if (!user) throw new HttpError(404, 'anchor console: unknown uid')
  const { createChatSession, createHubTransport, createMessenger, createTypingTracker } = await loadMessaging()
  const username = user.jid.split('@')[0] ?? ''
  const session = createChatSession({
    service: target.wsUrl,
    domain: target.domain,
    // A fresh development session token for every authentication.
    getCredentials: async () => ({ username, password: createSession(app.db, user.uid, app.now()).token }),
  })
  const store = memoryMessageStore()
  const messenger = createMessenger({ session, store, me: user.jid, giftDomain: `gift.${target.domain}` })
  const log: ChatMessage[] = []
  messenger.onMessage((message) => log.push(message))
  messenger.onUpdate((message) => log.push(message))
  const peersTyping = new Set<string>()
  const tracker = createTypingTracker({
    send: (to, state) => messenger.sendChatState(to, state),
    onPeerTyping: (from, typing) => void (typing ? peersTyping.add(from) : peersTyping.delete(from)),
  })
  const stopChatStates = messenger.onChatState(({ from, state }) => tracker.peerState(from, state))
  const stopPeerMessages = messenger.onMessage((message) => {
    if (message.from !== user.jid) tracker.peerMessage(message.from)
  })
  const hub = createHubTransport(session, `hub.${target.domain}`)
  const calls: ConsoleCall[] = []
  const stopCalls = hub.onCall(({ action, payload }) => calls.push({ action, payload }))
  const id = randomBytes(12).toString('hex')
  const entry: ConsoleEntry = {
    id,
    uid: user.uid,
    jid: user.jid,
    session,
    messenger,
    store,
    log,
    hub,
    calls,
    typing: { peers: peersTyping, tracker },
    async close() {
      consoles.delete(id)
      stopCalls()
      stopChatStates()
      stopPeerMessages()
      tracker.close()
      messenger.close()
      await session.logout().catch(() => undefined)
    },
  }
  consoles.set(id, entry)
  try {
    await session.login()
  } catch (error) {
    await entry.close()
    throw new HttpError(502, `anchor console: messaging login failed: ${(error as Error).message}`)
  }
  app.log(`anchor console: uid ${user.uid} signed in`)
  return entry
}

/** Whether a tester is signed in as this anchor (bare jid) on the console: it then answers itself. */
export function isAnchorOnConsole(jid: string): boolean {
  for (const entry of consoles.values()) if (entry.jid === jid) return true
  return false
}

/** Ends every console session (server shutdown, tests). */
export async function closeAnchorConsoles(): Promise<void> {
  await Promise.all([...consoles.values()].map((entry) => entry.close()))
}

function entryOf(request: RouteRequest, id: unknown): ConsoleEntry {
  const entry = typeof id === 'string' ? consoles.get(id) : undefined
  if (!entry) throw new HttpError(404, 'anchor console: not signed in')
  return entry
}

function loopbackOnly(request: RouteRequest): void {
  if (!isLoopback(request.req)) throw new HttpError(403, 'anchor console: loopback only')
}

function body(request: RouteRequest): Record<string, unknown> {
  const value = request.body
  if (!value || typeof value !== 'object') throw new HttpError(400, 'body: expected a JSON object')
  return value as Record<string, unknown>
}

function view(message: ChatMessage) {
  const { mid, tid, from, to, content, type, state, date, read, nickName, sensitiveInfo } = message
  return { mid, tid, from, to, content, type, state, date, read, nickName: nickName ?? '', sensitiveInfo: sensitiveInfo ?? 0 }
}

/** The console's page and scripts: its own inline script and same-origin scripts (call.js) only. */
const CONSOLE_CSP = "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self' data:"

export const ANCHOR_CONSOLE_ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: '/dev/anchor',
    handle() {
      return {
        body: {
          status: 200,
          headers: {
            'Content-Type': 'text/html; charset=utf-8',
            'Cache-Control': 'no-store',
            'X-Content-Type-Options': 'nosniff',
            // The page's own inline script and its same-origin call script only; nothing else runs.
            'Content-Security-Policy': CONSOLE_CSP,
          },
          bytes: Buffer.from(ANCHOR_CONSOLE_HTML),
        },
      }
    },
  },
  {
    method: 'GET',
    path: '/dev/anchor/call.js',
    async handle() {
      return {
        body: {
          status: 200,
          headers: {
            'Content-Type': 'text/javascript; charset=utf-8',
            'Cache-Control': 'no-store',
            'X-Content-Type-Options': 'nosniff',
            'Content-Security-Policy': CONSOLE_CSP,
          },
          bytes: Buffer.from(await consoleCallScript()),
        },
      }
    },
  },
  {
    method: 'POST',
    path: '/dev/anchor/call',
    async handle(request) {
      loopbackOnly(request)
      const input = body(request)
      const entry = entryOf(request, input.id)
      const action = input.action
      if (typeof action !== 'string' || !(CONSOLE_CALL_ACTIONS as readonly string[]).includes(action)) {
        throw new HttpError(400, `action: one of ${CONSOLE_CALL_ACTIONS.join(', ')}`)
      }
      const payload = input.payload ?? {}
      if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw new HttpError(400, 'payload: expected a JSON object')
      try {
        await entry.hub.sendCall(action, payload)
      } catch (error) {
        throw new HttpError(502, `anchor console: the call action could not be sent: ${(error as Error).message}`)
      }
      return { body: { ok: true } }
    },
  },
  {
    method: 'POST',
    path: '/dev/anchor/login',
    async handle(request) {
      loopbackOnly(request)
      const { uid, password } = body(request)
      if (typeof uid !== 'string' || typeof password !== 'string') throw new HttpError(400, 'uid and password are required')
      const user = findUser(request.app.db, uid)
      if (!user || !user.jid.startsWith('anchor_') || !(await verifyPassword(password, user.password_hash))) {
        throw new HttpError(401, 'anchor console: wrong anchor uid or password')
      }
      const entry = await openAnchorConsole(request.app, uid)
      // Call actions from before this sign-in (a console already open for this anchor) are not replayed.
      return { body: { id: entry.id, uid: entry.uid, jid: entry.jid, callNext: entry.calls.length } }
    },
  },
  {
    method: 'GET',
    path: '/dev/anchor/events',
    handle(request) {
      loopbackOnly(request)
      const entry = entryOf(request, request.url.searchParams.get('id'))
      const after = Math.max(0, Number(request.url.searchParams.get('after') ?? 0) || 0)
      const callAfter = Math.max(0, Number(request.url.searchParams.get('callAfter') ?? 0) || 0)
      return {
        body: {
          state: entry.session.state,
          next: entry.log.length,
          messages: entry.log.slice(after).map(view),
          callNext: entry.calls.length,
          calls: entry.calls.slice(callAfter),
          typing: [...entry.typing.peers],
        },
      }
    },
  },
  {
    method: 'GET',
    path: '/dev/anchor/threads',
    handle(request) {
      loopbackOnly(request)
      const entry = entryOf(request, request.url.searchParams.get('id'))
      const threads = new Map<string, ChatMessage>()
      for (const message of entry.store.all()) {
        const last = threads.get(message.tid)
        if (!last || last.date <= message.date) threads.set(message.tid, message)
      }
      return { body: { threads: [...threads.values()].sort((a, b) => b.date - a.date).map(view) } }
    },
  },
  {
    method: 'POST',
    path: '/dev/anchor/send',
    async handle(request) {
      loopbackOnly(request)
      const input = body(request)
      const entry = entryOf(request, input.id)
      if (typeof input.to !== 'string' || !input.to.includes('@')) throw new HttpError(400, 'to: a bare jid is required')
      const to = input.to
      const type = typeof input.type === 'number' ? input.type : 0
      const attachment = input.attachment === undefined ? {} : { attachment: input.attachment }
      if (input.contents !== undefined) {
        const contents = burstContents(input.contents)
        // Handed to the messenger one after another without waiting for the server: the order of the
        // list is the order on the wire, and a burst reaches the user as fast as the session writes.
        const sends = contents.map((content) => entry.messenger.send({ to, content, type, ...attachment }))
        const messages = await Promise.all(sends)
        entry.log.push(...messages)
        return { body: { messages: messages.map(view) } }
      }
      if (input.privatePhoto !== undefined) {
        // One of the host's private photos, sold for gems (world/paidImages.ts): the message carries its
        // name and public placeholder, never a URL that opens it, and the server's price.
        const index = input.privatePhoto
        if (typeof index !== 'number' || !Number.isInteger(index) || index < 1 || index > PRIVATE_PHOTO_COUNT) {
          throw new HttpError(400, `privatePhoto: 1 to ${PRIVATE_PHOTO_COUNT}`)
        }
        const app = request.app
        const photo = {
          url: `${app.publicUrl}${privatePhotoPath(entry.uid, index)}`,
          thumbUrl: `${app.publicUrl}${privatePreviewPath(entry.uid, index)}`,
          payNeed: true,
          payPrice: IMAGE_UNLOCK_PRICE,
        }
        const message = await entry.messenger.send({ to, content: '', type: MessageType.Image, attachment: photo })
        entry.log.push(message)
        return { body: { message: view(message) } }
      }
      if (typeof input.content !== 'string' || input.content === '') throw new HttpError(400, 'content: text is required')
      entry.typing.tracker.sent(to)
      const message = await entry.messenger.send({ to, content: input.content, type, ...attachment })
      entry.log.push(message)
      return { body: { message: view(message) } }
    },
  },
  {
    method: 'POST',
    path: '/dev/anchor/typing',
    handle(request) {
      loopbackOnly(request)
      const input = body(request)
      const entry = entryOf(request, input.id)
      if (typeof input.to !== 'string' || !input.to.includes('@')) throw new HttpError(400, 'to: a bare jid is required')
      // A keystroke in the console's composer: composing now, paused after a pause (the tracker's rules).
      entry.typing.tracker.keystroke(input.to)
      return { body: { ok: true } }
    },
  },
  {
    method: 'POST',
    path: '/dev/anchor/read',
    async handle(request) {
      loopbackOnly(request)
      const input = body(request)
      const entry = entryOf(request, input.id)
      if (typeof input.tid !== 'string') throw new HttpError(400, 'tid is required')
      await entry.messenger.markThreadRead(input.tid)
      return { body: { ok: true } }
    },
  },
  {
    method: 'POST',
    path: '/dev/anchor/logout',
    async handle(request) {
      loopbackOnly(request)
      const entry = entryOf(request, body(request).id)
      await entry.close()
      return { body: { ok: true } }
    },
  },
]
