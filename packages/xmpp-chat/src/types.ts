/** A stanza or any XML element, as @xmpp/xml builds and parses it. */
export interface XmlElement {
  name: string
  attrs: Record<string, string | undefined>
  children: XmlChild[]
  getChild(name: string, xmlns?: string): XmlElement | undefined
  getChildren(name: string, xmlns?: string): XmlElement[]
  getChildText(name: string, xmlns?: string): string | null
  text(): string
  toString(): string
}
export type XmlChild = XmlElement | string
/** Attributes of an element being built; an undefined value leaves the attribute out. */
export type XmlAttributes = Record<string, string | number | undefined>
/** Builds an XML element: `xml(name, attributes?, ...children)`. */
export type XmlBuilder = (name: string, attrs?: XmlAttributes | null, ...children: XmlChild[]) => XmlElement

/** The listener shape of a minimal event emitter (Node's EventEmitter and @xmpp/events both fit). */
export interface EmitterLike {
  on(event: string, listener: XmppEventListener): unknown
  removeListener(event: string, listener: XmppEventListener): unknown
}
// Listener arguments differ per event (jid, Error, element…), as in Node's EventEmitter typings.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type XmppEventListener = (...args: any[]) => void

/** `authenticate(credentials, mechanism)` as @xmpp/client hands it to a credentials callback. */
export type Authenticate = (credentials: { username: string; password: string }, mechanism: string) => Promise<void>

/** Options the session passes to the client factory. */
export interface XmppClientOptions {
  service: string
  domain: string
  resource: string
  /** Called by the client on every SASL authentication (first login and each new login after a drop). */
  credentials: (authenticate: Authenticate, mechanisms: string[]) => Promise<void>
}

/**
 * The part of the @xmpp/client 0.14 surface the session uses. Statuses (`status`) follow
 * @xmpp/connection: offline → connecting → connect → opening → open → online → … → disconnect → offline.
 * Events used: `online` (jid), `disconnect`, `offline`, `error` (Error), `stanza` (XmlElement);
 * `streamManagement` emits `resumed` when a dropped stream was resumed (no `online` then).
 */
export interface XmppClientLike extends EmitterLike {
  status: string
  jid: { toString(): string } | null
  start(): Promise<unknown>
  stop(): Promise<unknown>
  disconnect(): Promise<unknown>
  send(element: XmlElement): Promise<void>
  reconnect: { stop(): void; reconnect(): Promise<void> }
  iqCaller: { request(element: XmlElement, timeout?: number): Promise<XmlElement> }
  /**
   * XEP-0198 state of @xmpp/stream-management: `enabled` once the server answered `<enabled/>`,
   * `enableSent` from the moment `<enable/>` went out (outgoing stanzas are counted from then);
   * `id` is the resumption id the server gave, kept across drops and cleared on `offline` (`stop()`)
   * or a refused resume.
   * Events: `resumed`, `ack` (an outgoing stanza the server acknowledged), `fail` (an outgoing
   * stanza left unacknowledged when the stream ended without resume).
   */
  streamManagement: EmitterLike & { enabled?: boolean; enableSent?: boolean; id?: string }
}

export type ClientFactory = (options: XmppClientOptions) => XmppClientLike

/** Timer functions; inject fakes in tests. Defaults to the global ones, looked up at call time. */
export interface SessionTimers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
  setInterval(callback: () => void, ms: number): unknown
  clearInterval(handle: unknown): void
}

/**
 * - `idle`: never logged in, or logged out (resting state).
 * - `connecting`: a login or a reconnect is in progress.
 * - `connected`: online (after a login or a stream resume); `send()` works.
 * - `disconnected`: the connection dropped; reconnect checks are pending.
 * - `failed`: the last login or reconnect attempt failed (time out, refused token, network); checks continue.
 */
export type ConnectionState = 'idle' | 'connecting' | 'connected' | 'disconnected' | 'failed'

export interface ChatCredentials {
  /** Local part of the jid, e.g. `user_100001`. */
  username: string
  /** The vcToken. */
  password: string
}

export interface ChatSessionOptions {
  /** Websocket URL, e.g. `ws://localhost:5280/xmpp-websocket`. */
  service: string
  /** XMPP domain, e.g. `localhost`. */
  domain: string
  /** XMPP resource (default `web_fachat`). */
  resource?: string
  /** Returns a fresh vcToken each time: it is called on every authentication, including after a drop. */
  getCredentials: () => Promise<ChatCredentials>
  timers?: SessionTimers
  /** Builds the XMPP client (default: @xmpp/client's `client`). */
  clientFactory?: ClientFactory
}

export interface ReadyEvent {
  /** true when a dropped stream was resumed (XEP-0198), false after a full login. */
  resumed: boolean
  jid: string
  /**
   * After a full login: the initial presence waits until `until` settles (at most
   * PRESENCE_HOLD_MAX_MS). The messenger holds it until its archive catch-up query is on the wire:
   * the server then knows this session reads the archive and does not also push the same messages
   * from offline storage (twice the work at the worst moment, on a phone that just came back).
   * Does nothing after a resume (the presence was kept) or once the presence went.
   */
  holdPresence(until: Promise<unknown>): void
}

export interface ChatSession {
  readonly state: ConnectionState
  /** Full jid once connected (`user_100001@localhost/web_fachat`), else null. */
  readonly jid: string | null
  /** Resolves when connected; rejects with `null jid`, `time out` or the server's refusal. */
  login(): Promise<void>
  /** Stops timers and always ends the stream with `stop()`; resolves when offline. */
  logout(): Promise<void>
  /** Sends a stanza; rejects with `need login` before login and `xmpp not connected` while offline. */
  send(stanza: XmlElement): Promise<void>
  /**
   * Sends an iq and resolves with the `result` iq; an `error` iq rejects (the client's StanzaError).
   * Same connection errors as `send()`.
   */
  request(iq: XmlElement, timeoutMs?: number): Promise<XmlElement>
  /**
   * true when stanzas sent now are counted by XEP-0198 stream management, so each one is
   * either acknowledged (`onAck`) or reported unacknowledged (`onAckFailed`).
   */
  readonly acksEnabled: boolean
  /** XEP-0199 ping to the server; rejects with `time out` after 2 s and disconnects. */
  ping(): Promise<void>
  onStateChange(listener: (state: ConnectionState, previous: ConnectionState) => void): () => void
  /**
   * Called on every `online` and `resumed`: the moment to flush an outbox. After a full login on a
   * server offering stream management it is called once `<enable/>` is answered, so that what the
   * listener sends is acknowledged.
   */
  onReady(listener: (event: ReadyEvent) => void): () => void
  onStanza(listener: (stanza: XmlElement) => void): () => void
  onError(listener: (error: Error) => void): () => void
  /** XEP-0198: the server acknowledged this outgoing stanza. */
  onAck(listener: (stanza: XmlElement) => void): () => void
  /**
   * XEP-0198: the stream ended (logout, or a resume refused after a drop) before the server
   * acknowledged this stanza; it may or may not have been delivered.
   */
  onAckFailed(listener: (stanza: XmlElement) => void): () => void
}
