import { afterEach, describe, expect, it, vi } from 'vitest'
import { parseStanza } from '@vchat/xmpp-chat'
import type { HubCall, HubTransport, XmlElement } from '@vchat/xmpp-chat'
import { fakeChatService, type FakeChat } from '../testing/fakeChat'
import { TAB_REQUEST_TIMEOUT_MS, createSharedChat, type TabChannel, type TabEnv } from './tabShare'
import type { ChatCredentials, ChatEvent, ChatService, Logger } from './types'

const ME = 'user_100001@localhost'
const logger: Logger = { info: () => {}, warn: () => {}, error: () => {} }
const credentials: ChatCredentials = { uid: '100001', jid: ME, vcToken: 'token', getToken: () => 'token', componentInfo: null }

/** One browser: Web Locks and BroadcastChannel as the browser behaves, shared by its tabs. */
function fakeBrowser() {
  interface Held {
    tab: string
    name: string
    release: () => void
    /** Taken by another tab's `steal`: the holder's request rejects with an AbortError. */
    steal: () => void
  }
  const held: Held[] = []
  const waiting: { tab: string; name: string; grant: () => void; signal?: AbortSignal | undefined }[] = []
  const channels = new Set<{ name: string; tab: string; listener: ((data: unknown) => void) | null; closed: boolean }>()
  const grantNext = (name: string) => {
    if (held.some((lock) => lock.name === name)) return
    const next = waiting.find((entry) => entry.name === name)
    if (!next) return
    waiting.splice(waiting.indexOf(next), 1)
    next.grant()
  }
  const tabs = new Map<string, { front: boolean; frontListeners: Set<() => void> }>()
  return {
    /** A new tab of this browser. */
    tab(tabId: string, front = false): TabEnv {
      const tab = { front, frontListeners: new Set<() => void>() }
      tabs.set(tabId, tab)
      return {
        tabId,
        requestLock(name, options, callback) {
          return new Promise((resolve, reject) => {
            const run = () => {
              let release = () => {}
              let steal = () => {}
              const lock: Held = { tab: tabId, name, release: () => release(), steal: () => steal() }
              held.push(lock)
              const done = (settle: () => void, grant = true) => {
                const index = held.indexOf(lock)
                if (index === -1) return
                held.splice(index, 1)
                settle()
                if (grant) grantNext(name)
              }
              release = () => done(() => resolve(undefined))
              steal = () => done(() => reject(new DOMException('stolen', 'AbortError')), false)
              callback({ name }).then(
                () => done(() => resolve(undefined)),
                (error: unknown) => done(() => reject(error)),
              )
            }
            if (options.steal) {
              for (const lock of held.filter((entry) => entry.name === name)) lock.steal()
              return run()
            }
            if (!held.some((lock) => lock.name === name)) return run()
            if (options.ifAvailable) {
              callback(null).then(resolve, reject)
              return
            }
            const entry = { tab: tabId, name, grant: run, signal: options.signal }
            waiting.push(entry)
            options.signal?.addEventListener('abort', () => {
              const index = waiting.indexOf(entry)
              if (index !== -1) waiting.splice(index, 1)
              reject(new DOMException('aborted', 'AbortError'))
            })
          })
        },
        async isHeld(name) {
          return held.some((lock) => lock.name === name)
        },
        openChannel(name): TabChannel {
          const channel = { name, tab: tabId, listener: null as ((data: unknown) => void) | null, closed: false }
          channels.add(channel)
          return {
            postMessage(message) {
              const copy = structuredClone(message)
              for (const other of channels) {
                if (other === channel || other.name !== name) continue
                // Delivered later, never within the sender's own call, like the browser's task queue.
                queueMicrotask(() => {
                  if (!other.closed) other.listener?.(copy)
                })
              }
            },
            listen(listener) {
              channel.listener = listener
            },
            close() {
              channel.closed = true
              channels.delete(channel)
            },
          }
        },
        isFront: () => tab.front,
        onFront(listener) {
          tab.frontListeners.add(listener)
          return () => void tab.frontListeners.delete(listener)
        },
        onLeave: () => () => {},
        parseStanza: async (text) => parseStanza(text),
      }
    },
    /** The tab comes to the front. */
    focus(tabId: string) {
      for (const [id, tab] of tabs) tab.front = id === tabId
      for (const listener of tabs.get(tabId)?.frontListeners ?? []) listener()
    },
    /** The tab's process dies: its locks are released and its channels close, with no goodbye. */
    kill(tabId: string) {
      for (const channel of [...channels]) {
        if (channel.tab !== tabId) continue
        channel.closed = true
        channels.delete(channel)
      }
      for (const entry of [...waiting]) if (entry.tab === tabId) waiting.splice(waiting.indexOf(entry), 1)
      for (const lock of [...held]) if (lock.tab === tabId) lock.release()
    },
  }
}

