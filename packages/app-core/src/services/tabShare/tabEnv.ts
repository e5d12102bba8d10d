/**
 * What the shared chat needs of the browser (Web Locks, BroadcastChannel, which tab is in front, page
 * leave) as an interface, and its real implementation. It exists so that the tab logic runs against
 * fakes in tests and falls back to a session per tab where the browser lacks either API.
 */
import { nanoid } from 'nanoid'
import type { XmlElement } from '@vchat/xmpp-chat'

/** What the shared chat needs of the browser; `browserTabEnv()` is the real one, tests pass fakes. */
export interface TabEnv {
  /** This tab's id, unique among the browser's tabs. */
  readonly tabId: string
  /**
   * The Web Locks `request` (the lock is held while the callback's promise is pending). With `steal`
   * the current holder loses it at once: its request rejects with an AbortError.
   */
  requestLock(name: string, options: { ifAvailable?: boolean; steal?: boolean; signal?: AbortSignal }, callback: (lock: unknown) => Promise<void>): Promise<unknown>
  /** Whether another tab still holds the lock of this name (a tab's life lock: `tabLockName`). */
  isHeld(name: string): Promise<boolean>
  openChannel(name: string): TabChannel
  /** Whether this tab is in front now (shown and focused). */
  isFront(): boolean
  /** Calls the listener whenever this tab comes to the front; returns a function that stops it. */
  onFront(listener: () => void): () => void
  /** Calls the listener when the page is being left for good; returns a function that stops it. */
  onLeave(listener: () => void): () => void
  /** Reads back a stanza another tab forwarded as text. */
  parseStanza(text: string): Promise<XmlElement>
}

/** The part of BroadcastChannel used here. */
export interface TabChannel {
  postMessage(message: unknown): void
  /** The one listener for messages from the other tabs (never this tab's own). */
  listen(listener: (data: unknown) => void): void
  close(): void
}

/**
 * The browser's side of `TabEnv`: Web Locks, BroadcastChannel, page visibility and focus; null where
 * the browser lacks either API (the tab then runs its own session).
 */
export function browserTabEnv(): TabEnv | null {
  if (typeof window === 'undefined' || typeof BroadcastChannel === 'undefined' || typeof navigator === 'undefined' || !navigator.locks) return null
  const locks = navigator.locks
  const tabId = nanoid()
  const isFront = () => document.visibilityState === 'visible' && document.hasFocus()
  return {
    tabId,
    requestLock: (name, options, callback) => locks.request(name, options, callback),
    async isHeld(name) {
      const snapshot = await locks.query()
      return (snapshot.held ?? []).some((lock) => lock.name === name)
    },
    openChannel(name) {
      const channel = new BroadcastChannel(name)
      return {
        postMessage: (message) => channel.postMessage(message),
        listen(listener) {
          channel.onmessage = (event) => listener(event.data)
        },
        close() {
          channel.onmessage = null
          channel.close()
        },
      }
    },
    isFront,
    onFront(listener) {
      const handler = () => {
        if (isFront()) listener()
      }
      window.addEventListener('focus', handler)
      document.addEventListener('visibilitychange', handler)
      return () => {
        window.removeEventListener('focus', handler)
        document.removeEventListener('visibilitychange', handler)
      }
    },
    onLeave(listener) {
      const handler = (event: PageTransitionEvent) => {
        if (!event.persisted) listener()
      }
      window.addEventListener('pagehide', handler)
      return () => window.removeEventListener('pagehide', handler)
    },
    async parseStanza(text) {
      const { parseStanza } = await import('@vchat/xmpp-chat')
      return parseStanza(text)
    },
  }
}
