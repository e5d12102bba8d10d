import type { HubCall, HubTransport, XmlElement } from '@vchat/xmpp-chat'
import { archiveResultOf } from '@vchat/xmpp-chat/wire'
import type { ChatConnectionState, ChatCredentials, ChatEvent, ChatGiftError, ChatService, Logger } from './types'

/**
 * One messaging connection per browser (not per tab).
 *
 * SPEC §7 gives every web client the same fixed XMPP resource, so two tabs of one account, each with
 * its own session, replace each other on the server in a loop ("conflict — Replaced by new
 * connection"). Instead, the tabs of one account elect a leader with the Web Locks API: the leader
 * runs the real session (messenger, outbox, archive); the others talk to it over a BroadcastChannel.
 * The leader broadcasts every chat event, answers the others' requests (send, read, load…) and relays
 * call signalling. When the leader's tab closes (or is killed: the browser releases its locks), the
 * next tab in line takes the lock and logs in itself; the outbox is in the shared database, so what was
 * waiting is sent by the new leader.
 *
 * Calls belong to one tab: the hub's messages about a call go to the tab that started or answered it
 * (routed by the call's `sid`), an incoming call rings in the tab the user last had in front, and what
 * concerns no call (a recharge, a block) reaches every tab. See `createCallRouter`.
 *
 * Without Web Locks or BroadcastChannel (old browsers, tests) the tab simply runs its own session.
 */

/** What the shared chat needs of the browser; `browserTabEnv()` is the real one, tests pass fakes. */
export interface TabEnv {
  /** This tab's id, unique among the browser's tabs. */
  readonly tabId: string
  /**
   * The Web Locks `request` (the lock is held while the callback's promise is pending). With `steal`
   * the current holder loses it at once: its request rejects with an AbortError.
   */
  requestLock(name: string, options: { ifAvailable?: boolean; steal?: boolean; signal?: AbortSignal }, callback: (lock: unknown) => Promise<void>): Promise<unknown>
  /** Whether another tab still holds the lock of this name (a tab's life lock: `tabLockName`). */
  isHeld(name: string): Promise<boolean>
  openChannel(name: string): TabChannel
  /** Whether this tab is in front now (shown and focused). */
  isFront(): boolean
  /** Calls the listener whenever this tab comes to the front; returns a function that stops it. */
  onFront(listener: () => void): () => void
  /** Calls the listener when the page is being left for good; returns a function that stops it. */
  onLeave(listener: () => void): () => void
  /** Reads back a stanza another tab forwarded as text. */
  parseStanza(text: string): Promise<XmlElement>
}

/** The part of BroadcastChannel used here. */
export interface TabChannel {
  postMessage(message: unknown): void
  /** The one listener for messages from the other tabs (never this tab's own). */
  listen(listener: (data: unknown) => void): void
  close(): void
}

/**
 * How long a request to the leader may stay unanswered before this tab takes the lead itself and runs
 * it here (the leader's tab hangs or is frozen, yet holds its lock). Generous: a leader busy rendering
 * a burst still answers well within it.
 */
export const TAB_REQUEST_TIMEOUT_MS = 10_000

/** The lock whose holder leads the tabs of this account. */
export function leaderLockName(bareJid: string): string {
  return `vchat-chat-leader:${bareJid}`
}

/** A lock each tab holds for its whole life, so the leader can tell a closed tab from a quiet one. */
export function tabLockName(tabId: string): string {
  return `vchat-tab:${tabId}`
}

function channelName(bareJid: string): string {
  return `vchat-chat:${bareJid}`
}

/** Requests a follower may make; each runs on the leader's own service. */
type RequestMethod =
  | 'fetchProfile'
  | 'lastActivity'
  | 'listThreads'
  | 'loadThread'
  | 'loadOlder'
  | 'send'
  | 'retry'
  | 'buyGift'
  | 'setActiveThread'
  | 'markThreadRead'
  | 'markImageUnlocked'
  | 'noteTyping'
  | 'stopTyping'
  | 'deleteMessagesBefore'
  | 'sendCall'
  | 'sendStanza'