/** A hub transport over no network: what was sent, and a way to play the hub. */
function fakeHub() {
  const calls = new Set<(call: HubCall) => void>()
  const stanzas = new Set<(stanza: XmlElement) => void>()
  const sent: { action: string; payload: unknown }[] = []
  const sentStanzas: string[] = []
  const hub: HubTransport & { sent: typeof sent; sentStanzas: string[]; play(action: string, payload: unknown): void; incoming(stanza: XmlElement): void } = {
    hubDomain: 'hub.localhost',
    sent,
    sentStanzas,
    async sendCall(action, payload) {
      sent.push({ action, payload })
    },
    onCall(listener) {
      calls.add(listener)
      return () => void calls.delete(listener)
    },
    async send(stanza) {
      sentStanzas.push(stanza.toString())
    },
    onStanza(listener) {
      stanzas.add(listener)
      return () => void stanzas.delete(listener)
    },
    play(action, payload) {
      for (const listener of [...calls]) listener({ action, payload, from: 'hub.localhost' })
    },
    incoming(stanza) {
      for (const listener of [...stanzas]) listener(stanza)
    },
  }
  return hub
}

/** A tab's own messaging service: the in-memory one, with a hub transport once logged in. */
function ownService() {
  const hub = fakeHub()
  const service = fakeChatService({ state: 'idle' })
  const login = vi.spyOn(service, 'login').mockImplementation(async (c) => {
    ;(service as { hubTransport: HubTransport | null }).hubTransport = hub
    service.setState('connected')
    void c
  })
  const logout = vi.spyOn(service, 'logout').mockImplementation(async () => {
    ;(service as { hubTransport: HubTransport | null }).hubTransport = null
    service.setState('idle')
  })
  return { service, hub, login, logout }
}

/** Lets every message in flight between the tabs (and what it sets off) be handled: no clock involved. */
const settle = async () => {
  for (let i = 0; i < 200; i += 1) await Promise.resolve()
}

function events(chat: ChatService) {
  const seen: ChatEvent[] = []
  chat.subscribe((event) => seen.push(event))
  return seen
}

function callsOf(chat: ChatService) {
  const seen: string[] = []
  chat.hubTransport?.onCall((call) => seen.push(call.action))
  return seen
}

const opened: ChatService[] = []
afterEach(async () => {
  for (const chat of opened.splice(0)) await chat.logout()
  vi.useRealTimers()
})

async function openTab(browser: ReturnType<typeof fakeBrowser>, tabId: string, front = false) {
  const own = ownService()
  const chat = createSharedChat(own.service, browser.tab(tabId, front), logger)
  opened.push(chat)
  await chat.login(credentials)
  await settle()
  return { chat, own: own as { service: FakeChat; hub: ReturnType<typeof fakeHub>; login: typeof own.login; logout: typeof own.logout } }
}

