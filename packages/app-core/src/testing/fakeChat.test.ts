import { describe, expect, it } from 'vitest'
import type { ChatMessageRecord } from '../services/types'
import { fakeChatService } from './fakeChat'

function record(mid: string, date: number, tid = 'anchor_200001@localhost'): ChatMessageRecord {
  return { mid, tid, date, from: tid, to: 'user_100001@localhost', read: true, state: 'success', type: 0, content: mid }
}

describe('fakeChatService.loadOlder', () => {
  // Stored out of date order; b, c and d share a date; another thread is interleaved.
  const messages = [
    record('e', 400),
    record('b', 200),
    record('other-1', 150, 'anchor_200002@localhost'),
    record('a', 100),
    record('c', 200),
    record('d', 200),
    record('other-2', 200, 'anchor_200002@localhost'),
  ]
  const tid = 'anchor_200001@localhost'

  it('pages back from the newest page to the first message, each once and in thread order', async () => {
    const chat = fakeChatService({ messages })
    let page = await chat.loadThread(tid, 2)
    const seen = page.map((m) => m.mid)
    for (;;) {
      const oldest = page[0]
      if (!oldest) break
      page = await chat.loadOlder(tid, { date: oldest.date, mid: oldest.mid }, 2)
      seen.unshift(...page.map((m) => m.mid))
    }
    expect(seen).toEqual(['a', 'b', 'c', 'd', 'e'])
  })

  it('defaults to a page of 50, falls back to the date for an unknown mid and answers [] at the start', async () => {
    const many = Array.from({ length: 60 }, (_, i) => record(`m-${i}`, i))
    const chat = fakeChatService({ messages: [...messages, ...many.map((m) => ({ ...m, tid: 'long' }))] })
    expect((await chat.loadOlder('long', { date: 59, mid: 'm-59' })).map((m) => m.date)).toEqual(Array.from({ length: 50 }, (_, i) => i + 9))
    expect((await chat.loadOlder(tid, { date: 200, mid: 'gone' })).map((m) => m.mid)).toEqual(['a'])
    expect(await chat.loadOlder(tid, { date: 100, mid: 'a' })).toEqual([])
    await expect(chat.loadOlder(tid, { date: 100, mid: 'a' }, -1)).rejects.toThrow(RangeError)
  })

  it('rejects with failReads and never resolves with hangReads, like loadThread', async () => {
    await expect(fakeChatService({ messages, failReads: true }).loadOlder(tid, { date: 400, mid: 'e' })).rejects.toThrow('storage unavailable')
    let settled = false
    const settle = () => {
      settled = true
    }
    void fakeChatService({ messages, hangReads: true }).loadOlder(tid, { date: 400, mid: 'e' }).then(settle, settle)
    // The same read without hangReads settles; by then (and a task later) the hanging one has not.
    expect(await fakeChatService({ messages }).loadOlder(tid, { date: 400, mid: 'e' })).toHaveLength(4)
    await new Promise<void>((resolve) => setImmediate(resolve))
    expect(settled).toBe(false)
  })
})
