import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PEER_TYPING_TIMEOUT_MS, TYPING_PAUSE_MS, TYPING_REFRESH_MS, createTypingTracker } from './typing.ts'

const PEER = 'anchor_200001@localhost'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

function tracker() {
  const sent: string[] = []
  const shown: [string, boolean][] = []
  const typing = createTypingTracker({ send: (to, state) => sent.push(`${to}:${state}`), onPeerTyping: (from, on) => shown.push([from, on]), clock: () => Date.now() })
  return { typing, sent, shown }
}

describe('createTypingTracker: this user typing', () => {
  it('tells composing once for a run of keystrokes, again every refresh while typing goes on, and paused after a pause', () => {
    const { typing, sent } = tracker()
    typing.keystroke(PEER)
    vi.advanceTimersByTime(1_000)
    typing.keystroke(PEER)
    typing.keystroke(PEER)
    expect(sent).toEqual([`${PEER}:composing`])
    // Still typing, a keystroke every 2 s: told again once the refresh time has passed.
    for (let elapsed = 0; elapsed < TYPING_REFRESH_MS; elapsed += 2_000) {
      vi.advanceTimersByTime(2_000)
      typing.keystroke(PEER)
    }
    expect(sent).toEqual([`${PEER}:composing`, `${PEER}:composing`])
    vi.advanceTimersByTime(TYPING_PAUSE_MS - 1)
    expect(sent).toHaveLength(2)
    vi.advanceTimersByTime(1)
    expect(sent.at(-1)).toBe(`${PEER}:paused`)
    // Typing again after the pause is a new run.
    typing.keystroke(PEER)
    expect(sent.at(-1)).toBe(`${PEER}:composing`)
  })

  it('leaving the conversation tells paused; sending the message ends typing silently', () => {
    const { typing, sent } = tracker()
    typing.keystroke(PEER)
    typing.stop(PEER)
    expect(sent).toEqual([`${PEER}:composing`, `${PEER}:paused`])
    typing.stop(PEER)
    typing.keystroke(PEER)
    typing.sent(PEER)
    vi.advanceTimersByTime(TYPING_PAUSE_MS * 2)
    expect(sent).toEqual([`${PEER}:composing`, `${PEER}:paused`, `${PEER}:composing`])
  })
})

describe('createTypingTracker: the peer typing', () => {
  it('shows the peer typing until paused, active, a message from the peer, or the time-out', () => {
    const { typing, shown } = tracker()
    typing.peerState(PEER, 'composing')
    typing.peerState(PEER, 'composing')
    expect(shown).toEqual([[PEER, true]])
    typing.peerState(PEER, 'paused')
    expect(shown).toEqual([[PEER, true], [PEER, false]])
    typing.peerState(PEER, 'composing')
    typing.peerMessage(PEER)
    typing.peerState(PEER, 'composing')
    typing.peerState(PEER, 'active')
    expect(shown.map(([, on]) => on)).toEqual([true, false, true, false, true, false])
    // Nothing more from the peer (its tab died mid-word): it stops showing on its own.
    typing.peerState(PEER, 'composing')
    vi.advanceTimersByTime(PEER_TYPING_TIMEOUT_MS - 1)
    expect(shown.at(-1)).toEqual([PEER, true])
    // A fresh composing restarts the time-out.
    typing.peerState(PEER, 'composing')
    vi.advanceTimersByTime(PEER_TYPING_TIMEOUT_MS - 1)
    expect(shown.at(-1)).toEqual([PEER, true])
    vi.advanceTimersByTime(1)
    expect(shown.at(-1)).toEqual([PEER, false])
    // A message from someone not typing changes nothing.
    typing.peerMessage('someone@localhost')
    expect(shown.at(-1)).toEqual([PEER, false])
  })

  it('close stops every timer', () => {
    const { typing, sent, shown } = tracker()
    typing.keystroke(PEER)
    typing.peerState(PEER, 'composing')
    typing.close()
    vi.advanceTimersByTime(PEER_TYPING_TIMEOUT_MS)
    expect(sent).toEqual([`${PEER}:composing`])
    expect(shown).toEqual([[PEER, true]])
  })
})
