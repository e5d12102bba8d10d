import { describe, expect, it, vi } from 'vitest'
import { makeStore } from '../../app/store'
import { demoLoginResponse, fakeServices } from '../../testing/fakeServices'
import { fakeChatService } from '../../testing/fakeChat'
import type { ChatMessageRecord } from '../../services/types'
import { loadOlderMessages, openThread } from './chatThunks'
import { ME, MIA, demoMessage, demoThreads } from './fixtures'

const LEA = 'anchor_200002@localhost'

function setup(count: number) {
  const messages = [
    ...Array.from({ length: count }, (_, i) => demoMessage({ mid: `m${i}`, content: `mia ${i}`, date: 1_000 + i })),
    ...Array.from({ length: 60 }, (_, i) => demoMessage({ mid: `l${i}`, tid: LEA, from: LEA, content: `lea ${i}`, date: 1_000 + i })),
  ]
  const chat = fakeChatService({ threads: demoThreads, messages })
  const store = makeStore({
    services: fakeServices({ chat }),
    preloadedState: { auth: { user: { uid: '100001', jid: ME, vcToken: 't', role: 2, nickName: '', name: '' }, componentInfo: demoLoginResponse.componentInfo } },
  })
  return { chat, store }
}

describe('paging back through the open thread (loadOlderMessages)', () => {
  it('a first page shorter than a full page means the start of the thread is shown: nothing more is asked', async () => {
    const { chat, store } = setup(30)
    const loadOlder = vi.spyOn(chat, 'loadOlder')
    await store.dispatch(openThread(MIA))
    expect(store.getState().chat?.hasOlder).toBe(false)
    await store.dispatch(loadOlderMessages(MIA))
    expect(loadOlder).not.toHaveBeenCalled()
  })

  it('asks once while a page is on its way, and drops a page that arrives after another thread was opened', async () => {
    const { chat, store } = setup(120)
    await store.dispatch(openThread(MIA))
    let answer: (messages: ChatMessageRecord[]) => void = () => {}
    const loadOlder = vi.spyOn(chat, 'loadOlder').mockImplementation(() => new Promise((resolve) => (answer = resolve)))
    const first = store.dispatch(loadOlderMessages(MIA))
    void store.dispatch(loadOlderMessages(MIA))
    expect(loadOlder).toHaveBeenCalledTimes(1)
    expect(store.getState().chat?.olderStatus).toBe('loading')

    await store.dispatch(openThread(LEA))
    answer([demoMessage({ mid: 'm0', content: 'mia 0', date: 1_000 })])
    await first
    expect(store.getState().chat?.activeTid).toBe(LEA)
    expect(store.getState().chat?.messages.every((m) => m.tid === LEA)).toBe(true)
    expect(store.getState().chat?.olderStatus).toBe('idle')
  })

  it('a page never shows a message twice, even when it overlaps what is shown', async () => {
    const { chat, store } = setup(120)
    await store.dispatch(openThread(MIA))
    const shown = store.getState().chat?.messages ?? []
    vi.spyOn(chat, 'loadOlder').mockResolvedValueOnce([demoMessage({ mid: 'm60', content: 'mia 60', date: 1_060 }), ...shown.slice(0, 2)])
    await store.dispatch(loadOlderMessages(MIA))
    const mids = store.getState().chat?.messages.map((m) => m.mid) ?? []
    expect(new Set(mids).size).toBe(mids.length)
    expect(mids.slice(0, 2)).toEqual(['m60', 'm70'])
  })
})