/** What travels on the channel (structured-cloned by the browser). */
type TabMessage =
  /** A follower asks the leader for its state (answered with a `state` event to everyone). */
  | { t: 'hello'; from: string }
  /** A tab has just become the leader. */
  | { t: 'leader'; from: string }
  /** A tab came to the front: incoming calls ring there. */
  | { t: 'front'; from: string }
  /** A tab is gone (logged out or left). */
  | { t: 'bye'; from: string }
  | { t: 'event'; event: ChatEvent }
  /** A hub call message, for one tab or (`to` null) for every tab. */
  | { t: 'call'; call: HubCall; to: string | null }
  /** Any incoming stanza, as text (the hub transport's raw `onStanza`). */
  | { t: 'stanza'; xml: string }
  | { t: 'request'; id: number; from: string; method: RequestMethod; args: unknown[] }
  | { t: 'reply'; id: number; to: string; ok: true; value: unknown }
  | { t: 'reply'; id: number; to: string; ok: false; error: { message: string; gemsInsufficient?: boolean } }
  /** Several of the above, in order: what the leader relays in one task (a stored page is hundreds of events and stanzas). */
  | { t: 'batch'; messages: TabMessage[] }

function isTabMessage(value: unknown): value is TabMessage {
  return typeof value === 'object' && value !== null && typeof (value as { t?: unknown }).t === 'string'
}

function sidOf(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null) return null
  const sid = (payload as Record<string, unknown>)['sid']
  return typeof sid === 'string' && sid !== '' ? sid : null
}

/** Calls remembered per tab; older ones are forgotten first. */
const ROUTED_CALLS_KEPT = 100

/**
 * Which tab a hub message is for. A call's messages go to the tab that owns its `sid`: the tab that
 * sent something for it, the tab whose `SessionRequest` the hub answers with `SessionSuccess`/`SessionFail`,
 * or, for an incoming `CallIn`, the tab in front. Anything else (`ReChargeSuccess`, a `CallError` about
 * no call, `MatchToFlash`) is for every tab: `route` answers null.
 */
export function createCallRouter(leaderTab: string) {
  const owners = new Map<string, string>()
  let requester: string | null = null
  let front = leaderTab
  const own = (sid: string, tab: string) => {
    owners.delete(sid)
    owners.set(sid, tab)
    if (owners.size > ROUTED_CALLS_KEPT) owners.delete(owners.keys().next().value as string)
  }
  return {
    get front() {
      return front
    },
    /** The tab came to the front. */
    toFront(tab: string) {
      front = tab
    },
    /** The tab is gone: the leader's tab takes its place in front; its calls have nowhere to go. */
    gone(tab: string) {
      if (front === tab) front = leaderTab
      if (requester === tab) requester = null
      for (const [sid, owner] of owners) if (owner === tab) owners.delete(sid)
    },
    /** Forgets which tab a call belongs to (its tab is gone before it rang there). */
    forget(call: Pick<HubCall, 'payload'>) {
      const sid = sidOf(call.payload)
      if (sid !== null) owners.delete(sid)
    },
    /** The tab sent this call message. */
    sent(tab: string, action: string, payload: unknown) {
      const sid = sidOf(payload)
      if (sid !== null) own(sid, tab)
      if (action === 'SessionRequest') requester = tab
    },
    /** The tab this hub message is for; null for every tab. */
    route(call: Pick<HubCall, 'action' | 'payload'>): string | null {
      const sid = sidOf(call.payload)
      const owner = sid === null ? undefined : owners.get(sid)
      if (owner !== undefined) return owner
      if ((call.action === 'SessionSuccess' || call.action === 'SessionFail') && requester !== null) {
        if (sid !== null) own(sid, requester)
        return requester
      }
      if (call.action === 'CallIn' && sid !== null) {
        own(sid, front)
        return front
      }
      return null
    },
  }
}

export type CallRouter = ReturnType<typeof createCallRouter>

function errorOf(failure: { message: string; gemsInsufficient?: boolean }): ChatGiftError {
  const error: ChatGiftError = new Error(failure.message)
  if (failure.gemsInsufficient) error.gemsInsufficient = true
  return error
}

