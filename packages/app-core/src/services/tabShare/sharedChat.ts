/**
 * Leadership among the tabs of one account: which tab runs the messaging session, how the others
 * follow it, and how the lead passes on (a tab closed, killed, or no longer answering). It exists as
 * the one place where a tab's role changes; what travels between the tabs is in `protocol`, the
 * follower's calls in `followerCalls`, the leader's answers in `serveRequest`.
 */
import type { HubCall, HubTransport } from '@vchat/xmpp-chat'
import { archiveResultOf } from '@vchat/xmpp-chat/wire'
import type { ChatConnectionState, ChatCredentials, ChatEvent, ChatService, Logger } from '../types'
import { createCallRouter } from './callRouter'
import type { CallRouter } from './callRouter'
import { createFollowerCalls } from './followerCalls'
import { createLeaderRequests } from './leaderRequests'
import { channelName, isTabMessage, leaderLockName, serializeError, tabLockName } from './protocol'
import type { RequestMethod } from './protocol'
import { createRelayedHub } from './relayedHub'
import type { RelayedHub } from './relayedHub'
import { serveRequest } from './serveRequest'
import type { ServeContext } from './serveRequest'
import type { TabChannel, TabEnv } from './tabEnv'
import { createTabPost } from './tabPost'

/**
 * The messaging service shared by the browser's tabs: `local` is this tab's own service (it runs only
 * while this tab leads). Same interface, same behaviour as `local` for the screens.
 */
export function createSharedChat(local: ChatService, env: TabEnv | null, logger: Logger): ChatService {
  if (!env) return local
  const tabs = env
  const me = tabs.tabId
  const listeners = new Set<(event: ChatEvent) => void>()
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
  /**
   * Settles once the login in flight knows this tab's role (leader or follower) or has stopped: a
   * write made while the leader's lock is being asked for waits for it, then goes where the role says.
   */
  let roleKnown: Promise<void> = Promise.resolve()

  // Each tab holds its life lock from the start: the leader asks for it to know a tab is still there.
  void tabs.requestLock(tabLockName(me), {}, () => new Promise<void>(() => {})).catch(() => undefined)

  const emit = (event: ChatEvent) => {
    if (event.kind === 'state') state = event.state
    for (const listener of [...listeners]) listener(event)
  }
  const { relay, post } = createTabPost(() => login?.channel, logger)
  const requests = createLeaderRequests(me, post)
  const serving: ServeContext = {
    noteSent: (from, action, payload) => login?.router?.sent(from, action, payload),
    parseStanza: (text) => tabs.parseStanza(text),
  }
  const serve = (from: string, method: RequestMethod, args: unknown[]) => serveRequest(local, serving, from, method, args)

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
    return requests.ask(method, args, () => void takeOver(current))
  }

  /** This tab leads now: what it asked the old leader runs here. */
  function runPendingHere() {
    requests.runHere((method, args) => serve(me, method, args))
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
          requests.resend()
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
      case 'reply':
        if (data.to === me) requests.answer(data)
        return
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
    requests.fail('need login')
    current.channel.close()
    if (wasLeader) await local.logout().catch(() => undefined)
    current.release()
  }

  const calls = createFollowerCalls(local, () => mode === 'follower', request)
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
      let know = () => {}
      roleKnown = new Promise<void>((resolve) => {
        know = resolve
      })
      try {
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
          hub: createRelayedHub(local, {
            isLeader: () => mode === 'leader',
            request,
            noteSent: (action, payload) => login?.router?.sent(me, action, payload),
          }),
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
        const granted = await holdLock(current, 'free')
        if (login !== current) return
        if (granted) {
          // The first tab: its messaging login is this login (a failure reaches the caller).
          const leading = lead(current)
          // lead() took the role and started this tab's own login before its first await.
          know()
          await leading
          return
        }
        // Another tab leads: follow it.
        follow(current)
      } finally {
        know()
      }
    },
    async logout() {
      const wasFollower = mode === 'follower'
      await stop()
      jid = null
      if (wasFollower) emit({ kind: 'state', state: 'idle' })
      else await local.logout()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    ...calls,
    // Writes made while the role is being settled wait for it (reads answer at once, as before login).
    send: async (message) => {
      await roleKnown
      return calls.send(message)
    },
    retry: async (mid) => {
      await roleKnown
      return calls.retry(mid)
    },
    buyGift: async (purchase) => {
      await roleKnown
      return calls.buyGift(purchase)
    },
  }
}
