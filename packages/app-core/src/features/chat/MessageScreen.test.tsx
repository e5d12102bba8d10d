import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { demoLoginResponse, fakeServices, manualClock } from '../../testing/fakeServices'
import type { FakeServicesOptions } from '../../testing/fakeServices'
import { fakeChatService } from '../../testing/fakeChat'
import type { FakeChatOptions } from '../../testing/fakeChat'
import { createTestI18n, renderApp } from '../../testing/renderApp'
import { AppProviders } from '../../app/AppProviders'
import { makeStore } from '../../app/store'
import type { RootState } from '../../app/state'
import { selectShowTranslate } from './translationSlice'
import { DEFAULT_SETTINGS } from '../settings'
import { DAY_MS, MESSAGE_RETENTION_STORAGE_KEY, PRESENCE_POLL_MS, SETTINGS_STORAGE_KEY } from '../../constants'
import { MessageBubble } from './MessageBubble'
import { demoPerson, usersFakeApi } from '../../testing/usersFixtures'
import { ME, MIA, XSS_PAYLOADS, demoMessage, demoMessages, demoThreads } from './fixtures'

const signedIn = {
  auth: {
    user: { uid: '100001', jid: ME, vcToken: 'token-100001', role: 2, nickName: '', name: '' },
    componentInfo: demoLoginResponse.componentInfo,
  },
  account: { paid: true, gemsBalance: 500 },
}

function setup(chatOptions: FakeChatOptions = {}, api: FakeServicesOptions['api'] = {}) {
  const chat = fakeChatService({ threads: demoThreads, messages: demoMessages, ...chatOptions })
  const services = fakeServices({ chat, api })
  return { chat, services }
}

