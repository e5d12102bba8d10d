import { describe, expect, it } from 'vitest'
import type { ChatEvent, ChatThreadSummary } from '../../services/types'
import { chatEvent, chatEventsBatched, chatSlice, initialChatState } from './chatSlice'
import type { ChatState } from './chatState'
import { ME, MIA, demoMessage } from './fixtures'

const LEA = 'anchor_200002@localhost'
const ZOE = 'anchor_200003@localhost'

function thread(tid: string, date: number, unread = 0): ChatThreadSummary {
  return { tid, peerJid: tid, peerUid: tid.split('@')[0]?.split('_')[1] ?? '', nickName: '', unread, official: false, lastMessage: demoMessage({ mid: `last-${tid}`, tid, from: tid, date }) }
}

function stateWith(overrides: Partial<ChatState>): ChatState {
  return { ...initialChatState, threadsStatus: 'ready', ...overrides }
}

const reduce = (state: ChatState, events: ChatEvent[]) => chatSlice.reducer(state, chatEventsBatched(events))

describe('incoming events in a batch', () => {
  it('appends the open thread\'s new messages in order, replaces known ones in place, and never shows a mid twice', () => {
    const state = stateWith({ activeTid: MIA, messages: [demoMessage({ mid: 'a', content: 'old a' }), demoMessage({ mid: 'b', content: 'old b' })], threads: [thread(MIA, 1)] })
    const next = reduce(state, [
      { kind: 'message', message: demoMessage({ mid: 'c', content: 'c', date: 10 }) },
      { kind: 'update', message: demoMessage({ mid: 'a', content: 'a changed' }) },
      { kind: 'message', message: demoMessage({ mid: 'd', content: 'd', date: 11 }) },
      { kind: 'update', message: demoMessage({ mid: 'c', content: 'c changed', date: 10 }) },
      { kind: 'message', message: demoMessage({ mid: 'd', content: 'd again', date: 11 }) },
    ])
    expect(next.messages.map((m) => `${m.mid}:${m.content}`)).toEqual(['a:a changed', 'b:old b', 'c:c changed', 'd:d again'])
    // The input state is untouched (a new state per batch).
    expect(state.messages.map((m) => m.content)).toEqual(['old a', 'old b'])
  })

  it('history from the archive takes its place by date in the open thread, raises no notice, and our own archived message opens its peer\'s thread', () => {
    const state = stateWith({ activeTid: MIA, messages: [demoMessage({ mid: 'b', date: 20 }), demoMessage({ mid: 'd', date: 40 })], threads: [thread(MIA, 40)] })
    const next = reduce(state, [
      { kind: 'message', archived: true, message: demoMessage({ mid: 'a', date: 10 }) },
      { kind: 'message', archived: true, message: demoMessage({ mid: 'c', from: ME, to: MIA, date: 30 }) },
      { kind: 'message', message: demoMessage({ mid: 'e', date: 50 }) },
      { kind: 'message', archived: true, message: demoMessage({ mid: 'b', date: 20, content: 'again' }) },
      { kind: 'message', archived: true, message: demoMessage({ mid: 'z1', tid: LEA, from: ME, to: LEA, read: true, date: 5 }) },
    ])
    expect(next.messages.map((m) => m.mid)).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(next.notice).toBeNull()
    expect(next.threads.find((t) => t.tid === LEA)).toMatchObject({ peerJid: LEA, peerUid: '200002', unread: 0 })
  })

  it('a catch-up page of history lands in the open thread in one batch: in date order after what is shown, each once', () => {
    const shown = [demoMessage({ mid: 'live', date: 1_000 })]
    const page: ChatEvent[] = Array.from({ length: 250 }, (_, i) => ({ kind: 'message', archived: true, message: demoMessage({ mid: `h${i}`, date: 1_001 + i }) }))
    const next = reduce(stateWith({ activeTid: MIA, messages: shown, threads: [thread(MIA, 1_000)] }), [...page, page[0]!, { kind: 'message', archived: true, message: demoMessage({ mid: 'live', date: 1_000 }) }])
    expect(next.messages.map((m) => m.mid)).toEqual(['live', ...page.map((_, i) => `h${i}`)])
    expect(next.threads[0]?.lastMessage?.mid).toBe('h249')
  })

  it('history older than what is shown goes where it would have gone one message at a time: after the last row dated at or before it', () => {
    // Rows as shown (live arrivals need not be in date order), and history in no particular order.
    const rows = [10, 30, 20, 40, 40].map((date, i) => demoMessage({ mid: `r${i}`, date }))
    const history = [35, 5, 20, 40, 25, 20, 50].map((date, i) => demoMessage({ mid: `h${i}`, date }))
    const oneByOne = [...rows]
    for (const message of history) {
      let index = oneByOne.length
      while (index > 0 && oneByOne[index - 1]!.date > message.date) index -= 1
      oneByOne.splice(index, 0, message)
    }
    const next = reduce(
      stateWith({ activeTid: MIA, messages: rows, threads: [thread(MIA, 40)] }),
      history.map((message) => ({ kind: 'message', archived: true, message })),
    )
    expect(next.messages.map((m) => m.mid)).toEqual(oneByOne.map((m) => m.mid))
    // The state before is untouched.
    expect(rows.map((m) => m.mid)).toEqual(['r0', 'r1', 'r2', 'r3', 'r4'])
  })

  it('a burst of 1000 into the open thread: each once, in arrival order', () => {
    const events: ChatEvent[] = Array.from({ length: 1000 }, (_, i) => ({ kind: 'message', message: demoMessage({ mid: `m${i}`, content: `burst ${i}`, date: 100 + i }) }))
    const next = reduce(stateWith({ activeTid: MIA, threads: [thread(MIA, 1)] }), [...events, ...events.slice(0, 10)])
    expect(next.messages).toHaveLength(1000)
    expect(next.messages[999]?.content).toBe('burst 999')
    expect(next.threads[0]?.lastMessage?.mid).toBe('m999')
  })

  it('counts unread per thread, creates unknown threads, sorts newest activity first once, and notices the last one not on screen', () => {
    const state = stateWith({ activeTid: MIA, threads: [thread(ZOE, 50), thread(MIA, 40), thread(LEA, 30, 1)] })
    const next = reduce(state, [
      { kind: 'message', message: demoMessage({ mid: 'l1', tid: LEA, from: LEA, read: false, date: 60, content: 'from Lea' }) },
      { kind: 'message', message: demoMessage({ mid: 'm1', read: true, date: 61 }) },
      { kind: 'message', message: demoMessage({ mid: 'n1', tid: 'anchor_200009@localhost', from: 'anchor_200009@localhost', read: false, date: 62, nickName: 'Nia', content: 'new here' }) },
      { kind: 'message', message: demoMessage({ mid: 'l2', tid: LEA, from: LEA, read: false, date: 63, content: 'Lea again' }) },
      { kind: 'state', state: 'connected' },
    ])
    expect(next.threads.map((t) => [t.tid, t.unread])).toEqual([
      [LEA, 3],
      ['anchor_200009@localhost', 1],
      [MIA, 0],
      [ZOE, 0],
    ])
    expect(next.threads.find((t) => t.tid === 'anchor_200009@localhost')).toMatchObject({ peerUid: '200009', nickName: 'Nia' })
    expect(next.messages.map((m) => m.mid)).toEqual(['m1'])
    expect(next.notice).toEqual({ tid: LEA, nickName: '', content: 'Lea again' })
    expect(next.connection).toBe('connected')
  })

  it('a message arriving in the open thread shows at once; once stored it stays one row and the thread list catches up', () => {
    const state = stateWith({ activeTid: MIA, threads: [thread(MIA, 1), thread(LEA, 2)] })
    const message = demoMessage({ mid: 'fast', from: MIA, to: ME, content: 'quick', date: 5, read: true })
    const shown = reduce(state, [
      { kind: 'arriving', message },
      { kind: 'arriving', message: demoMessage({ mid: 'other', tid: LEA, from: LEA, content: 'not on screen', date: 6 }) },
    ])
    expect(shown.messages.map((m) => m.mid)).toEqual(['fast'])
    // Not stored yet: the thread list and the notice wait for the stored message.
    expect(shown.threads.find((t) => t.tid === MIA)?.lastMessage?.mid).toBe(`last-${MIA}`)
    expect(shown.notice).toBeNull()
    const stored = reduce(shown, [{ kind: 'message', message }])
    expect(stored.messages.map((m) => m.mid)).toEqual(['fast'])
    expect(stored.threads.find((t) => t.tid === MIA)).toMatchObject({ unread: 0, lastMessage: { mid: 'fast' } })
  })

  it('one event alone behaves like a batch of one', () => {
    const state = stateWith({ activeTid: MIA, threads: [thread(MIA, 1)] })
    const message = demoMessage({ mid: 'x', from: MIA, to: ME, content: 'hi', date: 5 })
    expect(chatSlice.reducer(state, chatEvent({ kind: 'message', message }))).toEqual(reduce(state, [{ kind: 'message', message }]))
  })

  it('a thread read on another device takes the unread count the store answers; the open thread stays at 0', () => {
    const state = stateWith({ activeTid: LEA, threads: [thread(MIA, 2, 5), thread(LEA, 1, 0)] })
    const next = reduce(state, [
      { kind: 'unread', tid: MIA, unread: 1 },
      { kind: 'unread', tid: LEA, unread: 3 },
      { kind: 'unread', tid: ZOE, unread: 2 },
    ])
    expect(next.threads.map((t) => [t.tid, t.unread])).toEqual([
      [MIA, 1],
      [LEA, 0],
    ])
  })

  it('typing: shown per peer while it lasts', () => {
    const typing = reduce(stateWith({}), [
      { kind: 'typing', from: MIA, typing: true },
      { kind: 'typing', from: LEA, typing: true },
      { kind: 'typing', from: LEA, typing: false },
    ])
    expect(typing.peerTyping).toEqual({ [MIA]: true })
  })
})
