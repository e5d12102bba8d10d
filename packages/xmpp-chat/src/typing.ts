import type { ChatStateName } from '@vchat/contract'

/**
 * Typing notifications (XEP-0085) as a user expects them, both ways:
 *
 * - This user typing: the first keystroke tells the peer `composing`; while typing goes on it is
 *   told again every TYPING_REFRESH_MS (so a peer who opened the conversation meanwhile, or whose
 *   expiry ran out, sees it); TYPING_PAUSE_MS without a keystroke, or leaving the conversation,
 *   tells `paused`. Sending the message ends it without a notice (the message says it).
 * - The peer typing: shown from `composing` until `paused`/`active`, a message from the peer, or
 *   PEER_TYPING_TIMEOUT_MS without news (the peer's tab may have died mid-word).
 */
export const TYPING_PAUSE_MS = 5_000
export const TYPING_REFRESH_MS = 10_000
export const PEER_TYPING_TIMEOUT_MS = 30_000

export interface TypingTimers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export interface TypingTrackerOptions {
  /** Sends a chat state to the peer (the messenger's `sendChatState`). */
  send(to: string, state: ChatStateName): void
  /** The peer started (true) or stopped (false) typing, as the screen should show it. */
  onPeerTyping(from: string, typing: boolean): void
  /** Default: the global timers, looked up at call time. */
  timers?: TypingTimers
  /** Default Date.now. */
  clock?: () => number
}

export interface TypingTracker {
  /** A keystroke in the composer of the conversation with `to`. */
  keystroke(to: string): void
  /** The user left the conversation with `to` (or cleared the composer): `paused` if typing was told. */
  stop(to: string): void
  /** A message to `to` went out: typing ends there without a notice. */
  sent(to: string): void
  /** A chat state from the peer. */
  peerState(from: string, state: ChatStateName): void
  /** A message from the peer arrived: it is not typing any more. */
  peerMessage(from: string): void
  /** Stops every timer (logout). */
  close(): void
}

const globalTimers: TypingTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

export function createTypingTracker(options: TypingTrackerOptions): TypingTracker {
  const timers = options.timers ?? globalTimers
  const clock = options.clock ?? Date.now
  /** Conversations where this user is typing: when `composing` was last told, and the pause timer. */
  const mine = new Map<string, { toldAt: number; pause: unknown }>()
  /** Peers shown typing, with their expiry timer. */
  const theirs = new Map<string, unknown>()

  const endMine = (to: string, tell: boolean) => {
    const typing = mine.get(to)
    if (!typing) return
    timers.clearTimeout(typing.pause)
    mine.delete(to)
    if (tell) options.send(to, 'paused')
  }
  const endTheirs = (from: string) => {
    if (!theirs.has(from)) return
    timers.clearTimeout(theirs.get(from))
    theirs.delete(from)
    options.onPeerTyping(from, false)
  }

  return {
    keystroke(to) {
      const now = clock()
      const typing = mine.get(to)
      if (typing) timers.clearTimeout(typing.pause)
      const tell = !typing || now - typing.toldAt >= TYPING_REFRESH_MS
      if (tell) options.send(to, 'composing')
      mine.set(to, { toldAt: tell ? now : (typing?.toldAt ?? now), pause: timers.setTimeout(() => endMine(to, true), TYPING_PAUSE_MS) })
    },
    stop: (to) => endMine(to, true),
    sent: (to) => endMine(to, false),
    peerState(from, state) {
      if (state !== 'composing') {
        endTheirs(from)
        return
      }
      const shown = theirs.has(from)
      if (shown) timers.clearTimeout(theirs.get(from))
      theirs.set(
        from,
        timers.setTimeout(() => endTheirs(from), PEER_TYPING_TIMEOUT_MS),
      )
      if (!shown) options.onPeerTyping(from, true)
    },
    peerMessage: (from) => endTheirs(from),
    close() {
      for (const typing of mine.values()) timers.clearTimeout(typing.pause)
      for (const timer of theirs.values()) timers.clearTimeout(timer)
      mine.clear()
      theirs.clear()
    },
  }
}