describe('createSharedChat: one connection for the tabs of one account', () => {
  it('without Web Locks or BroadcastChannel the tab runs its own service', () => {
    const { service } = ownService()
    expect(createSharedChat(service, null, logger)).toBe(service)
  })

  it('the first tab logs in; a second tab follows it instead of opening a session that would replace the first', async () => {
    const browser = fakeBrowser()
    const a = await openTab(browser, 'a')
    const b = await openTab(browser, 'b')
    expect(a.own.login).toHaveBeenCalledTimes(1)
    expect(b.own.login).not.toHaveBeenCalled()
    expect(a.chat.state).toBe('connected')
    expect(b.chat.state).toBe('connected')
    expect(b.chat.jid).toBe(ME)
  })

  it("a follower's reads and sends run on the leader's session, and every event reaches the follower", async () => {
    const browser = fakeBrowser()
    const a = await openTab(browser, 'a')
    const b = await openTab(browser, 'b')
    const seenByB = events(b.chat)
    const sent = await b.chat.send({ to: 'user_200001@localhost', content: 'hello from tab b' })
    expect(sent).toMatchObject({ content: 'hello from tab b', state: 'sending' })
    expect(a.own.service.sent).toEqual([{ mid: sent.mid, to: 'user_200001@localhost', content: 'hello from tab b' }])
    await settle()
    // The leader's own update (sent → success) reached the follower.
    expect(seenByB).toContainEqual({ kind: 'update', message: expect.objectContaining({ mid: sent.mid, state: 'success' }) })
    const threads = await b.chat.listThreads()
    expect(threads.map((thread) => thread.tid)).toEqual(['user_200001@localhost'])
    await expect(b.chat.loadThread('user_200001@localhost')).resolves.toHaveLength(1)
    a.own.service.deliver({ mid: 'in-1', from: 'user_200001@localhost', to: ME, date: Date.now(), type: 0, content: 'hi both' })
    await settle()
    expect(seenByB).toContainEqual({ kind: 'message', message: expect.objectContaining({ mid: 'in-1', content: 'hi both' }) })
  })

  it('a message written while the login settles the tab’s role waits for it: the first tab sends it itself, a second tab through the leader', async () => {
    const browser = fakeBrowser()
    /** A tab whose own service refuses writes until its own login has started (as the real one does), writing as its login starts. */
    const tabWritingAtLogin = async (tabId: string, content: string) => {
      const own = ownService()
      const send = own.service.send.bind(own.service)
      vi.spyOn(own.service, 'send').mockImplementation(async (message) => {
        if (own.login.mock.calls.length === 0) throw new Error('need login')
        return send(message)
      })
      const chat = createSharedChat(own.service, browser.tab(tabId), logger)
      opened.push(chat)
      const login = chat.login(credentials)
      const written = chat.send({ to: 'user_200001@localhost', content })
      await login
      await expect(written).resolves.toMatchObject({ content })
      return own
    }
    const ownA = await tabWritingAtLogin('a', 'first tab, right after load')
    const ownB = await tabWritingAtLogin('b', 'second tab, right after load')
    expect(ownA.service.sent.map((message) => message.content)).toEqual(['first tab, right after load', 'second tab, right after load'])
    expect(ownB.service.sent).toEqual([])
  })

  it("what the leader relays in one task reaches the follower in order as one message; archive results stay with the leader", async () => {
    const browser = fakeBrowser()
    const own = ownService()
    const env = browser.tab('a')
    const posted: unknown[] = []
    const leader = createSharedChat(
      own.service,
      {
        ...env,
        openChannel(name) {
          const channel = env.openChannel(name)
          return { ...channel, postMessage: (message) => (posted.push(message), channel.postMessage(message)) }
        },
      },
      logger,
    )
    opened.push(leader)
    await leader.login(credentials)
    await settle()
    const b = await openTab(browser, 'b')
    const seenByB = events(b.chat)
    const seenStanzas: string[] = []
    b.chat.hubTransport?.onStanza((stanza) => seenStanzas.push(stanza.toString()))
    posted.length = 0
    // A stored page: a hundred messages reported in one task, then a hub stanza in the same task.
    for (let i = 0; i < 100; i += 1) own.service.deliver({ mid: `in-${i}`, from: 'user_200001@localhost', to: ME, date: 1_000 + i, type: 0, content: `page ${i}` })
    // An archive result answers the leader's own query: only the leader's listeners hear it.
    const result = parseStanza('<message><result xmlns="urn:xmpp:mam:2" queryid="q1" id="a1"/></message>')
    const seenByLeader: string[] = []
    leader.hubTransport?.onStanza((stanza) => seenByLeader.push(stanza.toString()))
    own.hub.incoming(result)
    own.hub.incoming(parseStanza('<message from="hub.localhost"><body>after the page</body></message>'))
    await settle()
    expect(posted.map((message) => (message as { t: string }).t)).toEqual(['batch'])
    expect(seenByB.filter((event) => event.kind === 'message').map((event) => (event.kind === 'message' ? event.message.mid : ''))).toEqual(Array.from({ length: 100 }, (_, i) => `in-${i}`))
    expect(seenStanzas).toEqual(['<message from="hub.localhost"><body>after the page</body></message>'])
    expect(seenByLeader).toEqual([result.toString(), '<message from="hub.localhost"><body>after the page</body></message>'])
  })

  it("a leader's refusal reaches the follower as the same error (a gift the gems do not cover)", async () => {
    const browser = fakeBrowser()
    const a = await openTab(browser, 'a')
    const b = await openTab(browser, 'b')
    a.own.service.gemsBalance = 10
    const refused = await b.chat.buyGift({ to: 'user_200001@localhost', gift: 'rose', price: 99 }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(Error)
    expect(refused).toMatchObject({ message: 'xmpp send iq error', gemsInsufficient: true })
    await expect(b.chat.retry('unknown')).resolves.toBeUndefined()
  })

  it('when the leader signs out of this tab, the next tab in line logs in and serves the rest', async () => {
    const browser = fakeBrowser()
    const a = await openTab(browser, 'a')
    const b = await openTab(browser, 'b')
    const c = await openTab(browser, 'c')
    await a.chat.logout()
    await settle()
    expect(a.own.logout).toHaveBeenCalled()
    expect(b.own.login).toHaveBeenCalledTimes(1)
    expect(c.own.login).not.toHaveBeenCalled()
    expect(b.chat.state).toBe('connected')
    await c.chat.send({ to: 'user_200002@localhost', content: 'via the new leader' })
    expect(b.own.service.sent).toEqual([expect.objectContaining({ to: 'user_200002@localhost', content: 'via the new leader' })])
  })

  it("a leader tab killed without unload hands over too (the browser releases a dead tab's locks)", async () => {
    const browser = fakeBrowser()
    await openTab(browser, 'a')
    const b = await openTab(browser, 'b')
    browser.kill('a')
    await settle()
    expect(b.own.login).toHaveBeenCalledTimes(1)
    expect(b.chat.state).toBe('connected')
    await expect(b.chat.send({ to: 'user_200001@localhost', content: 'still here' })).resolves.toMatchObject({ content: 'still here' })
  })

  it('a leader that stops answering (its page frozen) loses the lead: the follower takes it, runs what it asked itself, and the old leader steps down', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const browser = fakeBrowser()
    const a = await openTabFake(browser, 'a')
    const b = await openTabFake(browser, 'b')
    // The leader hangs: nothing it is asked is answered.
    vi.spyOn(a.service, 'send').mockImplementation(() => new Promise(() => {}))
    const sending = b.chat.send({ to: 'user_200001@localhost', content: 'typed while the other tab hangs' })
    await vi.advanceTimersByTimeAsync(TAB_REQUEST_TIMEOUT_MS)
    await expect(sending).resolves.toMatchObject({ content: 'typed while the other tab hangs' })
    // The message went out once, from the tab that took over.
    expect(b.service.sent).toEqual([expect.objectContaining({ content: 'typed while the other tab hangs' })])
    expect(b.chat.state).toBe('connected')
    // The old leader noticed: its own session is closed (no two sessions on one resource), and it follows.
    await vi.advanceTimersByTimeAsync(10)
    expect(a.service.state).toBe('idle')
    expect(a.chat.state).toBe('connected')
    expect(a.login).toHaveBeenCalledTimes(1)
  })

  it('a send asked of a leader that dies before answering is asked of the next leader, and goes out once', async () => {
    const browser = fakeBrowser()
    const a = await openTab(browser, 'a')
    const b = await openTab(browser, 'b')
    const c = await openTab(browser, 'c')
    // The leader stores nothing and answers nothing, then dies.
    vi.spyOn(a.own.service, 'send').mockImplementation(() => new Promise(() => {}))
    const sending = c.chat.send({ to: 'user_200001@localhost', content: 'across a hand-over' })
    await settle()
    browser.kill('a')
    await settle()
    await expect(sending).resolves.toMatchObject({ content: 'across a hand-over' })
    expect(b.own.service.sent).toEqual([expect.objectContaining({ content: 'across a hand-over' })])
    expect(c.own.service.sent).toEqual([])
  })

  it('a follower that signs out leaves the line: it never takes the lead afterwards', async () => {
    const browser = fakeBrowser()
    const a = await openTab(browser, 'a')
    const b = await openTab(browser, 'b')
    await b.chat.logout()
    expect(b.chat.state).toBe('idle')
    await a.chat.logout()
    await settle()
    expect(b.own.login).not.toHaveBeenCalled()
    expect(b.chat.state).toBe('idle')
  })
})

