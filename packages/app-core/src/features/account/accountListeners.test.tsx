import { act, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { HubTransport, XmlElement } from '@vchat/xmpp-chat'
import { CALL_ERROR_BLOCKED, FILTER_ERROR_BLOCKED, NS_FILTER } from '@vchat/contract'
import { demoConfig } from '../../testing/fakeServices'
import { fakeChatService } from '../../testing/fakeChat'
import { fakeServices } from '../../testing/fakeServices'
import { renderApp } from '../../testing/renderApp'
import { isBlockedBounce, isBlockedCallError } from './accountListeners'

const USER = { uid: '100001', jid: 'user_100001@localhost', vcToken: 't', role: 2, nickName: 'Demo', name: 'Demo' }
const STANZAS = 'urn:ietf:params:xml:ns:xmpp-stanzas'

/** A minimal XML element with the lookups the app uses (what @xmpp/client hands over). */
function xml(name: string, attrs: Record<string, string>, ...children: (XmlElement | string)[]): XmlElement {
  const elements = () => children.filter((child): child is XmlElement => typeof child !== 'string')
  const matches = (child: XmlElement, wanted: string, xmlns?: string) => child.name === wanted && (xmlns === undefined || child.attrs.xmlns === xmlns)
  const element: XmlElement = {
    name,
    attrs,
    children,
    getChild: (wanted, xmlns) => elements().find((child) => matches(child, wanted, xmlns)),
    getChildren: (wanted, xmlns) => elements().filter((child) => matches(child, wanted, xmlns)),
    getChildText: (wanted, xmlns) => element.getChild(wanted, xmlns)?.text() ?? null,
    text: () => children.filter((child): child is string => typeof child === 'string').join(''),
    toString: () => `<${name}/>`,
  }
  return element
}

/** What mod_vchat_filter sends back for a blocked account's message. */
function blockedBounce(id: string): XmlElement {
  return xml(
    'message',
    { type: 'error', id, from: 'anchor_200001@localhost', to: `${USER.jid}/web_fachat` },
    xml('error', { type: 'auth' }, xml('forbidden', { xmlns: STANZAS }), xml('text', { xmlns: STANZAS }, 'blocked'), xml(FILTER_ERROR_BLOCKED, { xmlns: NS_FILTER })),
  )
}

function fakeTransport() {
  const stanzaListeners = new Set<(stanza: XmlElement) => void>()
  const callListeners = new Set<(call: { action: string; payload: unknown; from: string }) => void>()
  return {
    transport: {
      hubDomain: 'hub.localhost',
      sendCall: async () => {},
      send: async () => {},
      onCall(listener: (call: { action: string; payload: unknown; from: string }) => void) {
        callListeners.add(listener)
        return () => callListeners.delete(listener)
      },
      onStanza(listener: (stanza: XmlElement) => void) {
        stanzaListeners.add(listener)
        return () => stanzaListeners.delete(listener)
      },
    },
    listening: () => stanzaListeners.size,
    stanza(stanza: XmlElement) {
      act(() => stanzaListeners.forEach((listener) => listener(stanza)))
    },
    call(action: string, payload: unknown) {
      act(() => callListeners.forEach((listener) => listener({ action, payload, from: 'hub.localhost' })))
    },
  }
}

describe('recognising the server refusing a blocked account', () => {
  it('a bounced message carrying <blocked/> is one; other errors are not', () => {
    expect(isBlockedBounce(blockedBounce('m-1'))).toBe(true)
    const otherError = xml('message', { type: 'error', id: 'm-2' }, xml('error', { type: 'cancel' }, xml('service-unavailable', { xmlns: STANZAS })))
    expect(isBlockedBounce(otherError)).toBe(false)
    expect(isBlockedBounce(xml('message', { type: 'chat' }, xml('body', {}, 'hi')))).toBe(false)
  })

  it("CallError 'blocked' is one; other call errors are not", () => {
    expect(isBlockedCallError({ action: 'CallError', payload: { reason: CALL_ERROR_BLOCKED } })).toBe(true)
    expect(isBlockedCallError({ action: 'CallError', payload: { reason: 'timeOut' } })).toBe(false)
    expect(isBlockedCallError({ action: 'SessionFail', payload: { reason: CALL_ERROR_BLOCKED } })).toBe(false)
    expect(isBlockedCallError({ action: 'CallError', payload: null })).toBe(false)
  })
})

describe('a block set while signed in', () => {
  async function signedIn() {
    const hub = fakeTransport()
    const chat = fakeChatService({ me: USER.jid })
    ;(chat as { hubTransport: HubTransport | null }).hubTransport = hub.transport as unknown as HubTransport
    let blocked = false
    const getConfig = vi.fn(async () => {
      const config = structuredClone(demoConfig)
      config.mainInfo.blockInfo = blocked ? { blocked: true, reason: 'Spam reports' } : { blocked: false, reason: '' }
      return config
    })
    const services = fakeServices({ chat, api: { getConfig } })
    const app = await renderApp({ path: '/message', services, preloadedState: { auth: { user: USER }, config: { info: structuredClone(demoConfig) } } as never })
    await waitFor(() => expect(hub.listening()).toBeGreaterThan(0))
    return { ...app, hub, getConfig, block: () => (blocked = true) }
  }

  it('a bounced message loads the config again and the chat shows why the account cannot chat', async () => {
    const { hub, getConfig, block } = await signedIn()
    expect(screen.queryByTestId('blocked-guard')).toBeNull()
    block()
    hub.stanza(blockedBounce('m-1'))
    const guard = await screen.findByTestId('blocked-guard')
    expect(guard.textContent).toContain('Reason: Spam reports')
    expect(getConfig).toHaveBeenCalledTimes(1)
    // Once blockInfo says blocked, further refusals change nothing.
    hub.stanza(blockedBounce('m-2'))
    hub.call('CallError', { reason: CALL_ERROR_BLOCKED })
    expect(getConfig).toHaveBeenCalledTimes(1)
  })

  it("a call refused with CallError 'blocked' loads the config again", async () => {
    const { hub, getConfig, block, store } = await signedIn()
    block()
    hub.call('CallError', { reason: CALL_ERROR_BLOCKED })
    await waitFor(() => expect(store.getState().config.info?.mainInfo.blockInfo).toEqual({ blocked: true, reason: 'Spam reports' }))
    expect(getConfig).toHaveBeenCalledTimes(1)
  })

  it('unrelated errors and call errors leave the config alone', async () => {
    const { hub, getConfig } = await signedIn()
    hub.stanza(xml('message', { type: 'error', id: 'm-3' }, xml('error', { type: 'cancel' }, xml('service-unavailable', { xmlns: STANZAS }))))
    hub.call('CallError', { reason: 'sidNonExistent' })
    expect(getConfig).not.toHaveBeenCalled()
  })
})
