/**
 * The app's messaging service: this tab's own (lazy) chat, shared with the account's other tabs from
 * the first login on (`tabShare.ts`: one connection per browser). The tab-sharing code — leadership,
 * the tab protocol, call routing, a few kilobytes — is loaded by that first login, so a visitor's
 * landing page never downloads it. Until then every call goes to the tab's own chat, which answers as
 * a chat before login does (idle, empty reads, sends refused — except while a login is on its way:
 * then writes wait for it).
 */
import type { ChatService, Logger } from './types'

type Listener = Parameters<ChatService['subscribe']>[0]
interface Subscription {
  listener: Listener
  /** Its subscription to the shared chat, once there is one. */
  stop: () => void
}

export interface TabSharedChatOptions {
  /** Builds the shared chat around the tab's own; by default `tabShare.ts` with the browser's APIs. */
  share?: (local: ChatService, logger: Logger) => Promise<ChatService>
}

const shareInBrowser = async (local: ChatService, logger: Logger): Promise<ChatService> => {
  const { browserTabEnv, createSharedChat } = await import('./tabShare')
  return createSharedChat(local, browserTabEnv(), logger)
}

export function createTabSharedChat(local: ChatService, logger: Logger, options: TabSharedChatOptions = {}): ChatService {
  const share = options.share ?? shareInBrowser
  let shared: ChatService | null = null
  let loading: Promise<ChatService> | null = null
  /** The jid of a login waiting for the sharing code (the service's `jid` is set as a login starts). */
  let pendingJid: string | null = null
  /** Counts logouts: a login whose sharing code arrives after a logout does not go on. */
  let logouts = 0
  /**
   * Settles once the login in flight has been handed to the chat that runs it (or has stopped): a
   * message written while the sharing code loads waits for it instead of reaching a chat with no login.
   */
  let handedOver: Promise<void> = Promise.resolve()
  // Listeners are the facade's own and are handed to the shared chat when it exists: before that the
  // tab's own chat emits nothing a screen needs (it is idle), and after it the shared chat re-emits
  // the tab's own events itself.
  const subscriptions = new Set<Subscription>()

  const ensureShared = (): Promise<ChatService> =>
    (loading ??= share(local, logger).then(
      (service) => {
        shared = service
        for (const subscription of subscriptions) subscription.stop = service.subscribe(subscription.listener)
        return service
      },
      (error: unknown) => {
        loading = null
        throw error
      },
    ))
  const target = (): ChatService => shared ?? local

  return {
    get state() {
      return target().state
    },
    get jid() {
      return shared ? shared.jid : (pendingJid ?? local.jid)
    },
    get hubTransport() {
      return target().hubTransport
    },
    async login(credentials) {
      const logoutsBefore = logouts
      pendingJid = credentials.jid
      let handOver = () => {}
      handedOver = new Promise<void>((resolve) => {
        handOver = resolve
      })
      try {
        const service = await ensureShared()
        if (logouts !== logoutsBefore) return
        pendingJid = null
        const running = service.login(credentials)
        handOver()
        await running
      } finally {
        handOver()
      }
    },
    async logout() {
      logouts += 1
      pendingJid = null
      await target().logout()
    },
    subscribe(listener) {
      const subscription: Subscription = { listener, stop: shared ? shared.subscribe(listener) : () => {} }
      subscriptions.add(subscription)
      return () => {
        subscriptions.delete(subscription)
        subscription.stop()
      }
    },
    fetchProfile: (jid) => target().fetchProfile(jid),
    lastActivity: (jid) => target().lastActivity(jid),
    listThreads: () => target().listThreads(),
    loadThread: (tid, limit) => target().loadThread(tid, limit),
    loadOlder: (tid, before, limit) => target().loadOlder(tid, before, limit),
    send: async (message) => {
      await handedOver
      return target().send(message)
    },
    retry: async (mid) => {
      await handedOver
      return target().retry(mid)
    },
    buyGift: async (purchase) => {
      await handedOver
      return target().buyGift(purchase)
    },
    setActiveThread: (tid, read) => target().setActiveThread(tid, read),
    markThreadRead: (tid, read) => target().markThreadRead(tid, read),
    deleteMessagesBefore: (date) => target().deleteMessagesBefore(date),
    noteTyping: (to) => target().noteTyping(to),
    stopTyping: (to) => target().stopTyping(to),
    markImageUnlocked: (mid) => target().markImageUnlocked(mid),
  }
}
