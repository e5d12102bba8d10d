import { xml } from '@xmpp/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createChatSession } from './createChatSession.ts'
import {
  ERROR_NEED_LOGIN,
  ERROR_NULL_JID,
  ERROR_TIME_OUT,
  ERROR_XMPP_NOT_CONNECTED,
  LOGIN_TIMEOUT_MS,
  PING_TIMEOUT_MS,
  PRESENCE_HEARTBEAT_MS,
  PRESENCE_HOLD_MAX_MS,
  RECONNECT_CHECK_MS,
  RECONNECT_FIRST_CHECK_MS,
  RECONNECT_SECOND_CHECK_MS,
  RESOURCE,
} from './constants.ts'
import { FakeClient } from './test-utils/fakeClient.ts'
import type { ChatSessionOptions, ConnectionState, ReadyEvent, SessionTimers } from './types.ts'

function setup(overrides: Partial<ChatSessionOptions> = {}) {
  const clients: FakeClient[] = []
  let tokenCount = 0
  const getCredentials = vi.fn(async () => ({ username: 'user_100001', password: `token-${++tokenCount}` }))
  const session = createChatSession({
    service: 'ws://localhost:5280/xmpp-websocket',
    domain: 'localhost',
    getCredentials,
    clientFactory: (options) => {
      const fake = new FakeClient(options)
      clients.push(fake)
      return fake
    },
    ...overrides,
  })
  const states: ConnectionState[] = []
  session.onStateChange((state) => states.push(state))
  const ready: ReadyEvent[] = []
  session.onReady((event) => ready.push(event))
  const client = (): FakeClient => {
    const last = clients.at(-1)
    if (!last) throw new Error('no client created')
    return last
  }
  return { session, clients, client, states, ready, getCredentials }
}

