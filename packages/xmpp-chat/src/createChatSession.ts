/**
 * The messaging session: one connection state over @xmpp/client, from login to logout, with the
 * login time-out, reconnect attempts and stream-management resume. It exists as the one place that
 * decides when to connect and what the connection state is; the timers (`session/reconnectSchedule`),
 * the client's events (`session/sessionClient`) and the ping (`session/ping`) are its parts.
 */
import { client as createXmppClient, xml } from '@xmpp/client'
import {
  ERROR_NEED_LOGIN,
  ERROR_NULL_JID,
  ERROR_TIME_OUT,
  ERROR_XMPP_NOT_CONNECTED,
  LOGIN_TIMEOUT_MS,
  PRESENCE_HOLD_MAX_MS,
  REQUEST_TIMEOUT_MS,
  RESOURCE,
} from './constants.ts'
import { Listeners, toError } from './listeners.ts'
import { pingServer } from './session/ping.ts'
import { createReconnectSchedule, globalTimers } from './session/reconnectSchedule.ts'
import { createSessionClient } from './session/sessionClient.ts'
import type {
  ChatCredentials,
  ChatSession,
  ChatSessionOptions,
  ConnectionState,
  ReadyEvent,
  XmlElement,
  XmppClientLike,
} from './types.ts'
import { NS_STREAM_MANAGEMENT } from '@vchat/contract'

/** A ready event about to be emitted, and what follows once its listeners ran (the initial presence). */
interface PendingReady {
  event: ReadyEvent
  afterListeners(): void
}

/**
 * A messaging session over @xmpp/client: connection states, login time-out, reconnect checks,
 * presence heartbeat, ping and stream-management resume. See the README for the timings.
 */