function serializeError(error: unknown): { message: string; gemsInsufficient?: boolean } {
  const failure = error as ChatGiftError
  const message = error instanceof Error ? error.message : String(error)
  return failure?.gemsInsufficient ? { message, gemsInsufficient: true } : { message }
}

/**
 * The messaging service shared by the browser's tabs: `local` is this tab's own service (it runs only
 * while this tab leads). Same interface, same behaviour as `local` for the screens.
 */
export function createSharedChat(local: ChatService, env: TabEnv | null, logger: Logger): ChatService {
  if (!env) return local
  const tabs = env
  const me = tabs.tabId
  const listeners = new Set<(event: ChatEvent) => void>()
  /** Requests sent to the leader and not answered yet: sent again to a new leader, or run here when this tab leads. */
  const pending = new Map<number, { method: RequestMethod; args: unknown[]; resolve: (value: unknown) => void; reject: (error: Error) => void; timer: ReturnType<typeof setTimeout> }>()
  let requestIds = 0
  let mode: 'off' | 'leader' | 'follower' = 'off'
  let state: ChatConnectionState = 'idle'
  let jid: string | null = null
  /** One login of this tab: its channel, its place in the lock's line, its hub as the screens see it. */
  interface TabLogin {
    credentials: ChatCredentials
    lockName: string
    channel: TabChannel
    /** Resolved when this login ends: lets go of the leader's lock. */
    held: Promise<void>
    release: () => void
    /** Leaves the line for the lock. */
    abort: AbortController
    stops: (() => void)[]
    router: CallRouter | null
    hub: RelayedHub
    /** The leader's own session's hub transport, whose messages are being relayed. */
    relayed: HubTransport | null
    /** The hub's call messages being relayed, in order. */
    calls: Promise<void>
  }
  let login: TabLogin | null = null

  // Each tab holds its life lock from the start: the leader asks for it to know a tab is still there.
  void tabs.requestLock(tabLockName(me), {}, () => new Promise<void>(() => {})).catch(() => undefined)

  const emit = (event: ChatEvent) => {
    if (event.kind === 'state') state = event.state
    for (const listener of [...listeners]) listener(event)
  }
  const postNow = (message: TabMessage) => {
    try {
      login?.channel.postMessage(message)
    } catch (error) {
      logger.warn('tab message not posted', { reason: error instanceof Error ? error.message : String(error) })
    }
  }
  /** What the leader relayed in the current task (events, stanzas), not posted yet. */
  let outgoing: TabMessage[] = []
  const postOutgoing = () => {
    if (!outgoing.length) return
    const messages = outgoing
    outgoing = []
    postNow(messages.length === 1 ? (messages[0] as TabMessage) : { t: 'batch', messages })
  }
  /**
   * Relayed at the end of the task, together with the rest of the task's: one structured clone and one
   * wake-up of each other tab per batch, instead of one per event or stanza.
   */
  const relay = (message: TabMessage) => {
    outgoing.push(message)
    if (outgoing.length === 1) queueMicrotask(postOutgoing)
  }
  /** Posted at once, after what was relayed before it: the other tabs hear everything in order. */
  const post = (message: TabMessage) => {
    postOutgoing()
    postNow(message)
  }

  // This tab's own session reports here whenever it runs (alone, or as the leader).
  local.subscribe((event) => {
    if (mode === 'follower') return
    emit(event)
    if (mode === 'leader') {
      relay({ t: 'event', event })
      relayHub()
    }
  })

  function request(method: RequestMethod, args: unknown[]): Promise<unknown> {
    const current = login
    if (mode !== 'follower' || !current) return Promise.reject(new Error('need login'))
    const id = (requestIds += 1)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => void takeOver(current), TAB_REQUEST_TIMEOUT_MS)
      pending.set(id, { method, args, resolve, reject, timer })
      post({ t: 'request', id, from: me, method, args })
    })
  }

  /** Unanswered requests go to the new leader (a send carries its id, so it goes out once). */
  function resendPending() {
    for (const [id, call] of pending) post({ t: 'request', id, from: me, method: call.method, args: call.args })
  }

  /** This tab leads now: what it asked the old leader runs here. */
  function runPendingHere() {
    for (const [id, call] of pending) {
      clearTimeout(call.timer)
      pending.delete(id)
      serve(me, call.method, call.args).then(call.resolve, call.reject)
    }
  }

  function failPending(reason: string) {
    for (const [id, call] of pending) {
      clearTimeout(call.timer)
      pending.delete(id)
      call.reject(new Error(reason))
    }
  }

  /**
   * Asks for the leader's lock for this login: `free` only if nobody holds it, `inLine` waits for it,
   * `steal` takes it from a leader that stopped answering. Resolves whether it was granted; the lock
   * is then held until the login ends. If another tab steals it from this one, this tab steps down.
   */
  function holdLock(current: TabLogin, how: 'free' | 'inLine' | 'steal'): Promise<boolean> {
    const options = how === 'free' ? { ifAvailable: true } : how === 'steal' ? { steal: true } : { signal: current.abort.signal }
    return new Promise<boolean>((resolve) => {
      let granted = false
      tabs
        .requestLock(current.lockName, options, async (lock) => {
          if (lock === null || login !== current) return resolve(false)
          granted = true
          resolve(true)
          await current.held
        })
        .catch(() => {
          resolve(false)
          if (granted && login === current && mode === 'leader') void stepDown(current)
        })
    })
  }

  /** Another tab took the lead from this one (it thought this one had stopped answering). */
  async function stepDown(current: TabLogin) {
    logger.warn('messaging: another tab took the lead')
    mode = 'follower'
    current.router = null
    current.relayed = null
    await local.logout().catch(() => undefined)
    if (login !== current) return
    follow(current)
  }

  /** Follows the leader, and stands in line to take over when it goes. */
  function follow(current: TabLogin) {
    mode = 'follower'
    emit({ kind: 'state', state: 'connecting' })
    post({ t: 'hello', from: me })
    if (tabs.isFront()) post({ t: 'front', from: me })
    current.abort = new AbortController()
    void holdLock(current, 'inLine').then((granted) => {
      if (granted && login === current) void leadLogged(current)
    })
  }

  /** The leader does not answer: this tab takes the lead, and what it asked runs here. */
  async function takeOver(current: TabLogin) {
    if (mode !== 'follower' || login !== current) return
    logger.warn('messaging: the leading tab does not answer; taking the lead')
    current.abort.abort()
    if ((await holdLock(current, 'steal')) && login === current) await leadLogged(current)
  }

  async function leadLogged(current: TabLogin) {
    try {
      await lead(current)
    } catch (error) {
      logger.warn('messaging login failed', { reason: error instanceof Error ? error.message : String(error) })
    }
  }

  const ownHub = () => {
    const hub = local.hubTransport
    if (!hub) throw new Error('need login')
    return hub
  }

  /** The hub as this tab's screens see it: calls routed to this tab; sends go through the leader. */
  function relayedHub(): RelayedHub {
    const calls = new Set<(call: HubCall) => void>()
    const stanzas = new Set<(stanza: XmlElement) => void>()
    return {
      get hubDomain() {
        return local.hubTransport?.hubDomain ?? ''
      },
      async sendCall(action, payload) {
        if (mode !== 'leader') return void (await request('sendCall', [action, payload]))
        const hub = ownHub()
        login?.router?.sent(me, action, payload)
        await hub.sendCall(action, payload)
      },
      onCall(listener) {
        calls.add(listener)
        return () => void calls.delete(listener)
      },
      async send(stanza) {
        if (mode !== 'leader') return void (await request('sendStanza', [stanza.toString()]))
        await ownHub().send(stanza)
      },
      onStanza(listener) {
        stanzas.add(listener)
        return () => void stanzas.delete(listener)
      },
      deliverCall(call) {
        for (const listener of [...calls]) listener(call)
      },
      deliverStanza(stanza) {
        for (const listener of [...stanzas]) listener(stanza)
      },
      hasStanzaListeners: () => stanzas.size > 0,
    }
  }

  /** Runs a follower's request on this (the leader's) own service. */
  async function serve(from: string, method: RequestMethod, args: unknown[]): Promise<unknown> {
    switch (method) {
      case 'fetchProfile':
        return local.fetchProfile(args[0] as string)
      case 'lastActivity':
        return local.lastActivity(args[0] as string)
      case 'listThreads':
        return local.listThreads()
      case 'loadThread':
        return local.loadThread(args[0] as string, args[1] as number | undefined)
      case 'loadOlder':
        return local.loadOlder(args[0] as string, args[1] as { date: number; mid: string }, args[2] as number | undefined)
      case 'send':
        return local.send(args[0] as Parameters<ChatService['send']>[0])
      case 'retry':
        return local.retry(args[0] as string)
      case 'buyGift':
        return local.buyGift(args[0] as Parameters<ChatService['buyGift']>[0])
      case 'setActiveThread':
        return local.setActiveThread(args[0] as string | null, args[1] as Parameters<ChatService['setActiveThread']>[1])
      case 'markThreadRead':
        return local.markThreadRead(args[0] as string, args[1] as Parameters<ChatService['markThreadRead']>[1])
      case 'markImageUnlocked':
        return local.markImageUnlocked(args[0] as string)
      case 'deleteMessagesBefore':
        return local.deleteMessagesBefore(args[0] as number)
      case 'noteTyping':
        return local.noteTyping(args[0] as string)
      case 'stopTyping':
        return local.stopTyping(args[0] as string)
      case 'sendCall': {
        const hub = ownHub()
        login?.router?.sent(from, args[0] as string, args[1])
        return hub.sendCall(args[0] as string, args[1])
      }
      case 'sendStanza': {
        const hub = ownHub()
        return hub.send(await tabs.parseStanza(args[0] as string))
      }
    }
  }

  /** The leader relays the hub transport of its current session (a new one after each login). */
  function relayHub() {
    const current = login
    if (!current || mode !== 'leader') return
    const hub = local.hubTransport
    if (!hub || hub === current.relayed) return
    current.relayed = hub
    current.stops.push(
      hub.onCall((call) => {
        // One at a time, in the order the hub sent them (a ring may wait for the check below).
        current.calls = current.calls.then(() => dispatchCall(current, call)).catch((error: unknown) => {
          logger.warn('call message not relayed', { reason: error instanceof Error ? error.message : String(error) })
        })
      }),
      hub.onStanza((stanza) => {
        current.hub.deliverStanza(stanza)
        // An archive result answers a query of this tab's own session: no other tab can use it (a
        // catch-up is hundreds of them).
        if (!archiveResultOf(stanza)) relay({ t: 'stanza', xml: stanza.toString() })
      }),
    )
  }

  async function dispatchCall(current: TabLogin, call: HubCall) {
    const router = current.router
    if (!router) return
    let to = router.route(call)
    // A ring for a tab that was closed without a word (killed, crashed) rings here instead.
    if (call.action === 'CallIn' && to !== null && to !== me && !(await tabs.isHeld(tabLockName(to)))) {
      router.gone(to)
      router.forget(call)
      to = router.route(call)
    }
    if (login !== current) return
    if (to === null || to === me) current.hub.deliverCall(call)
    if (to !== me) post({ t: 'call', call, to })
  }

  function onMessage(current: TabLogin, data: unknown) {
    if (!isTabMessage(data) || login !== current) return
    switch (data.t) {
      case 'hello':
        if (mode === 'leader') post({ t: 'event', event: { kind: 'state', state } })
        return
      case 'leader':
        if (mode === 'follower') {
          // What the old leader did not answer is asked again.
          resendPending()
          if (tabs.isFront()) post({ t: 'front', from: me })
        }
        return
      case 'front':
        current.router?.toFront(data.from)
        return
      case 'bye':
        current.router?.gone(data.from)
        return
      case 'batch':
        for (const message of data.messages) onMessage(current, message)
        return
      case 'event':
        if (mode === 'follower') emit(data.event)
        return
      case 'call':
        if (mode === 'follower' && (data.to === null || data.to === me)) current.hub.deliverCall(data.call)
        return
      case 'stanza':
        if (mode === 'follower' && current.hub.hasStanzaListeners()) {
          tabs.parseStanza(data.xml).then(
            (stanza) => current.hub.deliverStanza(stanza),
            () => undefined,
          )
        }
        return
      case 'request':
        if (mode !== 'leader') return
        serve(data.from, data.method, data.args).then(
          (value) => post({ t: 'reply', id: data.id, to: data.from, ok: true, value: value ?? null }),
          (error: unknown) => post({ t: 'reply', id: data.id, to: data.from, ok: false, error: serializeError(error) }),
        )
        return
      case 'reply': {
        if (data.to !== me) return
        const call = pending.get(data.id)
        if (!call) return
        pending.delete(data.id)
        clearTimeout(call.timer)
        if (data.ok) call.resolve(data.value)
        else call.reject(errorOf(data.error))
        return
      }
    }
  }

  /** This tab takes the lead: it logs in itself and serves the others. */
  async function lead(current: TabLogin) {
    mode = 'leader'
    current.router = createCallRouter(me)
    post({ t: 'leader', from: me })
    const loggingIn = local.login(current.credentials)
    // What was asked of the old leader runs here once this tab's own login has run (even a failed
    // one leaves the service ready: reads answer, sends wait in the outbox for the connection).
    void loggingIn.then(runPendingHere, runPendingHere)
    await loggingIn
    relayHub()
  }

  async function stop() {
    const current = login
    if (!current) return
    const wasLeader = mode === 'leader'
    post({ t: 'bye', from: me })
    login = null
    mode = 'off'
    current.abort.abort()
    for (const stopListening of current.stops) stopListening()
    failPending('need login')
    current.channel.close()
    if (wasLeader) await local.logout().catch(() => undefined)
    current.release()
  }

  return {
    get state() {
      return mode === 'off' ? local.state : state
    },
    get jid() {
      return mode === 'off' ? local.jid : jid
    },
    get hubTransport() {
      if (mode === 'off' || !login) return local.hubTransport
      return mode === 'leader' && !local.hubTransport ? null : login.hub
    },
    async login(credentials) {
      await stop()
      const bare = credentials.jid.split('/')[0] ?? credentials.jid
      jid = credentials.jid
      let release = () => {}
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      const current: TabLogin = {
        credentials,
        lockName: leaderLockName(bare),
        channel: tabs.openChannel(channelName(bare)),
        held,
        release,
        abort: new AbortController(),
        stops: [],
        router: null,
        hub: relayedHub(),
        relayed: null,
        calls: Promise.resolve(),
      }
      login = current
      current.channel.listen((data) => onMessage(current, data))
      current.stops.push(
        tabs.onFront(() => {
          if (mode === 'leader') current.router?.toFront(me)
          else post({ t: 'front', from: me })
        }),
        tabs.onLeave(() => post({ t: 'bye', from: me })),
      )
      const leading = await holdLock(current, 'free')
      if (login !== current) return
      if (leading) {
        // The first tab: its messaging login is this login (a failure reaches the caller).
        await lead(current)
        return
      }
      // Another tab leads: follow it.
      follow(current)
    },
    async logout() {
      const wasFollower = mode === 'follower'
      await stop()
      jid = null
      if (wasFollower) emit({ kind: 'state', state: 'idle' })
      else await local.logout()
    },
    async fetchProfile(peer) {
      if (mode !== 'follower') return local.fetchProfile(peer)
      return (await request('fetchProfile', [peer]).catch(() => null)) as Awaited<ReturnType<ChatService['fetchProfile']>>
    },
    async lastActivity(peer) {
      if (mode !== 'follower') return local.lastActivity(peer)
      const unknown: Awaited<ReturnType<ChatService['lastActivity']>> = { state: 'unknown' }
      return ((await request('lastActivity', [peer]).catch(() => unknown)) ?? unknown) as Awaited<ReturnType<ChatService['lastActivity']>>
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    async listThreads() {
      if (mode !== 'follower') return local.listThreads()
      return (await request('listThreads', [])) as Awaited<ReturnType<ChatService['listThreads']>>
    },
    async loadThread(tid, limit) {
      if (mode !== 'follower') return local.loadThread(tid, limit)
      return (await request('loadThread', [tid, limit])) as Awaited<ReturnType<ChatService['loadThread']>>
    },
    async loadOlder(tid, before, limit) {
      if (mode !== 'follower') return local.loadOlder(tid, before, limit)
      return (await request('loadOlder', [tid, before, limit])) as Awaited<ReturnType<ChatService['loadOlder']>>
    },
    async send(message) {
      if (mode !== 'follower') return local.send(message)
      // Its id is chosen here: asked again of another leader (or run here), it still goes out once.
      const withId = message.mid === undefined ? { ...message, mid: globalThis.crypto.randomUUID() } : message
      return (await request('send', [withId])) as Awaited<ReturnType<ChatService['send']>>
    },
    async retry(mid) {
      if (mode !== 'follower') return local.retry(mid)
      await request('retry', [mid])
    },
    async buyGift(purchase) {
      if (mode !== 'follower') return local.buyGift(purchase)
      return (await request('buyGift', [purchase])) as Awaited<ReturnType<ChatService['buyGift']>>
    },
    setActiveThread(tid, read) {
      if (mode !== 'follower') return local.setActiveThread(tid, read)
      request('setActiveThread', [tid, read]).catch(() => undefined)
    },
    async markThreadRead(tid, read) {
      if (mode !== 'follower') return local.markThreadRead(tid, read)
      await request('markThreadRead', [tid, read])
    },
    async markImageUnlocked(mid) {
      if (mode !== 'follower') return local.markImageUnlocked(mid)
      return (await request('markImageUnlocked', [mid])) as Awaited<ReturnType<ChatService['markImageUnlocked']>>
    },
    async deleteMessagesBefore(date) {
      if (mode !== 'follower') return local.deleteMessagesBefore(date)
      return (await request('deleteMessagesBefore', [date])) as number
    },
    noteTyping(to) {
      if (mode !== 'follower') return local.noteTyping(to)
      request('noteTyping', [to]).catch(() => undefined)
    },
    stopTyping(to) {
      if (mode !== 'follower') return local.stopTyping(to)
      request('stopTyping', [to]).catch(() => undefined)
    },
  }
}

