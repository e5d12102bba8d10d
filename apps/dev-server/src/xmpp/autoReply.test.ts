import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  ANCHOR_SCRIPTS,
  AUTO_REPLY_TYPE_STORY_LINE,
  AUTO_REPLY_TYPE_TEXT,
  REPLY_MAX_MS,
  createAutoReplies,
  scriptOf,
  typingDelay,
  type AutoReplyMessage,
  type AutoReplySender,
} from './autoReply.ts'

const ANCHOR = 'anchor_200001@localhost'
const OTHER_ANCHOR = 'anchor_200002@localhost'
const USER = 'user_100001@localhost'
const SECOND_USER = 'user_100002@localhost'

interface Sent {
  from: string
  to: string
  message: AutoReplyMessage
}

function setup(options: { driven?: Set<string>; failSend?: boolean } = {}) {
  const sent: Sent[] = []
  const logged: string[] = []
  const sender: AutoReplySender & { closed: boolean } = {
    closed: false,
    async send(anchor, to, message) {
      if (options.failSend) throw new Error('not connected')
      sent.push({ from: anchor.jid, to, message })
    },
    async close() {
      sender.closed = true
    },
  }
  const driven = options.driven ?? new Set<string>()
  const replies = createAutoReplies({
    anchorOf: (jid) => (jid.startsWith('anchor_') ? { uid: jid.slice(7, jid.indexOf('@')), jid } : null),
    isDriven: (jid) => driven.has(jid),
    sender,
    timers: { setTimeout: (callback, ms) => setTimeout(callback, ms), clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) },
    random: () => 0.5,
    log: (line) => logged.push(line),
  })
  return { replies, sent, sender, driven, logged }
}

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('seeded anchors answer by themselves', () => {
  it('answers a user after a human-like pause with the first line of its script', async () => {
    const { replies, sent } = setup()
    replies.onMessage(`${USER}/web_fachat`, ANCHOR)
    const line = scriptOf('200001')[0] ?? ''
    const delay = typingDelay(line, () => 0.5)
    expect(delay).toBeGreaterThanOrEqual(1000)
    await vi.advanceTimersByTimeAsync(delay - 1)
    expect(sent).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(sent).toEqual([{ from: ANCHOR, to: USER, message: { content: line, type: AUTO_REPLY_TYPE_TEXT } }])
  })

  it('several messages in a row get one answer; the next message gets the next line, per user', async () => {
    const { replies, sent } = setup()
    replies.onMessage(USER, ANCHOR)
    replies.onMessage(USER, ANCHOR)
    replies.onMessage(SECOND_USER, ANCHOR)
    await vi.advanceTimersByTimeAsync(REPLY_MAX_MS)
    replies.onMessage(USER, ANCHOR)
    await vi.advanceTimersByTimeAsync(REPLY_MAX_MS)
    const script = scriptOf('200001')
    expect(sent.map((s) => [s.to, s.message.content])).toEqual([
      [USER, script[0]],
      [SECOND_USER, script[0]],
      [USER, script[1]],
    ])
  })

  it('the script starts over after its last line; anchors use different scripts', async () => {
    const { replies, sent } = setup()
    const script = scriptOf('200001')
    for (let i = 0; i <= script.length; i++) {
      replies.onMessage(USER, ANCHOR)
      await vi.advanceTimersByTimeAsync(REPLY_MAX_MS)
    }
    expect(sent.at(-1)?.message.content).toBe(script[0])
    expect(scriptOf('200002')).not.toEqual(script)
    expect(new Set(ANCHOR_SCRIPTS.map((s) => s[0])).size).toBe(ANCHOR_SCRIPTS.length)
  })

  it('stays quiet while a tester drives the anchor from the console, also when they sign in during the pause', async () => {
    const driven = new Set([ANCHOR])
    const { replies, sent } = setup({ driven })
    replies.onMessage(USER, ANCHOR)
    expect(replies.pending()).toBe(0)
    driven.clear()
    replies.onMessage(USER, ANCHOR)
    driven.add(ANCHOR)
    await vi.advanceTimersByTimeAsync(REPLY_MAX_MS)
    expect(sent).toEqual([])
  })

  it('answers users only: nothing for messages to users, between anchors, or from components', async () => {
    const { replies, sent } = setup()
    replies.onMessage(ANCHOR, USER)
    replies.onMessage(OTHER_ANCHOR, ANCHOR)
    replies.onMessage('hub.localhost', ANCHOR)
    await vi.advanceTimersByTimeAsync(REPLY_MAX_MS)
    expect(sent).toEqual([])
    expect(replies.pending()).toBe(0)
  })

  it('trigger_auto_message: greets the user, then plays the story line at its steps\' delays', async () => {
    const { replies, sent } = setup()
    const story = {
      story_id: 'story_200001_1',
      steps: [
        { step: 1, text: 'one', delaySeconds: 0 },
        { step: 2, text: 'two', delaySeconds: 8 },
      ],
    }
    replies.greet(USER, ANCHOR, 'Hi! Want to chat?', story)
    const start = typingDelay('Hi! Want to chat?', () => 0.5)
    await vi.advanceTimersByTimeAsync(start)
    expect(sent.map((s) => s.message.content)).toEqual(['Hi! Want to chat?'])
    await vi.advanceTimersByTimeAsync(2000)
    expect(sent[1]).toEqual({ from: ANCHOR, to: USER, message: { content: 'one', type: AUTO_REPLY_TYPE_STORY_LINE, attachment: { story_id: 'story_200001_1', step: 1 } } })
    await vi.advanceTimersByTimeAsync(8000)
    expect(sent.map((s) => s.message.content)).toEqual(['Hi! Want to chat?', 'one', 'two'])
    expect(replies.pending()).toBe(0)
  })

  it('a failed send is logged, nothing thrown', async () => {
    const { replies, logged } = setup({ failSend: true })
    replies.onMessage(USER, ANCHOR)
    await vi.advanceTimersByTimeAsync(REPLY_MAX_MS)
    expect(logged).toEqual([`auto reply from ${ANCHOR} failed: not connected`])
  })

  it('close cancels pending answers and closes the sender', async () => {
    const { replies, sent, sender } = setup()
    replies.onMessage(USER, ANCHOR)
    replies.greet(USER, OTHER_ANCHOR, 'Hello', null)
    expect(replies.pending()).toBe(2)
    await replies.close()
    await vi.advanceTimersByTimeAsync(REPLY_MAX_MS * 2)
    expect(sent).toEqual([])
    expect(sender.closed).toBe(true)
    replies.onMessage(USER, ANCHOR)
    expect(replies.pending()).toBe(0)
  })
})