/** Sets how the attempts of the client (created at login) end, from the first one on. */
function prepareFailing(s: ReturnType<typeof setup>, outcome: FakeClient['nextOutcome']) {
  const off = s.session.onStateChange((state) => {
    if (state !== 'connecting') return
    s.client().nextOutcome = outcome
    off()
  })
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('login', () => {
  it('goes connecting → connected, authenticates with PLAIN and the vcToken, sends presence', async () => {
    const s = setup()
    await s.session.login()

    expect(s.states).toEqual(['connecting', 'connected'])
    expect(s.session.state).toBe('connected')
    expect(s.session.jid).toBe(`user_100001@localhost/${RESOURCE}`)
    expect(s.client().options.resource).toBe('web_fachat')
    expect(s.client().authentications).toEqual([{ username: 'user_100001', password: 'token-1', mechanism: 'PLAIN' }])
    expect(s.client().builtInReconnectStopped).toBe(true)
    expect(s.client().presences()).toBe(1)
    expect(s.ready).toMatchObject([{ resumed: false, jid: 'user_100001@localhost/web_fachat' }])
    // The credentials fetched by login() serve the first authentication: one call only.
    expect(s.getCredentials).toHaveBeenCalledTimes(1)
  })

  it('resolves at once when already connected', async () => {
    const s = setup()
    await s.session.login()
    await s.session.login()
    expect(s.clients).toHaveLength(1)
    expect(s.client().startCalls).toBe(1)
  })

  it("rejects with 'null jid' when the username is missing, without connecting", async () => {
    const s = setup({ getCredentials: async () => ({ username: '', password: 'x' }) })
    await expect(s.session.login()).rejects.toThrow(ERROR_NULL_JID)
    expect(s.clients).toHaveLength(0)
    expect(s.session.state).toBe('idle')
  })

  it("rejects with 'time out' after 10 s without an answer", async () => {
    const s = setup()
    prepareFailing(s, 'hang')
    const result = s.session.login().then(
      () => 'resolved',
      (error: Error) => error.message,
    )
    await vi.advanceTimersByTimeAsync(LOGIN_TIMEOUT_MS - 1)
    expect(s.session.state).toBe('connecting')
    await vi.advanceTimersByTimeAsync(1)
    expect(await result).toBe(ERROR_TIME_OUT)
    expect(s.session.state).toBe('failed')
    // The half-open connection is stopped so that the next attempt starts cleanly.
    expect(s.client().stopCalls).toBeGreaterThanOrEqual(1)
  })

  it('rejects with the server refusal and runs reconnect checks at 0.5 s and 3.5 s, then every 10 s', async () => {
    const s = setup()
    const refused = Object.assign(new Error('not-authorized'), { condition: 'not-authorized' })
    prepareFailing(s, refused)
    await expect(s.session.login()).rejects.toMatchObject({ condition: 'not-authorized' })
    expect(s.session.state).toBe('failed')
    expect(s.client().startCalls).toBe(1)

    await vi.advanceTimersByTimeAsync(RECONNECT_FIRST_CHECK_MS - 1)
    expect(s.client().startCalls).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(s.client().startCalls).toBe(2)

    await vi.advanceTimersByTimeAsync(RECONNECT_SECOND_CHECK_MS - 1)
    expect(s.client().startCalls).toBe(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(s.client().startCalls).toBe(3)

    // A failing check does not re-arm the quick checks; the 10 s check goes on.
    await vi.advanceTimersByTimeAsync(RECONNECT_CHECK_MS - RECONNECT_FIRST_CHECK_MS - RECONNECT_SECOND_CHECK_MS - 1)
    expect(s.client().startCalls).toBe(3)
    await vi.advanceTimersByTimeAsync(1)
    expect(s.client().startCalls).toBe(4)
    expect(s.session.state).toBe('failed')
  })

  it('connects on a later check and asks for a fresh token', async () => {
    const s = setup()
    prepareFailing(s, new Error('socket error'))
    await expect(s.session.login()).rejects.toThrow('socket error')
    s.client().nextOutcome = 'online'
    await vi.advanceTimersByTimeAsync(RECONNECT_FIRST_CHECK_MS)
    expect(s.session.state).toBe('connected')
    expect(s.client().authentications.map((a) => a.password)).toEqual(['token-2'])
  })
})

describe('initial presence', () => {
  it('waits for what a ready listener holds it for, then goes once', async () => {
    const s = setup()
    let release: () => void = () => {}
    s.session.onReady((event) => event.holdPresence(new Promise<void>((resolve) => (release = resolve))))
    await s.session.login()
    expect(s.client().presences()).toBe(0)
    release()
    await vi.advanceTimersByTimeAsync(0)
    expect(s.client().presences()).toBe(1)
    await vi.advanceTimersByTimeAsync(PRESENCE_HOLD_MAX_MS)
    expect(s.client().presences()).toBe(1)
  })

  it('goes after PRESENCE_HOLD_MAX_MS when the hold never settles, and a failed hold does not keep it back', async () => {
    const s = setup()
    s.session.onReady((event) => event.holdPresence(new Promise<void>(() => {})))
    await s.session.login()
    await vi.advanceTimersByTimeAsync(PRESENCE_HOLD_MAX_MS - 1)
    expect(s.client().presences()).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(s.client().presences()).toBe(1)

    const t = setup()
    t.session.onReady((event) => event.holdPresence(Promise.reject(new Error('store closed'))))
    await t.session.login()
    await vi.advanceTimersByTimeAsync(0)
    expect(t.client().presences()).toBe(1)
  })
})

describe('while connected', () => {
  it('sends presence every 10 s', async () => {
    const s = setup()
    await s.session.login()
    expect(s.client().presences()).toBe(1)
    await vi.advanceTimersByTimeAsync(PRESENCE_HEARTBEAT_MS - 1)
    expect(s.client().presences()).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(s.client().presences()).toBe(2)
    await vi.advanceTimersByTimeAsync(PRESENCE_HEARTBEAT_MS)
    expect(s.client().presences()).toBe(3)
  })

  it('pings on the 10 s check; no answer within 2 s disconnects and reconnects', async () => {
    const s = setup()
    await s.session.login()
    s.client().pingMode = 'silent'
    await vi.advanceTimersByTimeAsync(RECONNECT_CHECK_MS)
    expect(s.client().pings).toBe(1)
    expect(s.session.state).toBe('connected')
    await vi.advanceTimersByTimeAsync(PING_TIMEOUT_MS - 1)
    expect(s.session.state).toBe('connected')
    await vi.advanceTimersByTimeAsync(1)
    expect(s.session.state).toBe('disconnected')
    await vi.advanceTimersByTimeAsync(RECONNECT_FIRST_CHECK_MS)
    expect(s.client().reconnectCalls).toBe(1)
    expect(s.session.state).toBe('connected')
  })

  it("ping() resolves on an answer and rejects with 'time out' after 2 s", async () => {
    const s = setup()
    await s.session.login()
    await expect(s.session.ping()).resolves.toBeUndefined()
    const sentPing = s.client().sent.at(-1)
    expect(sentPing?.attrs).toMatchObject({ type: 'get', to: 'localhost' })
    expect(sentPing?.getChild('ping', 'urn:xmpp:ping')).toBeDefined()

    s.client().pingMode = 'silent'
    const result = s.session.ping().catch((error: Error) => error.message)
    await vi.advanceTimersByTimeAsync(PING_TIMEOUT_MS)
    expect(await result).toBe(ERROR_TIME_OUT)
    expect(s.session.state).toBe('disconnected')
  })

  it('sends stanzas through the client', async () => {
    const s = setup()
    await s.session.login()
    const message = xml('message', { to: 'anchor_200001@localhost', type: 'chat', id: 'm1' }, xml('body', {}, 'hi'))
    await s.session.send(message)
    expect(s.client().sent).toContain(message)
  })

  it('passes incoming stanzas and client errors to listeners', async () => {
    const s = setup()
    const stanzas: string[] = []
    const errors: string[] = []
    s.session.onStanza((stanza) => stanzas.push(stanza.name))
    s.session.onError((error) => errors.push(error.message))
    await s.session.login()
    s.client().emit('stanza', xml('message', { type: 'chat' }))
    s.client().emit('error', new Error('stream error'))
    expect(stanzas).toEqual(['message'])
    expect(errors).toEqual(['stream error'])
  })
})

describe('disconnect and resume', () => {
  it('checks 0.5 s after a drop and resumes the stream (resumed, not online)', async () => {
    const s = setup()
    await s.session.login()
    s.client().drop()
    expect(s.session.state).toBe('disconnected')
    expect(s.session.jid).toBeNull()

    await vi.advanceTimersByTimeAsync(RECONNECT_FIRST_CHECK_MS - 1)
    expect(s.client().reconnectCalls).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(s.client().reconnectCalls).toBe(1)
    expect(s.session.state).toBe('connected')
    expect(s.ready.at(-1)).toMatchObject({ resumed: true, jid: 'user_100001@localhost/web_fachat' })
    expect(s.states).toEqual(['connecting', 'connected', 'disconnected', 'connecting', 'connected'])
    // A resumed session keeps its presence; no fresh login, no new token.
    expect(s.client().presences()).toBe(1)
    expect(s.getCredentials).toHaveBeenCalledTimes(1)
  })

  it('logs in again with a fresh token when the resume is refused', async () => {
    const s = setup()
    await s.session.login()
    s.client().resumeOnReconnect = false
    s.client().drop()
    await vi.advanceTimersByTimeAsync(RECONNECT_FIRST_CHECK_MS)
    expect(s.session.state).toBe('connected')
    expect(s.ready.at(-1)?.resumed).toBe(false)
    expect(s.client().authentications.map((a) => a.password)).toEqual(['token-1', 'token-2'])
  })

  it('tries again 3 s after the first check when that one fails', async () => {
    const s = setup()
    await s.session.login()
    s.client().nextOutcome = new Error('network down')
    s.client().drop()
    await vi.advanceTimersByTimeAsync(RECONNECT_FIRST_CHECK_MS)
    expect(s.client().reconnectCalls).toBe(1)
    expect(s.session.state).toBe('failed')
    s.client().nextOutcome = 'online'
    await vi.advanceTimersByTimeAsync(RECONNECT_SECOND_CHECK_MS)
    expect(s.session.state).toBe('connected')
  })

  it('failed reconnect attempts keep the resumption state: a later check resumes, nothing is reported lost', async () => {
    const s = setup({
      clientFactory: (options) => {
        const fake = new FakeClient(options)
        fake.smSupported = true
        s.clients.push(fake)
        return fake
      },
    })
    const lost: string[] = []
    s.session.onAckFailed((stanza) => lost.push(String(stanza.attrs.id)))
    await s.session.login()
    await vi.advanceTimersByTimeAsync(0)
    await s.session.send(xml('message', { to: 'peer@localhost', type: 'chat', id: 'm1' }, xml('body', {}, 'hi')))
    // The network goes: reconnects are refused at 0.5 s and 3.5 s, and one hangs until the 10 s time-out.
    s.client().nextOutcome = new Error('network down')
    s.client().drop()
    await vi.advanceTimersByTimeAsync(RECONNECT_FIRST_CHECK_MS + RECONNECT_SECOND_CHECK_MS)
    expect(s.client().reconnectCalls).toBe(2)
    s.client().nextOutcome = 'hang'
    await vi.advanceTimersByTimeAsync(RECONNECT_CHECK_MS + LOGIN_TIMEOUT_MS)
    expect(s.session.state).toBe('failed')
    expect(s.client().stopCalls).toBe(0)
    // The network is back: the next check resumes the session the server kept.
    s.client().nextOutcome = 'online'
    await vi.advanceTimersByTimeAsync(RECONNECT_CHECK_MS)
    expect(s.session.state).toBe('connected')
    expect(s.ready.at(-1)?.resumed).toBe(true)
    expect(s.client().startCalls).toBe(1)
    expect(lost).toEqual([])
    // @xmpp/client re-sent the unacknowledged message on resume.
    expect(s.client().messages().map((m) => m.attrs.id)).toEqual(['m1', 'm1'])
  })

  it("rejects send() with 'xmpp not connected' while disconnected", async () => {
    const s = setup()
    await s.session.login()
    s.client().drop()
    await expect(s.session.send(xml('presence'))).rejects.toThrow(ERROR_XMPP_NOT_CONNECTED)
  })
})

describe('before login and after logout', () => {
  it("rejects send() and ping() with 'need login' before login", async () => {
    const s = setup()
    await expect(s.session.send(xml('presence'))).rejects.toThrow(ERROR_NEED_LOGIN)
    await expect(s.session.ping()).rejects.toThrow(ERROR_NEED_LOGIN)
    expect(s.session.state).toBe('idle')
  })

  it('logout always stops the client, returns to idle and stops every timer', async () => {
    const s = setup()
    await s.session.login()
    const client = s.client()
    await s.session.logout()
    expect(client.stopCalls).toBe(1)
    expect(client.status).toBe('offline')
    expect(s.session.state).toBe('idle')
    const presences = client.presences()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(client.presences()).toBe(presences)
    expect(client.startCalls).toBe(1)
    expect(client.pings).toBe(0)
    await expect(s.session.send(xml('presence'))).rejects.toThrow(ERROR_XMPP_NOT_CONNECTED)
  })

  it('logout during a hanging login stops retrying', async () => {
    const s = setup()
    prepareFailing(s, 'hang')
    const pending = s.session.login().catch((error: Error) => error.message)
    await vi.advanceTimersByTimeAsync(100)
    await s.session.logout()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(await pending).toBe(ERROR_TIME_OUT)
    expect(s.session.state).toBe('idle')
    expect(s.client().startCalls).toBe(1)
  })

  it('a login still under way at logout fails later without an unhandled error', async () => {
    const s = setup()
    prepareFailing(s, 'hang')
    const errors: Error[] = []
    s.session.onError((error) => errors.push(error))
    const pending = s.session.login().catch((error: Error) => error.message)
    await vi.advanceTimersByTimeAsync(100)
    const client = s.client()
    await s.session.logout()
    // @xmpp/client reports the abandoned attempt's failure (its SASL step timing out, the token
    // fetch failing) as an 'error' event: with no listener Node's EventEmitter throws it.
    expect(() => client.emit('error', new Error('TimeoutError'))).not.toThrow()
    expect(errors).toEqual([])
    await vi.advanceTimersByTimeAsync(LOGIN_TIMEOUT_MS)
    expect(await pending).toBe(ERROR_TIME_OUT)
  })

  it('a new login after logout uses a new client', async () => {
    const s = setup()
    await s.session.login()
    await s.session.logout()
    await s.session.login()
    expect(s.clients).toHaveLength(2)
    expect(s.session.state).toBe('connected')
  })
})

describe('timers', () => {
  it('uses injected timers', async () => {
    vi.useRealTimers()
    const scheduled: Array<{ kind: string; ms: number }> = []
    const timers: SessionTimers = {
      setTimeout: (_callback, ms) => {
        scheduled.push({ kind: 'timeout', ms })
        return scheduled.length
      },
      clearTimeout: () => {},
      setInterval: (_callback, ms) => {
        scheduled.push({ kind: 'interval', ms })
        return scheduled.length
      },
      clearInterval: () => {},
    }
    const s = setup({ timers })
    await s.session.login()
    expect(scheduled).toEqual([
      { kind: 'interval', ms: RECONNECT_CHECK_MS },
      { kind: 'timeout', ms: LOGIN_TIMEOUT_MS },
      { kind: 'interval', ms: PRESENCE_HEARTBEAT_MS },
    ])
  })

  it('state listeners can unsubscribe', async () => {
    const s = setup()
    const seen: ConnectionState[] = []
    const off = s.session.onStateChange((state) => seen.push(state))
    off()
    await s.session.login()
    expect(seen).toEqual([])
  })
})
