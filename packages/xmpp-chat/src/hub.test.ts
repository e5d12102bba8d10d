import { xml } from '@xmpp/client'
import { describe, expect, it } from 'vitest'
import { buildHubCallStanza, createHubTransport, parseHubCall } from './hub.ts'
import type { ChatSession, XmlElement } from './types.ts'
import { NS_CALL } from '@vchat/contract'

function fakeSession() {
  const sent: XmlElement[] = []
  const listeners = new Set<(stanza: XmlElement) => void>()
  const session = {
    send: async (stanza: XmlElement) => {
      sent.push(stanza)
    },
    onStanza: (listener: (stanza: XmlElement) => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  } as unknown as ChatSession
  return { session, sent, deliver: (stanza: XmlElement) => listeners.forEach((l) => l(stanza)) }
}

describe('hub transport', () => {
  it('sends a call action with its JSON body to the hub', async () => {
    const { session, sent } = fakeSession()
    const hub = createHubTransport(session, 'hub.localhost')
    await hub.sendCall('SessionRequest', { callee: 'anchor_200001@localhost' })
    const call = sent[0]?.getChild('call', NS_CALL)
    expect(sent[0]?.attrs.to).toBe('hub.localhost')
    expect(call?.attrs.action).toBe('SessionRequest')
    expect(JSON.parse(call?.text() ?? '')).toEqual({ callee: 'anchor_200001@localhost' })
  })

  it('reports calls from the hub only, with parsed payloads, until unsubscribed', () => {
    const { session, deliver } = fakeSession()
    const hub = createHubTransport(session, 'hub.localhost')
    const seen: unknown[] = []
    const stop = hub.onCall((call) => seen.push(call))
    deliver(xml('message', { from: 'hub.localhost' }, xml('call', { xmlns: NS_CALL, action: 'CallIn' }, '{"sid":"s1"}')))
    deliver(xml('message', { from: 'user_2@localhost/x' }, xml('call', { xmlns: NS_CALL, action: 'CallIn' }, '{}')))
    deliver(xml('message', { from: 'hub.localhost' }, xml('body', {}, 'hi')))
    deliver(xml('message', { from: 'hub.localhost' }, xml('call', { xmlns: NS_CALL, action: 'CallError' }, 'not json')))
    stop()
    deliver(xml('message', { from: 'hub.localhost' }, xml('call', { xmlns: NS_CALL, action: 'CallIn' }, '{}')))
    expect(seen).toEqual([
      { action: 'CallIn', payload: { sid: 's1' }, from: 'hub.localhost' },
      { action: 'CallError', payload: null, from: 'hub.localhost' },
    ])
  })

  it('round-trips through build and parse', () => {
    const stanza = buildHubCallStanza('hub.localhost', 'CallCheck', { sid: 'x' })
    stanza.attrs.from = 'hub.localhost'
    expect(parseHubCall(stanza, 'hub.localhost')).toEqual({ action: 'CallCheck', payload: { sid: 'x' }, from: 'hub.localhost' })
  })
})
