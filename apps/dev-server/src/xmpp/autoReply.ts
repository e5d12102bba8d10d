/**
 * Seeded anchors answer by themselves, so that a developer alone with the app sees a living
 * conversation (development only; see the README's "Anchors that answer by themselves").
 *
 * - A user writes to a seeded anchor that no tester drives from the anchor console: after a short,
 *   human-like pause the anchor answers with the next line of its small script. One answer per pause:
 *   several messages in a row get one answer.
 * - `trigger_auto_message`: the anchor greets the user, then plays its story line (SPEC §3 story
 *   messages: story_id, step, text) as `story_line_call` messages at the steps' delays.
 *
 * The engine is pure apart from what is injected (who is an anchor, who is driven from the console,
 * the sender, the timers and the randomness), so its timing is tested with fake timers.
 */

/** SPEC §3 message type numbers the engine sends (the same values as @vchat/xmpp-chat's wire). */
export const AUTO_REPLY_TYPE_TEXT = 0
export const AUTO_REPLY_TYPE_STORY_LINE = 46

/** The typing pause: a base, a little per character of the answer, some jitter; capped. */
const REPLY_BASE_MS = 1200
const REPLY_PER_CHAR_MS = 35
const REPLY_JITTER_MS = 800
export const REPLY_MAX_MS = 6000

/** Three small scripts; an anchor uses the one its uid picks, line after line, per user. */
export const ANCHOR_SCRIPTS: readonly (readonly string[])[] = [
  [
    'Hey! Nice to hear from you 😊',
    'Where are you writing from?',
    'I just got back from a walk by the sea.',
    'Tell me something about your day!',
    'Do you want to have a video call later?',
  ],
  [
    'Hi there! How are you today?',
    'I love meeting new people here.',
    'What kind of music do you like?',
    'I am cooking dinner right now 🍝',
    'Call me if you want to see my kitchen!',
  ],
  [
    'Hello! Thanks for your message 💬',
    'I am a bit sleepy, but happy you wrote.',
    'What do you do for fun?',
    'I am learning to play the guitar 🎸',
    'Shall we talk on video? It is more fun.',
  ],
]

export interface AutoReplyMessage {
  content: string
  type: number
  attachment?: unknown
}

/** Sends as the anchor (the dev-server's own messaging session for that anchor). */
export interface AutoReplySender {
  send(anchor: { uid: string; jid: string }, to: string, message: AutoReplyMessage): Promise<void>
  close(): Promise<void>
}

export interface AutoReplyTimers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

interface StoryLineScript {
  story_id: string
  steps: readonly { step: number; text: string; delaySeconds: number }[]
}

export interface AutoRepliesOptions {
  /** The seeded anchor with this bare jid, or null. */
  anchorOf(jid: string): { uid: string; jid: string } | null
  /** Whether a tester is signed in as this anchor on the anchor console (then the anchor stays quiet). */
  isDriven(anchorJid: string): boolean
  sender: AutoReplySender
  timers?: AutoReplyTimers
  /** 0 ≤ x < 1 (default Math.random). */
  random?: () => number
  log?: (line: string) => void
}

export interface AutoReplies {
  /** A message from `from` to `to` passed the server (called for every chat message with a body). */
  onMessage(from: string, to: string): void
  /** trigger_auto_message: the anchor greets the user, then plays its story line. */
  greet(userJid: string, anchorJid: string, greeting: string, story: StoryLineScript | null): void
  /** Timers pending (tests and shutdown). */
  pending(): number
  close(): Promise<void>
}

const platformTimers: AutoReplyTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof globalThis.clearTimeout>[0]),
}

function bare(jid: string): string {
  const slash = jid.indexOf('/')
  return slash === -1 ? jid : jid.slice(0, slash)
}

/** How long the anchor "types" an answer of this length. */
export function typingDelay(text: string, random: () => number): number {
  return Math.min(REPLY_MAX_MS, REPLY_BASE_MS + text.length * REPLY_PER_CHAR_MS + Math.floor(random() * REPLY_JITTER_MS))
}

export function scriptOf(anchorUid: string): readonly string[] {
  const index = Number(anchorUid) % ANCHOR_SCRIPTS.length
  return ANCHOR_SCRIPTS[Number.isFinite(index) ? index : 0] ?? ANCHOR_SCRIPTS[0] ?? []
}

export function createAutoReplies(options: AutoRepliesOptions): AutoReplies {
  const timers = options.timers ?? platformTimers
  const random = options.random ?? Math.random
  const log = options.log ?? (() => {})
  /** Per anchor→user pair: the next script line. */
  const nextLine = new Map<string, number>()
  /** Pairs with an answer on its way (one answer per pause). */
  const answering = new Set<string>()
  const handles = new Set<unknown>()
  let closed = false

  function later(ms: number, run: () => void): void {
    const handle = timers.setTimeout(() => {
      handles.delete(handle)
      if (!closed) run()
    }, ms)
    handles.add(handle)
  }

  function deliver(anchor: { uid: string; jid: string }, to: string, message: AutoReplyMessage): void {
    // A tester who took over the anchor meanwhile answers instead.
    if (options.isDriven(anchor.jid)) return
    options.sender.send(anchor, to, message).catch((error: unknown) => log(`auto reply from ${anchor.jid} failed: ${error instanceof Error ? error.message : String(error)}`))
  }

  return {
    onMessage(from, to) {
      if (closed) return
      const user = bare(from)
      const anchor = options.anchorOf(bare(to))
      // Users only: anchors and components writing to anchors get no answer (no anchor-to-anchor loops).
      if (!anchor || !user.startsWith('user_') || options.isDriven(anchor.jid)) return
      const pair = `${anchor.jid} ${user}`
      if (answering.has(pair)) return
      const script = scriptOf(anchor.uid)
      const index = nextLine.get(pair) ?? 0
      const text = script[index % script.length] ?? ''
      if (!text) return
      nextLine.set(pair, index + 1)
      answering.add(pair)
      later(typingDelay(text, random), () => {
        answering.delete(pair)
        deliver(anchor, user, { content: text, type: AUTO_REPLY_TYPE_TEXT })
      })
    },

    greet(userJid, anchorJid, greeting, story) {
      if (closed) return
      const anchor = options.anchorOf(bare(anchorJid))
      if (!anchor || options.isDriven(anchor.jid)) return
      const user = bare(userJid)
      const start = typingDelay(greeting, random)
      later(start, () => deliver(anchor, user, { content: greeting, type: AUTO_REPLY_TYPE_TEXT }))
      for (const step of story?.steps ?? []) {
        later(start + (step.delaySeconds * 1000 || REPLY_BASE_MS), () =>
          deliver(anchor, user, { content: step.text, type: AUTO_REPLY_TYPE_STORY_LINE, attachment: { story_id: story?.story_id ?? '', step: step.step } }),
        )
      }
    },

    pending: () => handles.size,

    async close() {
      closed = true
      for (const handle of handles) timers.clearTimeout(handle)
      handles.clear()
      answering.clear()
      await options.sender.close()
    },
  }
}