export function createChatSession(options: ChatSessionOptions): ChatSession {
  const timers = options.timers ?? globalTimers
  const resource = options.resource ?? RESOURCE
  const clientFactory = options.clientFactory ?? createXmppClient

  let state: ConnectionState = 'idle'
  let xmpp: XmppClientLike | null = null
  let detachClient: (() => void) | null = null
  /** true between login() and logout(): the session should be connected. */
  let wanted = false
  let loggedInOnce = false
  let attempt: Promise<void> | null = null
  /** Credentials fetched by login() for the first authentication; later ones are fetched fresh. */
  let prefetched: ChatCredentials | null = null

  const stateListeners = new Listeners<[ConnectionState, ConnectionState]>()
  const readyListeners = new Listeners<[ReadyEvent]>()
  const readyWaiters = new Listeners<[]>()
  const stanzaListeners = new Listeners<[XmlElement]>()
  const errorListeners = new Listeners<[Error]>()
  const ackListeners = new Listeners<[XmlElement]>()
  const ackFailedListeners = new Listeners<[XmlElement]>()
  /** Whether the last stream features offered XEP-0198 stream management. */
  let smOffered = false
  /** A full login whose ready event waits for the answer to `<enable/>`. */
  let readyPending: PendingReady | null = null
  /** Counts full logins: a held initial presence belongs to one of them. */
  let logins = 0
  /**
   * Whether this attempt's stream got as far as its features (the server is reachable). A stream the
   * server closes after that — as Prosody does when it refuses a resume because the hibernated
   * session overflowed its queue — ends the attempt at once instead of at the login time-out, and
   * the next attempt follows at once (once: a server that keeps doing it waits for the usual checks).
   */
  let attemptReachedServer = false
  let retriedAtOnce = false
  const droppedWaiters = new Listeners<[]>()

  function setState(next: ConnectionState): void {
    if (next === state) return
    const previous = state
    state = next
    stateListeners.emit(next, previous)
  }

  function currentJid(): string | null {
    return state === 'connected' && xmpp?.jid ? xmpp.jid.toString() : null
  }

  // ---- timers -------------------------------------------------------------------------------

  const schedule = createReconnectSchedule(timers, {
    heartbeat() {
      if (state === 'connected') void sendPresence()
    },
    check: () => check(),
    periodic() {
      if (state === 'connected') {
        // A live-looking connection is verified with a ping; a silent server gets disconnected.
        ping().catch(() => {})
      } else {
        check()
      }
    },
  })
  const { startHeartbeat, stopHeartbeat, clearQuickChecks, scheduleQuickChecks, startPeriodicCheck, stopAllTimers } = schedule

  /** Reconnects when the session should be connected and is neither connected nor connecting. */
  function check(): void {
    if (!wanted || attempt || state === 'connected') return
    connect().catch(() => {})
  }

  // ---- client -------------------------------------------------------------------------------

  async function nextCredentials(): Promise<ChatCredentials> {
    if (prefetched) {
      const credentials = prefetched
      prefetched = null
      return credentials
    }
    return options.getCredentials()
  }

  function ensureClient(): XmppClientLike {
    if (xmpp) return xmpp
    const { client: created, detach } = createSessionClient(
      { clientFactory, service: options.service, domain: options.domain, resource, nextCredentials },
      {
        ready: (resumed) => handleReady(resumed),
        dropped: () => handleDropped(),
        error: (error) => errorListeners.emit(error),
        stanza: (stanza) => stanzaListeners.emit(stanza),
        nonza: (element) => handleNonza(element),
        ack: (stanza) => ackListeners.emit(stanza),
        ackFailed: (stanza) => ackFailedListeners.emit(stanza),
      },
    )
    detachClient = detach
    xmpp = created
    return created
  }

  function handleReady(resumed: boolean): void {
    if (!wanted || !xmpp) return
    clearQuickChecks()
    setState('connected')
    startHeartbeat()
    readyWaiters.emit()
    const event = resumed ? readyEvent(true, () => {}) : initialPresence()
    // After a full login @xmpp/client sends <enable/> right after `online`; stanzas sent before
    // that are never acknowledged. Hold the ready event until the server has answered.
    if (!resumed && smOffered && !xmpp.streamManagement.enabled) {
      readyPending = event
      return
    }
    readyPending = null
    emitReady(event)
  }

  function readyEvent(resumed: boolean, holdPresence: (until: Promise<unknown>) => void): PendingReady {
    return { event: { resumed, jid: xmpp?.jid?.toString() ?? '', holdPresence }, afterListeners: () => {} }
  }

  /**
   * A full login's ready event with the initial presence attached: sent once the ready listeners ran
   * and whatever they held it for settled (bounded by PRESENCE_HOLD_MAX_MS), unless this login is
   * over by then (a later login sends its own).
   */
  function initialPresence(): PendingReady {
    const login = ++logins
    const holds: Promise<unknown>[] = []
    let sent = false
    const send = () => {
      if (sent) return
      sent = true
      if (login === logins && state === 'connected') void sendPresence()
    }
    const pending = readyEvent(false, (until) => {
      if (!sent) holds.push(until)
    })
    pending.afterListeners = () => {
      if (!holds.length) return send()
      const bound = timers.setTimeout(send, PRESENCE_HOLD_MAX_MS)
      void Promise.allSettled(holds).then(() => {
        timers.clearTimeout(bound)
        send()
      })
    }
    return pending
  }

  function emitReady(pending: PendingReady): void {
    readyListeners.emit(pending.event)
    pending.afterListeners()
  }

  function handleNonza(element: XmlElement): void {
    if (element.name === 'features' || element.name === 'stream:features') {
      if (state === 'connecting') attemptReachedServer = true
      smOffered = element.getChild('sm', NS_STREAM_MANAGEMENT) !== undefined
      return
    }
    if ((element.name === 'enabled' || element.name === 'failed') && element.attrs.xmlns === NS_STREAM_MANAGEMENT) {
      const pending = readyPending
      readyPending = null
      if (pending && state === 'connected') emitReady(pending)
    }
  }

  /** The connection went away while it was up: reconnect checks take over. */
  function handleDropped(): void {
    if (wanted && state === 'connecting' && attemptReachedServer) droppedWaiters.emit()
    if (!wanted || state !== 'connected') return
    readyPending = null
    stopHeartbeat()
    setState('disconnected')
    scheduleQuickChecks()
  }

  async function openClient(client: XmppClientLike): Promise<void> {
    if (client.status !== 'disconnect' && client.status !== 'offline' && resumable(client)) {
      // A half-open attempt: drop its socket but keep the resumption state (see `finish`).
      await client.disconnect().catch(() => {})
    }
    if (client.status === 'disconnect') {
      // Dropped stream: reconnect the socket; stream management resumes the session if it can
      // (emits `resumed`), otherwise the client logs in again (emits `online`).
      await client.reconnect.reconnect()
      return
    }
    if (client.status !== 'offline') await client.stop().catch(() => {})
    await client.start()
  }

  /** Whether the client still has a stream-management id to resume with. */
  function resumable(client: XmppClientLike): boolean {
    return Boolean(client.streamManagement.id)
  }

  /** One connection attempt bounded by the login time-out. */
  function connect(): Promise<void> {
    if (attempt) return attempt
    const client = ensureClient()
    setState('connecting')
    const current = new Promise<void>((resolve, reject) => {
      let settled = false
      const finish = (error?: Error): void => {
        if (settled) return
        settled = true
        timers.clearTimeout(timer)
        removeWaiter()
        removeDroppedWaiter()
        if (attempt === current) attempt = null
        if (!error) {
          retriedAtOnce = false
          resolve()
          return
        }
        if (wanted) setState('failed')
        if (closedByServer && !retriedAtOnce) {
          // The network is up: the next attempt now (a refused resume is followed by a full login).
          retriedAtOnce = true
          timers.setTimeout(() => check(), 0)
        }
        if (resumable(client)) {
          // The server may still hold the session (hibernating, with the messages queued for us):
          // stop() would clear the resumption id (@xmpp/stream-management does on `offline`) and the
          // next login would replace that session. Only drop the socket; the next check resumes.
          if (client.status !== 'disconnect') client.disconnect().catch(() => {})
        } else if (client.status !== 'offline') {
          // Leave the half-open client offline so that the next check starts cleanly.
          client.stop().catch(() => {})
        }
        reject(error)
      }
      const timer = timers.setTimeout(() => finish(new Error(ERROR_TIME_OUT)), LOGIN_TIMEOUT_MS)
      const removeWaiter = readyWaiters.add(() => finish())
      let closedByServer = false
      attemptReachedServer = false
      const removeDroppedWaiter = droppedWaiters.add(() => {
        closedByServer = true
        finish(new Error(ERROR_XMPP_NOT_CONNECTED))
      })
      openClient(client).catch((error: unknown) => finish(toError(error)))
    })
    attempt = current
    return current
  }

  async function sendPresence(): Promise<void> {
    try {
      await xmpp?.send(xml('presence'))
    } catch {
      // A failed heartbeat is followed by the disconnect it reveals.
    }
  }

  function assertConnected(): XmppClientLike {
    if (!loggedInOnce) throw new Error(ERROR_NEED_LOGIN)
    if (state !== 'connected' || !xmpp) throw new Error(ERROR_XMPP_NOT_CONNECTED)
    return xmpp
  }

  // ---- public API ---------------------------------------------------------------------------

  async function login(): Promise<void> {
    if (state === 'connected') return
    if (attempt) return attempt
    const credentials = await options.getCredentials()
    if (!credentials.username) throw new Error(ERROR_NULL_JID)
    prefetched = credentials
    wanted = true
    loggedInOnce = true
    startPeriodicCheck()
    try {
      await connect()
    } catch (error) {
      if (wanted) scheduleQuickChecks()
      throw error
    } finally {
      // Later attempts (reconnect checks) fetch a fresh token.
      prefetched = null
    }
  }

  async function logout(): Promise<void> {
    wanted = false
    prefetched = null
    readyPending = null
    stopAllTimers()
    const client = xmpp
    xmpp = null
    detachClient?.()
    detachClient = null
    attempt = null
    if (client) {
      // Always stop(): Prosody 0.12.3 may leave a plain websocket close unanswered after a resume.
      await client.stop().catch(() => {})
    }
    setState('idle')
  }

  async function send(stanza: XmlElement): Promise<void> {
    const client = assertConnected()
    await client.send(stanza)
  }

  async function request(iq: XmlElement, timeoutMs = REQUEST_TIMEOUT_MS): Promise<XmlElement> {
    const client = assertConnected()
    return client.iqCaller.request(iq, timeoutMs)
  }

  function ping(): Promise<void> {
    let client: XmppClientLike
    try {
      client = assertConnected()
    } catch (error) {
      return Promise.reject(toError(error))
    }
    return pingServer(client, options.domain, timers)
  }

  return {
    get state() {
      return state
    },
    get jid() {
      return currentJid()
    },
    get acksEnabled() {
      const sm = state === 'connected' ? xmpp?.streamManagement : undefined
      return sm !== undefined && (sm.enabled === true || sm.enableSent === true)
    },
    login,
    logout,
    send,
    request,
    ping,
    onStateChange: (listener) => stateListeners.add(listener),
    onReady: (listener) => readyListeners.add(listener),
    onStanza: (listener) => stanzaListeners.add(listener),
    onError: (listener) => errorListeners.add(listener),
    onAck: (listener) => ackListeners.add(listener),
    onAckFailed: (listener) => ackFailedListeners.add(listener),
  }
}