/** The hub transport a tab's screens use, fed by the leader's relay. */
interface RelayedHub extends HubTransport {
  deliverCall(call: HubCall): void
  deliverStanza(stanza: XmlElement): void
  hasStanzaListeners(): boolean
}

let tabCounter = 0

/**
 * The browser's side of `TabEnv`: Web Locks, BroadcastChannel, page visibility and focus; null where
 * the browser lacks either API (the tab then runs its own session).
 */
export function browserTabEnv(): TabEnv | null {
  if (typeof window === 'undefined' || typeof BroadcastChannel === 'undefined' || typeof navigator === 'undefined' || !navigator.locks) return null
  const locks = navigator.locks
  tabCounter += 1
  const tabId = `${typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : String(Math.random()).slice(2)}-${tabCounter}`
  const isFront = () => document.visibilityState === 'visible' && document.hasFocus()
  return {
    tabId,
    requestLock: (name, options, callback) => locks.request(name, options, callback),
    async isHeld(name) {
      const snapshot = await locks.query()
      return (snapshot.held ?? []).some((lock) => lock.name === name)
    },
    openChannel(name) {
      const channel = new BroadcastChannel(name)
      return {
        postMessage: (message) => channel.postMessage(message),
        listen(listener) {
          channel.onmessage = (event) => listener(event.data)
        },
        close() {
          channel.onmessage = null
          channel.close()
        },
      }
    },
    isFront,
    onFront(listener) {
      const handler = () => {
        if (isFront()) listener()
      }
      window.addEventListener('focus', handler)
      document.addEventListener('visibilitychange', handler)
      return () => {
        window.removeEventListener('focus', handler)
        document.removeEventListener('visibilitychange', handler)
      }
    },
    onLeave(listener) {
      const handler = (event: PageTransitionEvent) => {
        if (!event.persisted) listener()
      }
      window.addEventListener('pagehide', handler)
      return () => window.removeEventListener('pagehide', handler)
    },
    async parseStanza(text) {
      const { parseStanza } = await import('@vchat/xmpp-chat')
      return parseStanza(text)
    },
  }
}