async function openTabFake(browser: ReturnType<typeof fakeBrowser>, tabId: string) {
  const own = ownService()
  const chat = createSharedChat(own.service, browser.tab(tabId), logger)
  opened.push(chat)
  await chat.login(credentials)
  await vi.advanceTimersByTimeAsync(10)
  return { chat, service: own.service, login: own.login }
}

describe('calls across tabs', () => {
  it('an incoming call rings only in the tab in front, and its messages stay with that tab', async () => {
    const browser = fakeBrowser()
    const a = await openTab(browser, 'a')
    const b = await openTab(browser, 'b')
    const ringsA = callsOf(a.chat)
    const ringsB = callsOf(b.chat)
    browser.focus('b')
    await settle()
    a.own.hub.play('CallIn', { sid: 's1', caller: 'user_200001@localhost', price: 60 })
    await settle()
    expect(ringsB).toEqual(['CallIn'])
    expect(ringsA).toEqual([])
    await b.chat.hubTransport?.sendCall('CallAccept', { sid: 's1' })
    expect(a.own.hub.sent).toEqual([{ action: 'CallAccept', payload: { sid: 's1' } }])
    a.own.hub.play('WebRTCContent', { sid: 's1', step: 'offer' })
    a.own.hub.play('SessionTerminate', { sid: 's1' })
    await settle()
    expect(ringsB).toEqual(['CallIn', 'WebRTCContent', 'SessionTerminate'])
    expect(ringsA).toEqual([])
  })

  it("the hub's answer to a call a follower started goes to that follower; messages about no call reach every tab", async () => {
    const browser = fakeBrowser()
    const a = await openTab(browser, 'a')
    const b = await openTab(browser, 'b')
    const seenA = callsOf(a.chat)
    const seenB = callsOf(b.chat)
    await b.chat.hubTransport?.sendCall('SessionRequest', { callee: 'user_200001@localhost' })
    a.own.hub.play('SessionSuccess', { sid: 's2', gemsBalance: 440 })
    a.own.hub.play('PeerAnswered', { sid: 's2' })
    a.own.hub.play('ReChargeSuccess', { gemsBalance: 1440 })
    await settle()
    expect(seenB).toEqual(['SessionSuccess', 'PeerAnswered', 'ReChargeSuccess'])
    expect(seenA).toEqual(['ReChargeSuccess'])
  })

  it('a ring meant for a front tab that was killed rings in the leader instead of nowhere', async () => {
    const browser = fakeBrowser()
    const a = await openTab(browser, 'a')
    const b = await openTab(browser, 'b')
    browser.focus('b')
    await settle()
    const ringsA = callsOf(a.chat)
    callsOf(b.chat)
    browser.kill('b')
    a.own.hub.play('CallIn', { sid: 's3', caller: 'user_200001@localhost', price: 60 })
    await settle()
    expect(ringsA).toEqual(['CallIn'])
  })

  it('raw stanzas reach the follower, and a follower sends raw stanzas through the leader', async () => {
    const browser = fakeBrowser()
    const a = await openTab(browser, 'a')
    const b = await openTab(browser, 'b')
    const seen: string[] = []
    b.chat.hubTransport?.onStanza((stanza) => seen.push(stanza.toString()))
    const bounce = parseStanza('<message type="error" from="user_200001@localhost"><body>a &amp; b</body></message>')
    a.own.hub.incoming(bounce)
    await settle()
    expect(seen).toEqual([bounce.toString()])
    await b.chat.hubTransport?.send(parseStanza('<presence/>'))
    expect(a.own.hub.sentStanzas).toEqual(['<presence/>'])
  })
})
