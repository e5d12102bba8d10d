import type { HubTransport, LastActivity } from '@vchat/xmpp-chat'
import { CHAT_PAGE_SIZE } from '../constants'
import type { ChatConnectionState, ChatEvent, ChatGiftError, ChatGiftPurchase, ChatMessageRecord, ChatOutgoing, ChatService, ChatThreadSummary } from '../services/types'

export interface FakeChatOptions {
  /** The signed-in user's bare jid (default user_100001@localhost). */
  me?: string
  threads?: ChatThreadSummary[]
  messages?: ChatMessageRecord[]
  state?: ChatConnectionState
  /** What a send ends in: 'success' (default), 'error', or 'pending' (stays sending). */
  sendOutcome?: 'success' | 'error' | 'pending'
  /** Makes listThreads / loadThread / loadOlder reject (error states). */
  failReads?: boolean
  /** Makes listThreads / loadThread / loadOlder never resolve (loading states). */
  hangReads?: boolean
  /** The buyer's gems the gift component starts from (default 500); each purchase deducts its price. */
  gemsBalance?: number
  /** A purchase fails with 'xmpp send iq error' (e.g. the component is unreachable). */
  failGiftBuy?: boolean
  /** What the server tells of each peer's last activity (by bare jid; default unknown). */
  lastActivity?: Record<string, LastActivity>
}

/** An in-memory messaging service with the real one's behaviour, for tests and stories. */
export type FakeChat = ChatService & {
  messages: ChatMessageRecord[]
  sent: ChatOutgoing[]
  /** Simulates a message from a peer arriving (stored unread unless its thread is active). */
  deliver(message: Omit<ChatMessageRecord, 'read' | 'state' | 'tid'> & { tid?: string }): ChatMessageRecord
  setState(state: ChatConnectionState): void
  sendOutcome: 'success' | 'error' | 'pending'
  activeThread: string | null
  /** Whether the last thread opened tells the peer it was read (the read-receipt setting). */
  tellsPeer: boolean
  /** Gift purchases the component accepted. */
  bought: ChatGiftPurchase[]
  /** The buyer's gems as the gift component sees them. */
  gemsBalance: number
  /** What the composer told about typing, in order: `typing:<jid>` per keystroke, `stopped:<jid>`. */
  typingTold: string[]
  /** Simulates the peer starting or stopping typing. */
  peerTyping(from: string, typing: boolean): void
  /** What lastActivity answers, by bare jid; tests change it to play a peer coming and going. */
  lastActivities: Record<string, LastActivity>
}

