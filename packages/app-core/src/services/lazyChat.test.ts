import { describe, expect, it } from 'vitest'
import { silentLogger } from '../testing/fakeServices'
import { createLazyChat } from './lazyServices'

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
