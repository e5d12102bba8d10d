import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { demoLoginResponse, fakeServices } from '../../testing/fakeServices'
import { fakeChatService } from '../../testing/fakeChat'
import type { FakeChatOptions } from '../../testing/fakeChat'
import { renderApp } from '../../testing/renderApp'
import { ME, MIA, demoMessage, demoThreads } from './fixtures'
import { chatEvent } from './chatSlice'
import { kindOf } from './messageView'

// Every render of a message bubble asks its kind once: counting the calls per message counts renders.
vi.mock('./messageView', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./messageView')>()
  return { ...actual, kindOf: vi.fn(actual.kindOf) }
})

/** How often each message's bubble has rendered so far. */
function rendersByMid(): Map<string, number> {
  const counts = new Map<string, number>()
  for (const [message] of vi.mocked(kindOf).mock.calls) {
    const mid = (message as { mid?: string }).mid ?? ''
    counts.set(mid, (counts.get(mid) ?? 0) + 1)
  }
  return counts
}

const signedIn = {
  auth: {
    user: { uid: '100001', jid: ME, vcToken: 'token-100001', role: 2, nickName: '', name: '' },
    componentInfo: demoLoginResponse.componentInfo,
  },
  account: { paid: true, gemsBalance: 500 },
}

/** A conversation of `count` messages with Mia, alternating sides, oldest first. */
function history(count: number) {
  return Array.from({ length: count }, (_, i) =>
    demoMessage({ mid: `h${i}`, content: `message ${i}`, date: 1_000 + i, ...(i % 2 ? { from: ME, to: MIA } : {}) }),
  )
}

async function openLongThread(count: number, options: FakeChatOptions = {}) {
  const chat = fakeChatService({ threads: demoThreads, messages: history(count), ...options })
  const services = fakeServices({ chat })
  const { store } = await renderApp({ path: `/message?with=${MIA}`, services, preloadedState: signedIn })
  const list = await screen.findByRole('list', { name: 'Messages with Mia' })
  await within(list).findByText(`message ${count - 1}`)
  // The scroll box, given a phone's layout (the test DOM has none): 600 px tall, its content 5000 px.
  const scroller = list.parentElement as HTMLElement
  Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: 600 })
  Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 5_000 })
  const scrollTo = (top: number) => {
    scroller.scrollTop = top
    fireEvent.scroll(scroller)
  }
  /** What a browser does after a script scrolls the box: it reports the scroll. */
  const scrolled = () => fireEvent.scroll(scroller)
  return { chat, store, list, scrollTo, scrolled, scroller }
}

describe('a long conversation (virtualised)', () => {
  it('opens on the newest page and pages back through the whole history near the top, each message once and in order', async () => {
    const { chat, store, scrollTo } = await openLongThread(120)
    const loadOlder = vi.spyOn(chat, 'loadOlder')
    expect(store.getState().chat?.messages).toHaveLength(50)
    expect(store.getState().chat?.hasOlder).toBe(true)

    scrollTo(4_000) // reading, far from the top: nothing loads
    expect(loadOlder).not.toHaveBeenCalled()
    scrollTo(100)
    await waitFor(() => expect(store.getState().chat?.messages).toHaveLength(100))
    scrollTo(50)
    await waitFor(() => expect(store.getState().chat?.messages).toHaveLength(120))
    expect(store.getState().chat?.hasOlder).toBe(false)
    expect(store.getState().chat?.messages.map((m) => m.content)).toEqual(history(120).map((m) => m.content))

    // The start of the conversation is shown: scrolling up again asks for nothing more.
    scrollTo(0)
    expect(loadOlder).toHaveBeenCalledTimes(2)
    expect(loadOlder.mock.calls[0]?.[1]).toEqual({ date: 1_070, mid: 'h70' })
  })

  it('what changes around the conversation (the peer typing, a scroll) renders no bubble again', async () => {
    const { scrollTo, list, store } = await openLongThread(120)
    const before = rendersByMid()
    expect(before.size).toBeGreaterThan(0)
    // The header says "typing…" (the whole screen renders), then the reader scrolls a little.
    act(() => {
      store.dispatch(chatEvent({ kind: 'typing', from: MIA, typing: true }))
    })
    await screen.findByText(/typing/i)
    for (const top of [4_150, 4_100]) scrollTo(top)
    await waitFor(() => expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(0))
    const after = rendersByMid()
    const again = [...before].filter(([mid, count]) => (after.get(mid) ?? 0) > count).map(([mid]) => mid)
    expect(again).toEqual([])
  })

  it('a page of history that cannot be read says so and loads on Try again', async () => {
    const user = userEvent.setup()
    const { chat, store, list, scrollTo } = await openLongThread(80)
    const original = chat.loadOlder.bind(chat)
    const loadOlder = vi.spyOn(chat, 'loadOlder').mockRejectedValueOnce(new Error('storage unavailable'))
    scrollTo(0)
    // The top row says what went wrong and offers a retry.
    expect(await within(list).findByText('Earlier messages could not be loaded.')).toBeInstanceOf(Element)
    loadOlder.mockImplementation(original)
    // While failed, scrolling does not retry by itself (no loop against a broken store).
    scrollTo(10)
    expect(loadOlder).toHaveBeenCalledTimes(1)
    await user.click(within(list).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(store.getState().chat?.messages).toHaveLength(80))
    expect(store.getState().chat?.olderStatus).toBe('ready')
  })

  it('scrolled up to read, a new message does not move the view: "New messages" takes the reader to it', async () => {
    const user = userEvent.setup()
    const { chat, list, scrollTo, scrolled, scroller } = await openLongThread(60)
    scrollTo(2_000)
    act(() => void chat.deliver(demoMessage({ mid: 'new', content: 'Are you there?', date: 9_999 })))
    const jump = await screen.findByRole('button', { name: /New messages/ })
    expect(scroller.scrollTop).toBe(2_000)
    await user.click(jump)
    expect(scroller.scrollTop).toBe(5_000)
    scrolled()
    expect(screen.queryByRole('button', { name: /New messages/ })).toBeNull()
    expect(within(list).getByText('Are you there?')).toBeInstanceOf(Element)
  })

  it('at the newest message, new ones are followed without a "New messages" prompt', async () => {
    const { chat, list } = await openLongThread(60)
    act(() => void chat.deliver(demoMessage({ mid: 'new', content: 'Still here', date: 9_999 })))
    expect(await within(list).findByText('Still here')).toBeInstanceOf(Element)
    expect(screen.queryByRole('button', { name: /New messages/ })).toBeNull()
  })
})

describe('screen readers', () => {
  it('hear a message that arrives while the conversation is open, not the history or scrolling', async () => {
    const { chat, list } = await openLongThread(60)
    const status = screen.getAllByRole('status').find((element) => element.classList.contains('vc-visually-hidden'))
    expect(status?.textContent).toBe('')
    expect(list.getAttribute('aria-live')).toBeNull()
    act(() => void chat.deliver(demoMessage({ mid: 'news', content: 'Good evening!', date: 9_999 })))
    await waitFor(() => expect(status?.textContent).toBe('Good evening!'))
    act(() => void chat.deliver(demoMessage({ mid: 'pic', content: '', type: 2, attachment: { url: 'https://img.example/p.jpg', thumbUrl: 'https://img.example/p.jpg', payNeed: false, payPrice: 0 }, date: 10_000 })))
    await waitFor(() => expect(status?.textContent).toBe('Photo'))
  })
})