describe('/message', () => {
  it('lists conversations newest first with unread counts, and the messages tab shows the total', async () => {
    const { services } = setup()
    await renderApp({ path: '/message', services, preloadedState: signedIn })
    const list = await screen.findByRole('list', { name: 'Conversations' })
    const rows = within(list).getAllByRole('button')
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Mia'),
      expect.stringContaining('Lea'),
      expect.stringContaining('Official team'),
    ])
    expect(within(list).getByLabelText('2 unread messages')).toBeInstanceOf(Element)
    const tabs = screen.getByRole('navigation', { name: 'Main navigation' })
    expect(within(tabs).getByRole('link', { name: /Messages 2/ })).toBeInstanceOf(Element)
  })

  it('opens a thread: marks it read, renders every kind of message as text, retries a failed one', async () => {
    const user = userEvent.setup()
    const { chat, services } = setup()
    const retry = vi.spyOn(chat, 'retry')
    const { store } = await renderApp({ path: '/message', services, preloadedState: signedIn })
    await user.click(await screen.findByRole('button', { name: /Mia/ }))
    const messages = await screen.findByRole('list', { name: 'Messages with Mia' })
    expect(within(messages).getByText('Hi! How is your day going?')).toBeInstanceOf(Element)
    expect(within(messages).getByText('Private photo – unlock for 30 gems')).toBeInstanceOf(Element)
    expect(within(messages).getByRole('img', { name: 'Wave' })).toBeInstanceOf(Element)
    expect(within(messages).getByText('Asked you for a gift worth 20 gems')).toBeInstanceOf(Element)
    expect(within(messages).getByText('Video call · 1:00')).toBeInstanceOf(Element)
    expect(within(messages).getByText('Missed video call')).toBeInstanceOf(Element)
    expect(within(messages).getByText('Video call declined')).toBeInstanceOf(Element)
    expect(within(messages).getByText('Video (12 seconds)')).toBeInstanceOf(Element)
    // A notice is a note of its own, not a bubble.
    const notice = within(messages).getByRole('note')
    expect(notice.textContent).toContain('This message broke the community rules and was removed.')
    expect(notice.closest('li')?.querySelector('.vc-chat-msg__bubble')).toBeNull()
    expect(within(messages).getByText('Gift: Rose (50 gems)')).toBeInstanceOf(Element)
    expect(within(messages).getByText('Sending…')).toBeInstanceOf(Element)
    expect(within(messages).getByText('Not sent')).toBeInstanceOf(Element)
    expect(within(messages).getByText('Read')).toBeInstanceOf(Element)
    expect(within(messages).getByText('Delivered')).toBeInstanceOf(Element)
    expect(chat.activeThread).toBe(MIA)
    expect(chat.tellsPeer).toBe(true)
    await waitFor(() => expect(store.getState().chat?.threads.find((t) => t.tid === MIA)?.unread).toBe(0))
    expect(within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'Messages' })).toBeInstanceOf(Element)

    await user.click(within(messages).getByRole('button', { name: 'Retry' }))
    expect(retry).toHaveBeenCalledWith('m7')
    await waitFor(() => expect(store.getState().chat?.messages.find((m) => m.mid === 'm7')?.state).toBe('success'))
  })

  it('the header of a conversation with a host has a video call button that leads to the call confirmation', async () => {
    const user = userEvent.setup()
    const { services } = setup()
    const { router } = await renderApp({ path: '/message', services, preloadedState: signedIn })
    await user.click(await screen.findByRole('button', { name: /Mia/ }))
    await screen.findByRole('list', { name: 'Messages with Mia' })
    await user.click(screen.getByRole('link', { name: 'Video call' }))
    expect(router.state.location.pathname).toBe(`/video/${MIA.split('@')[0]!.split('_')[1]}`)
    expect(await screen.findByRole('button', { name: 'Start video call' })).toBeInstanceOf(Element)
  })

  it('with read receipts off, opening a thread reads it here without telling the peer', async () => {
    const user = userEvent.setup()
    const { chat, services } = setup()
    // Stored on this device, as the settings screen leaves it.
    services.storage.local(SETTINGS_STORAGE_KEY).set({ ...DEFAULT_SETTINGS, readReceipt: false })
    await renderApp({ path: '/message', services, preloadedState: signedIn })
    await user.click(await screen.findByRole('button', { name: /Mia/ }))
    await screen.findByRole('list', { name: 'Messages with Mia' })
    await waitFor(() => expect(chat.activeThread).toBe(MIA))
    expect(chat.tellsPeer).toBe(false)
  })

  it('the delete-messages schedule: messages older than the chosen days leave this device, unsent ones stay', async () => {
    const now = Date.now()
    const chat = fakeChatService({
      threads: [{ ...demoThreads[0]!, lastMessage: null }],
      messages: [
        demoMessage({ mid: 'old', content: 'Ten days ago', date: now - 10 * DAY_MS }),
        demoMessage({ mid: 'old-unsent', from: ME, to: MIA, content: 'Never sent', date: now - 9 * DAY_MS, state: 'sending', outbox: true, read: false }),
        demoMessage({ mid: 'recent', content: 'Yesterday', date: now - DAY_MS }),
      ],
    })
    const services = fakeServices({ chat, clock: manualClock(now) })
    services.storage.local(MESSAGE_RETENTION_STORAGE_KEY).set(7)
    await renderApp({ path: `/message?with=${MIA}`, services, preloadedState: signedIn })
    const list = await screen.findByRole('list', { name: 'Messages with Mia' })
    await waitFor(() => expect(within(list).queryByText('Ten days ago')).toBeNull())
    expect(within(list).getByText('Yesterday')).toBeInstanceOf(Element)
    expect(within(list).getByText('Never sent')).toBeInstanceOf(Element)
    expect(chat.messages.map((m) => m.mid)).toEqual(['old-unsent', 'recent'])
  })

  it('sends a message: shown as sending at once, then sent; errors show Retry', async () => {
    const user = userEvent.setup()
    const { chat, services } = setup({ sendOutcome: 'pending' })
    await renderApp({ path: `/message?with=${MIA}`, services, preloadedState: signedIn })
    const input = await screen.findByLabelText('Message')
    await user.type(input, 'Hello there{Enter}')
    const list = await screen.findByRole('list', { name: 'Messages with Mia' })
    const item = within(list).getByText('Hello there').closest('li')!
    expect(item.getAttribute('data-state')).toBe('sending')
    expect(chat.sent).toEqual([{ to: MIA, content: 'Hello there' }])
    expect((input as HTMLInputElement).value).toBe('')
    const sent = chat.messages.at(-1)!
    act(() => chat.deliver({ ...sent, from: MIA, to: ME, mid: 'reply-1', content: 'Hi back', date: sent.date + 1 }))
    expect(await within(list).findByText('Hi back')).toBeInstanceOf(Element)
  })

  it('a message the app cannot take (no messaging sign-in) comes back into the box with an error; the next send clears it', async () => {
    const user = userEvent.setup()
    const chat = fakeChatService({ threads: demoThreads, messages: demoMessages })
    const send = chat.send.bind(chat)
    const refuse = vi.spyOn(chat, 'send').mockRejectedValueOnce(new Error('need login'))
    const services = fakeServices({ chat })
    await renderApp({ path: `/message?with=${MIA}`, services, preloadedState: signedIn })
    const input = await screen.findByLabelText('Message')
    await user.type(input, 'Do not lose me{Enter}')
    expect((await screen.findByRole('alert')).textContent).toContain("Not sent: chat isn't connected yet.")
    expect((input as HTMLInputElement).value).toBe('Do not lose me')
    refuse.mockImplementation(send)
    await user.type(input, '{Enter}')
    const list = await screen.findByRole('list', { name: 'Messages with Mia' })
    expect(await within(list).findByText('Do not lose me')).toBeInstanceOf(Element)
    expect(screen.queryByRole('alert')).toBeNull()
    expect((input as HTMLInputElement).value).toBe('')
    expect(chat.sent).toEqual([{ to: MIA, content: 'Do not lose me' }])
  })

  it('typing: the peer typing shows under the name until it stops; this user typing is told per keystroke and ends on leaving', async () => {
    const user = userEvent.setup()
    const { chat, services } = setup()
    await renderApp({ path: `/message?with=${MIA}`, services, preloadedState: signedIn })
    const heading = await screen.findByRole('heading', { name: 'Mia' })
    const header = heading.closest('header') as HTMLElement
    expect(within(header).queryByText('typing…')).toBeNull()
    act(() => chat.peerTyping(MIA, true))
    expect(await within(header).findByText('typing…')).toBeInstanceOf(Element)
    // Someone else typing elsewhere changes nothing here.
    act(() => chat.peerTyping('anchor_200002@localhost', false))
    expect(within(header).getByText('typing…')).toBeInstanceOf(Element)
    act(() => chat.peerTyping(MIA, false))
    await waitFor(() => expect(within(header).queryByText('typing…')).toBeNull())

    const input = await screen.findByLabelText('Message')
    await user.type(input, 'Hi')
    expect(chat.typingTold).toEqual([`typing:${MIA}`, `typing:${MIA}`])
    // Clearing the text is not typing.
    await user.clear(input)
    expect(chat.typingTold).toHaveLength(2)
    // Another conversation is opened: this one is left.
    const others = within(screen.getByRole('list', { name: 'Conversations' }))
      .getAllByRole('button')
      .filter((row) => !row.textContent?.includes('Mia'))
    await user.click(others[0] as HTMLElement)
    await waitFor(() => expect(chat.typingTold.at(-1)).toBe(`stopped:${MIA}`))
  })

  it('last seen: online, then how long ago as it ages and as the server tells it again; nothing when hidden or while the connection is down', async () => {
    const now = Date.UTC(2026, 10, 26, 12, 0, 0)
    const clock = manualClock(now)
    const chat = fakeChatService({ threads: demoThreads, messages: demoMessages, lastActivity: { [MIA]: { state: 'online' } } })
    const asked = vi.spyOn(chat, 'lastActivity')
    const services = fakeServices({ chat, clock })
    await renderApp({ path: `/message?with=${MIA}`, services, preloadedState: signedIn })
    const header = (await screen.findByRole('heading', { name: 'Mia' })).closest('header') as HTMLElement
    expect(await within(header).findByText('online')).toBeInstanceOf(Element)
    // Mia leaves; the next question (PRESENCE_POLL_MS later) says so, and the line ages with the clock.
    chat.lastActivities[MIA] = { state: 'seen', secondsAgo: 30 }
    act(() => clock.tick(PRESENCE_POLL_MS))
    expect(await within(header).findByText('last seen just now')).toBeInstanceOf(Element)
    chat.lastActivities[MIA] = { state: 'seen', secondsAgo: 30 + PRESENCE_POLL_MS / 1000 + 5 * 60 }
    act(() => clock.tick(5 * 60_000))
    expect(await within(header).findByText('last seen 5 minutes ago')).toBeInstanceOf(Element)
    // Typing takes the line's place, and gives it back.
    act(() => chat.peerTyping(MIA, true))
    expect(await within(header).findByText('typing…')).toBeInstanceOf(Element)
    expect(within(header).queryByText(/last seen/)).toBeNull()
    act(() => chat.peerTyping(MIA, false))
    expect(await within(header).findByText(/last seen/)).toBeInstanceOf(Element)
    // Mia hides her last seen: the line goes at the next answer.
    chat.lastActivities[MIA] = { state: 'hidden' }
    act(() => clock.tick(PRESENCE_POLL_MS))
    await waitFor(() => expect(within(header).queryByText(/last seen|online/)).toBeNull())
    // Every question was about Mia; no line and no question while the connection is down.
    expect(new Set(asked.mock.calls.map(([peer]) => peer))).toEqual(new Set([MIA]))
    chat.lastActivities[MIA] = { state: 'online' }
    act(() => chat.setState('connecting'))
    // The header tells the connection is down once the event is applied (events are batched).
    await waitFor(() => expect(within(header).getByRole('status').textContent).not.toBe(''))
    const before = asked.mock.calls.length
    act(() => clock.tick(PRESENCE_POLL_MS * 3))
    expect(asked.mock.calls.length).toBe(before)
    expect(within(header).queryByText('online')).toBeNull()
    // Back online: asked at once.
    act(() => chat.setState('connected'))
    expect(await within(header).findByText('online')).toBeInstanceOf(Element)
  })

  it('last seen is not asked for the official thread', async () => {
    const user = userEvent.setup()
    const { chat, services } = setup()
    const asked = vi.spyOn(chat, 'lastActivity')
    await renderApp({ path: '/message', services, preloadedState: signedIn })
    await user.click(await screen.findByRole('button', { name: /Official team/ }))
    expect(await screen.findByRole('heading', { name: 'Official team' })).toBeInstanceOf(Element)
    expect(asked).not.toHaveBeenCalled()
  })

  it('shows an incoming message live, unread elsewhere, read in the open thread', async () => {
    const { chat, services } = setup()
    const { store } = await renderApp({ path: `/message?with=${MIA}`, services, preloadedState: signedIn })
    await screen.findByRole('list', { name: 'Messages with Mia' })
    act(() => {
      chat.deliver(demoMessage({ mid: 'n1', content: 'Live hello', date: Date.now() }))
      chat.deliver(demoMessage({ mid: 'n2', tid: 'anchor_200002@localhost', from: 'anchor_200002@localhost', content: 'Elsewhere', date: Date.now() }))
    })
    const list = screen.getByRole('list', { name: 'Messages with Mia' })
    expect(await within(list).findByText('Live hello')).toBeInstanceOf(Element)
    await waitFor(() => expect(store.getState().chat?.threads.find((t) => t.tid === 'anchor_200002@localhost')?.unread).toBe(1))
    expect(store.getState().chat?.threads.find((t) => t.tid === MIA)?.unread).toBe(0)
  })

  it('a burst of incoming messages is applied in batches, every message is kept once and the newest is shown', async () => {
    const { chat, services } = setup({ messages: [] })
    const { store } = await renderApp({ path: `/message?with=${MIA}`, services, preloadedState: signedIn })
    await screen.findByLabelText('Message')
    const dispatched: string[] = []
    store.subscribe(() => dispatched.push(''))
    act(() => {
      for (let i = 0; i < 200; i++) chat.deliver(demoMessage({ mid: `b${i}`, content: `burst ${i}`, date: Date.now() + i }))
    })
    const list = await screen.findByRole('list', { name: 'Messages with Mia' })
    expect(await within(list).findByText('burst 199')).toBeInstanceOf(Element)
    expect(store.getState().chat?.messages.map((m) => m.content)).toEqual(Array.from({ length: 200 }, (_, i) => `burst ${i}`))
    // Virtualised: a screenful of rows is in the DOM, each telling its place in the whole list.
    const rows = within(list).getAllByRole('listitem')
    expect(rows.length).toBeLessThan(40)
    expect(rows.at(-1)?.getAttribute('aria-posinset')).toBe('200')
    expect(rows.at(-1)?.getAttribute('aria-setsize')).toBe('200')
    expect(dispatched.length).toBeLessThan(20)
    expect(store.getState().chat?.threads.find((t) => t.tid === MIA)?.unread).toBe(0)
  })

  it('translates incoming text only when show_translate is on; a failure shows the original', async () => {
    const user = userEvent.setup()
    const translate = vi.fn().mockRejectedValue(new Error('offline'))
    const { services } = setup({}, { translate })
    await renderApp({ path: `/message?with=${MIA}`, services, preloadedState: signedIn })
    const list = await screen.findByRole('list', { name: 'Messages with Mia' })
    const buttons = within(list).getAllByRole('button', { name: 'Translate' })
    expect(buttons).toHaveLength(1) // incoming text only
    await user.click(buttons[0]!)
    expect(await within(list).findByText(/Hi! How is your day going\? \(translation unavailable\)/)).toBeInstanceOf(Element)
  })

  it('offers no translation when show_translate is off', async () => {
    expect(selectShowTranslate({ settings: { values: { show_translate: 'off' } } } as unknown as RootState)).toBe(false)
    expect(selectShowTranslate({ settings: { values: { show_translate: 'on' } } } as unknown as RootState)).toBe(true)
    const store = makeStore({ services: fakeServices() })
    render(
      <AppProviders store={store} services={fakeServices()} i18n={await createTestI18n()}>
        <ol>
          <MessageBubble message={demoMessages[0]!} outgoing={false} showTranslate={false} translation={undefined} onRetry={() => {}} onTranslate={() => {}} />
        </ol>
      </AppProviders>,
    )
    expect(screen.getByText('Hi! How is your day going?')).toBeInstanceOf(Element)
    expect(screen.queryByRole('button', { name: 'Translate' })).toBeNull()
  })

  it('send_msg_lock: a locked free user is told why and offered gems instead of a composer', async () => {
    const getSendMsgLock = vi.fn().mockResolvedValue({ targetJid: MIA, locked: true, reason: 'free_user' })
    const { services } = setup({}, { getSendMsgLock })
    await renderApp({ path: `/message?with=${MIA}`, services, preloadedState: { ...signedIn, account: { paid: false, gemsBalance: 0 } } })
    expect(await screen.findByText(/Free accounts can't message this host yet/)).toBeInstanceOf(Element)
    expect(screen.queryByLabelText('Message')).toBeNull()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Get gems' }))
    expect(await screen.findByRole('dialog', { name: 'Buy gems' })).toBeInstanceOf(Element)
    expect(getSendMsgLock).toHaveBeenCalledWith({ targetJid: MIA })
  })

  it('renders the XSS corpus as text', async () => {
    const messages = XSS_PAYLOADS.map((content, i) => demoMessage({ mid: `x${i}`, content, date: 1000 + i, nickName: content }))
    const [first, ...rest] = messages
    const threads = [{ ...demoThreads[0]!, nickName: '<img src=x onerror=alert(1)>', lastMessage: first ?? null }]
    // The name comes from the server's directory: a hostile one is text too.
    const { chat, services } = setup({ messages: first ? [first] : [], threads }, usersFakeApi([demoPerson({ jid: MIA, nickName: '<img src=x onerror=alert(1)>' })]))
    await renderApp({ path: `/message?with=${MIA}`, services, preloadedState: signedIn })
    const list = await screen.findByRole('list', { name: 'Messages with <img src=x onerror=alert(1)>' })
    expect(within(list).getByText(XSS_PAYLOADS[0]!.trim())).toBeInstanceOf(Element)
    // Each payload arrives live and is checked as the newest row (the list is virtualised: older rows leave the DOM).
    for (const message of rest) {
      act(() => void chat.deliver(message))
      expect(await within(list).findByText(message.content.trim())).toBeInstanceOf(Element)
      expect(document.querySelector('script, iframe, object, embed, [onerror], [onload]')).toBeNull()
    }
  })

  it('shows loading, error with retry, and empty states', async () => {
    const user = userEvent.setup()
    const failing = setup({ failReads: true })
    await renderApp({ path: '/message', services: failing.services, preloadedState: signedIn })
    expect(await screen.findByText('Conversations could not be loaded')).toBeInstanceOf(Element)
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Conversations could not be loaded')).toBeInstanceOf(Element)
  })

  it('shows the empty state without conversations', async () => {
    const { services } = setup({ threads: [], messages: [] })
    await renderApp({ path: '/message', services, preloadedState: signedIn })
    expect(await screen.findByText('No conversations yet')).toBeInstanceOf(Element)
  })

  it('the official conversation shows its welcome text and no composer', async () => {
    const { services } = setup()
    await renderApp({ path: '/message?with=localOfficial', services, preloadedState: signedIn })
    expect(await screen.findByText(/This is your official conversation/)).toBeInstanceOf(Element)
    expect(screen.queryByLabelText('Message')).toBeNull()
    // No one to call here.
    expect(screen.queryByRole('link', { name: 'Video call' })).toBeNull()
  })
})

describe('messaging for a restored session', () => {
  it('logs in to messaging once with the stored user, not on payment routes', async () => {
    const login = vi.fn(async () => {})
    const chat = fakeChatService({}, { login })
    await renderApp({ path: '/message', services: fakeServices({ chat }), preloadedState: signedIn })
    await waitFor(() => expect(login).toHaveBeenCalledTimes(1))
    expect(login.mock.calls[0]).toEqual([expect.objectContaining({ uid: '100001', jid: ME, vcToken: 'token-100001' })])
  })
})
