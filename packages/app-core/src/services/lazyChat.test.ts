import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeChatService } from '../testing/fakeChat'
import { silentLogger } from '../testing/fakeServices'
import { createLazyChat } from './lazyServices'
import type { ChatCredentials } from './types'

const CREDENTIALS: ChatCredentials = { uid: '100001', jid: 'user_100001@localhost', vcToken: 'token-100001', getToken: () => 'token-100001', componentInfo: null }
const endpoints = { apiBaseUrl: '/', imageHostUrl: '/', websocketUrl: 'ws://127.0.0.1:1/xmpp-websocket', xmppDomain: 'localhost', analyticsUrl: '', cardVaultUrl: '/dev/payment/provider' }

describe('createLazyChat before the messaging login', () => {
  it('is idle, has no hub transport, reads answer empty and sends reject with need login', async () => {
    const chat = createLazyChat(endpoints, silentLogger)
    expect(chat.state).toBe('idle')
    expect(chat.jid).toBeNull()
    expect(chat.hubTransport).toBeNull()
    expect(await chat.listThreads()).toEqual([])
    expect(await chat.loadThread('anchor_200001@localhost')).toEqual([])
    expect(await chat.loadOlder('anchor_200001@localhost', { date: 1_000, mid: 'm1' })).toEqual([])
    expect(await chat.fetchProfile('user_1@localhost')).toBeNull()
    await expect(chat.send({ to: 'anchor_200001@localhost', content: 'hi' })).rejects.toThrow('need login')
    await expect(chat.retry('m1')).rejects.toThrow('need login')
    await chat.markThreadRead('x')
    chat.setActiveThread('x')
  })

  it('logout reports idle to subscribers and stops reporting after unsubscribe', async () => {
    const chat = createLazyChat(endpoints, silentLogger)
    const states: string[] = []
    const stop = chat.subscribe((event) => {
      if (event.kind === 'state') states.push(event.state)
    })
    await chat.logout()
    stop()
    await chat.logout()
    expect(states).toEqual(['idle'])
  })
})

describe('createLazyChat while the messaging login is on its way', () => {
  /** The messaging module, held at its import until the test lets it go, with a fake behind it. */
  async function heldMessaging() {
    let release: () => void = () => {}
    const imported = new Promise<void>((resolve) => {
      release = resolve
    })
    const fake = fakeChatService({ state: 'connecting' })
    const start = vi.fn(async () => {})
    vi.doMock('./messaging', async () => {
      await imported
      return {
        onPageLeave: () => () => {},
        createMessaging: async () => ({ ...fake, session: null, hubTransport: null, start, close: async () => {} }),
      }
    })
    const { createLazyChat: create } = await import('./lazyServices')
    return { chat: create(endpoints, silentLogger), fake, start, release }
  }

  afterEach(() => {
    vi.doUnmock('./messaging')
    vi.resetModules()
  })

  it('a message written in the same tick as the login waits for it and goes to the outbox, once, in order', async () => {
    const { chat, fake, start, release } = await heldMessaging()
    const login = chat.login(CREDENTIALS)
    const first = chat.send({ to: 'anchor_200001@localhost', content: 'hello' })
    const second = chat.send({ to: 'anchor_200001@localhost', content: 'are you there?' })
    release()
    await login
    await expect(first).resolves.toMatchObject({ content: 'hello' })
    await expect(second).resolves.toMatchObject({ content: 'are you there?' })
    expect(fake.sent.map((message) => message.content)).toEqual(['hello', 'are you there?'])
    expect(start).toHaveBeenCalledTimes(1)
  })

  it('a logout while the login is on its way refuses what waited with need login', async () => {
    const { chat, fake, release } = await heldMessaging()
    const login = chat.login(CREDENTIALS)
    const waiting = chat.send({ to: 'anchor_200001@localhost', content: 'hello' })
    const refused = expect(waiting).rejects.toThrow('need login')
    await chat.logout()
    release()
    await login
    await refused
    expect(fake.sent).toEqual([])
  })
})