export function fakeChatService(options: FakeChatOptions = {}, overrides: Partial<ChatService> = {}): FakeChat {
  const me = options.me ?? 'user_100001@localhost'
  const listeners = new Set<(event: ChatEvent) => void>()
  const threads = new Map<string, ChatThreadSummary>((options.threads ?? []).map((t) => [t.tid, structuredClone(t)]))
  let state: ChatConnectionState = options.state ?? 'connected'
  let jid: string | null = null
  let counter = 0
  const emit = (event: ChatEvent) => listeners.forEach((listener) => listener(event))
  const hang = new Promise<never>(() => {})
  const readGate = async () => {
    if (options.hangReads) return hang
    if (options.failReads) throw new Error('storage unavailable')
  }
  const touch = (message: ChatMessageRecord, incoming: boolean) => {
    const existing = threads.get(message.tid)
    const peer = incoming ? message.from : message.to
    const thread: ChatThreadSummary = existing ?? {
      tid: message.tid,
      peerJid: peer,
      peerUid: (peer.split('@')[0] ?? '').split('_')[1] ?? '',
      nickName: message.nickName ?? '',
      unread: 0,
      official: false,
      lastMessage: null,
    }
    thread.lastMessage = { ...message }
    if (incoming && !message.read) thread.unread += 1
    threads.set(message.tid, thread)
  }
  const fake: FakeChat = {
    messages: structuredClone(options.messages ?? []),
    sent: [],
    bought: [],
    gemsBalance: options.gemsBalance ?? 500,
    sendOutcome: options.sendOutcome ?? 'success',
    activeThread: null,
    tellsPeer: true,
    get state() {
      return state
    },
    get jid() {
      return jid
    },
    hubTransport: null as HubTransport | null,
    async login(credentials) {
      jid = credentials.jid
      fake.setState('connected')
    },
    async logout() {
      jid = null
      fake.setState('idle')
    },
    async fetchProfile() {
      return null
    },
    lastActivities: { ...options.lastActivity },
    async lastActivity(peer) {
      return fake.lastActivities[peer] ?? { state: 'unknown' }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    async listThreads() {
      await readGate()
      return [...threads.values()]
        .map((t) => structuredClone(t))
        .sort((a, b) => (b.lastMessage?.date ?? 0) - (a.lastMessage?.date ?? 0))
    },
    async loadThread(tid, limit = CHAT_PAGE_SIZE) {
      await readGate()
      return fake.messages.filter((m) => m.tid === tid).sort((a, b) => a.date - b.date).slice(-limit).map((m) => ({ ...m }))
    },
    async loadOlder(tid, before, limit = CHAT_PAGE_SIZE) {
      await readGate()
      if (!Number.isInteger(limit) || limit < 0) {
        throw new RangeError(`limit must be a non-negative integer, got ${String(limit)}`)
      }
      if (limit === 0) return []
      // Like chat-db: thread order is by date, equal dates in storage (here: insertion) order; the
      // anchor's position resolves ties, an unknown anchor falls back to the date.
      const anchor = fake.messages.findIndex((m) => m.mid === before.mid && m.tid === tid)
      return fake.messages
        .map((message, order) => ({ message, order }))
        .filter(({ message, order }) => message.tid === tid && (message.date < before.date || (message.date === before.date && order < anchor)))
        .sort((a, b) => a.message.date - b.message.date || a.order - b.order)
        .slice(-limit)
        .map(({ message }) => ({ ...message }))
    },
    async send(outgoing) {
      // Like the messenger: a send with the id of a stored message answers it and sends nothing.
      const known = outgoing.mid === undefined ? undefined : fake.messages.find((m) => m.mid === outgoing.mid)
      if (known) return { ...known }
      fake.sent.push(outgoing)
      counter += 1
      const message: ChatMessageRecord = {
        mid: outgoing.mid ?? `fake-${counter}`,
        tid: outgoing.to,
        date: Date.now() + counter,
        from: me,
        to: outgoing.to,
        read: false,
        state: 'sending',
        type: outgoing.type ?? 0,
        content: outgoing.content,
        ...(outgoing.attachment === undefined ? {} : { attachment: outgoing.attachment }),
        outbox: true,
      }
      fake.messages.push(message)
      touch(message, false)
      if (fake.sendOutcome !== 'pending') {
        queueMicrotask(() => {
          const stored = fake.messages.find((m) => m.mid === message.mid)
          if (!stored) return
          stored.state = fake.sendOutcome === 'success' ? 'success' : 'error'
          stored.outbox = false
          emit({ kind: 'update', message: { ...stored } })
        })
      }
      return { ...message }
    },
    async retry(mid) {
      const stored = fake.messages.find((m) => m.mid === mid)
      if (!stored) return
      stored.state = 'sending'
      emit({ kind: 'update', message: { ...stored } })
      queueMicrotask(() => {
        stored.state = fake.sendOutcome === 'error' ? 'error' : 'success'
        emit({ kind: 'update', message: { ...stored } })
      })
    },
    async buyGift(purchase) {
      // Like the gift component: a refusal is an iq error, surfaced as 'xmpp send iq error'.
      if (options.failGiftBuy) throw new Error('xmpp send iq error', { cause: new Error('remote-server-timeout') })
      if (fake.gemsBalance < purchase.price) {
        const error: ChatGiftError = new Error('xmpp send iq error', { cause: { condition: 'not-acceptable', text: 'gems-insufficient' } })
        error.gemsInsufficient = true
        throw error
      }
      fake.gemsBalance -= purchase.price
      fake.bought.push(purchase)
      const ask = purchase.askGiftMid ? fake.messages.find((m) => m.mid === purchase.askGiftMid) : undefined
      if (ask) {
        ask.attachment = { ...(ask.attachment as object | undefined), isSend: true }
        emit({ kind: 'update', message: { ...ask } })
      }
      return { gemsBalance: fake.gemsBalance }
    },
    setActiveThread(tid, read) {
      fake.activeThread = tid
      fake.tellsPeer = read?.tellPeer ?? true
    },
    async markThreadRead(tid) {
      // Outgoing messages keep `read`: for them it says the peer read them.
      for (const m of fake.messages) if (m.tid === tid && m.from !== me) m.read = true
      const thread = threads.get(tid)
      if (thread) thread.unread = 0
    },
    async markImageUnlocked(mid) {
      const stored = fake.messages.find((m) => m.mid === mid)
      if (!stored) return null
      stored.unlocked = true
      return { ...stored }
    },
    deliver(partial) {
      const tid = partial.tid ?? partial.from
      const message: ChatMessageRecord = { ...partial, tid, read: fake.activeThread === tid, state: 'success' }
      fake.messages.push(message)
      touch(message, true)
      emit({ kind: 'message', message: { ...message } })
      return message
    },
    setState(next) {
      state = next
      emit({ kind: 'state', state: next })
    },
    async deleteMessagesBefore(date) {
      const kept = fake.messages.filter((m) => m.date >= date || m.outbox === true)
      const removed = fake.messages.length - kept.length
      fake.messages = kept
      return removed
    },
    typingTold: [],
    noteTyping(to) {
      fake.typingTold.push(`typing:${to}`)
    },
    stopTyping(to) {
      fake.typingTold.push(`stopped:${to}`)
    },
    peerTyping(from, typing) {
      emit({ kind: 'typing', from, typing })
    },
    ...overrides,
  }
  return fake
}
