import { describe, expect, it, vi } from 'vitest'
import { fakeChatService } from '../testing/fakeChat'
import { silentLogger } from '../testing/fakeServices'
import { createLazyChat } from './lazyServices'
import { createTabSharedChat } from './tabSharedChat'
import type { ChatCredentials, ChatEvent, ChatService } from './types'

const endpoints = { apiBaseUrl: '/', imageHostUrl: '/', websocketUrl: 'ws://127.0.0.1:1/xmpp-websocket', xmppDomain: 'localhost', analyticsUrl: '', cardVaultUrl: '/dev/payment/provider' }
const CREDENTIALS: ChatCredentials = { uid: '100001', jid: 'user_100001@localhost', vcToken: 'token-100001', getToken: () => 'token-100001', componentInfo: null }

/** A sharing step the test opens by hand, around a fake chat that stands for the shared one. */
function manualShare() {
  const shared = fakeChatService({ state: 'idle' })
  let open: (() => void) | null = null
  const share = vi.fn(
    (_local: ChatService) =>
      new Promise<ChatService>((resolve) => {
        open = () => resolve(shared)
      }),
  )
  return { shared, share, open: () => open?.() }
}

describe('createTabSharedChat', () => {
  it('loads no sharing code before the first login: the tab’s own chat answers as before login', async () => {
    const share = vi.fn()
    const chat = createTabSharedChat(createLazyChat(endpoints, silentLogger), silentLogger, { share })
    expect(chat.state).toBe('idle')
    expect(chat.jid).toBeNull()
    expect(chat.hubTransport).toBeNull()
    expect(await chat.listThreads()).toEqual([])
    await expect(chat.send({ to: 'anchor_200001@localhost', content: 'hi' })).rejects.toThrow('need login')
    await chat.logout()
    expect(share).not.toHaveBeenCalled()
  })

  it('the first login loads the sharing once, around the tab’s own chat; later calls and listeners go to the shared chat', async () => {
    const local = createLazyChat(endpoints, silentLogger)
    const { shared, share, open } = manualShare()
    const login = vi.spyOn(shared, 'login')
    const chat = createTabSharedChat(local, silentLogger, { share })
    const heard: ChatEvent[] = []
    chat.subscribe((event) => heard.push(event))

    const first = chat.login(CREDENTIALS)
    // The jid is known as soon as a login starts, as the service promises.
    expect(chat.jid).toBe(CREDENTIALS.jid)
    const second = chat.login(CREDENTIALS)
    open()
    await Promise.all([first, second])
    expect(share).toHaveBeenCalledTimes(1)
    expect(share.mock.calls[0]?.[0]).toBe(local)
    expect(login).toHaveBeenCalledTimes(2)

    const sent = await chat.send({ to: 'anchor_200001@localhost', content: 'hi' })
    expect(shared.messages.map((m) => m.mid)).toContain(sent.mid)
    expect(heard.some((event) => event.kind === 'update' && event.message.mid === sent.mid)).toBe(true)
  })

  it('a logout while the sharing code loads stops that login', async () => {
    const { shared, share, open } = manualShare()
    const login = vi.spyOn(shared, 'login')
    const chat = createTabSharedChat(createLazyChat(endpoints, silentLogger), silentLogger, { share })
    const pending = chat.login(CREDENTIALS)
    await chat.logout()
    expect(chat.jid).toBeNull()
    open()
    await pending
    expect(login).not.toHaveBeenCalled()
  })

  it('a listener that left before the sharing arrived hears nothing from it', async () => {
    const { shared, share, open } = manualShare()
    const chat = createTabSharedChat(createLazyChat(endpoints, silentLogger), silentLogger, { share })
    const heard: ChatEvent[] = []
    const stop = chat.subscribe((event) => heard.push(event))
    stop()
    const login = chat.login(CREDENTIALS)
    open()
    await login
    await chat.send({ to: 'anchor_200001@localhost', content: 'hi' })
    expect(heard).toEqual([])
    expect(shared.messages).toHaveLength(1)
  })

  it('when the sharing code fails to load, the login fails and the next one tries again', async () => {
    const shared = fakeChatService({ state: 'idle' })
    const share = vi.fn<(local: ChatService) => Promise<ChatService>>().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValueOnce(shared)
    const chat = createTabSharedChat(createLazyChat(endpoints, silentLogger), silentLogger, { share })
    await expect(chat.login(CREDENTIALS)).rejects.toThrow('chunk failed')
    await chat.login(CREDENTIALS)
    expect(share).toHaveBeenCalledTimes(2)
    expect(chat.jid).toBe(shared.jid)
  })

  it('a message written while the sharing code loads waits for the login and goes out through the shared chat', async () => {
    const { shared, share, open } = manualShare()
    const chat = createTabSharedChat(createLazyChat(endpoints, silentLogger), silentLogger, { share })
    const login = chat.login(CREDENTIALS)
    const sent = chat.send({ to: 'anchor_200001@localhost', content: 'typed right after the page loaded' })
    open()
    await login
    await expect(sent).resolves.toMatchObject({ content: 'typed right after the page loaded' })
    expect(shared.sent.map((message) => message.content)).toEqual(['typed right after the page loaded'])
  })

  it('a message written while a login that then fails was loading is refused with need login, not kept waiting', async () => {
    const share = vi.fn<(local: ChatService) => Promise<ChatService>>().mockRejectedValueOnce(new Error('chunk failed'))
    const chat = createTabSharedChat(createLazyChat(endpoints, silentLogger), silentLogger, { share })
    const login = chat.login(CREDENTIALS)
    const sent = chat.send({ to: 'anchor_200001@localhost', content: 'hi' })
    await expect(login).rejects.toThrow('chunk failed')
    await expect(sent).rejects.toThrow('need login')
  })
})
