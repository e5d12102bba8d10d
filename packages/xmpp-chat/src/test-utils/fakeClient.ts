import { EventEmitter } from 'node:events'
import { xml } from '@xmpp/client'
import type { Authenticate, XmlElement, XmppClientLike, XmppClientOptions } from '../types.ts'
import { NS_MAM, NS_STREAM_MANAGEMENT } from '../wire.ts'

export type StartOutcome = 'online' | 'hang' | Error

class FakeStreamManagement extends EventEmitter {
  enabled = false
  enableSent = false
  /** Resumption id: set by `<enabled/>`, kept across drops, cleared by stop() or a refused resume. */
  id = ''
}

/**
 * A stand-in for @xmpp/client: an EventEmitter with the statuses and events the session uses.
 * Tests decide how each start/reconnect ends and what the ping answer is.
 *
 * With `smSupported` it also plays XEP-0198 the way @xmpp/client 0.14 does: the post-login
 * features offer `sm`, `<enable/>` goes out right after `online` (stanzas are counted from then),
 * `<enabled/>` comes back a moment later; sent messages wait in `unacked` until `ack()`; a
 * resume re-sends them (the library's own behaviour); a refused resume or `stop()` reports them
 * with `fail`.
 */
export class FakeClient extends EventEmitter implements XmppClientLike {
  status = 'offline'
  jid: { toString(): string } | null = null
  readonly sent: XmlElement[] = []
  readonly streamManagement = new FakeStreamManagement()
  readonly options: XmppClientOptions
  readonly authentications: Array<{ username: string; password: string; mechanism: string }> = []
  startCalls = 0
  stopCalls = 0
  reconnectCalls = 0
  builtInReconnectStopped = false
  /** What the next start() or reconnect does. */
  nextOutcome: StartOutcome = 'online'
  /** Whether a reconnect resumes the stream (emits `resumed`) or logs in again (`online`). */
  resumeOnReconnect = true
  /** How the server answers a ping: 'answer' or 'silent'. */
  pingMode: 'answer' | 'silent' = 'answer'
  pings = 0
  /** Whether the server offers XEP-0198 stream management. */
  smSupported = false
  /** Outgoing stanzas counted by stream management and not yet acknowledged. */
  unacked: XmlElement[] = []
  /** How many unacknowledged messages the server says it received when it resumes the stream. */
  resumeAcks = 0
  /** Answers archive queries (XEP-0313); default: an empty archive. */
  archiveHandler: ((element: XmlElement) => Promise<XmlElement>) | null = null
  /** Answers iq requests other than pings and archive queries (vCard, GiftBuy); default: an empty result. */
  iqHandler: ((element: XmlElement) => Promise<XmlElement>) | null = null

  readonly reconnect = {
    stop: (): void => {
      this.builtInReconnectStopped = true
    },
    reconnect: async (): Promise<void> => {
      this.reconnectCalls += 1
      this.status = 'connecting'
      // Like @xmpp/client: without a resumption id there is nothing to resume, only a new login.
      await this.#run(this.resumeOnReconnect && (!this.smSupported || this.streamManagement.id !== ''))
    },
  }

  readonly iqCaller = {
    request: (element: XmlElement): Promise<XmlElement> => {
      this.sent.push(element)
      if (element.getChild('ping', 'urn:xmpp:ping')) {
        this.pings += 1
        if (this.pingMode === 'answer') return Promise.resolve(element)
        return new Promise<XmlElement>(() => {})
      }
      if (element.getChild('query', NS_MAM)) {
        if (this.archiveHandler) return this.archiveHandler(element)
        // An empty archive (XEP-0313) unless a test plays one.
        return Promise.resolve(xml('iq', { type: 'result', id: element.attrs.id }, xml('fin', { xmlns: NS_MAM, complete: 'true' })))
      }
      if (this.iqHandler) return this.iqHandler(element)
      return Promise.resolve(xml('iq', { type: 'result', id: element.attrs.id }))
    },
  }

  constructor(options: XmppClientOptions) {
    super()
    this.options = options
  }

  async #run(resume: boolean): Promise<void> {
    const outcome = this.nextOutcome
    if (outcome === 'hang') return new Promise<void>(() => {})
    if (outcome instanceof Error) {
      this.status = 'disconnect'
      throw outcome
    }
    if (resume) {
      this.status = 'online'
      if (this.smSupported) {
        this.streamManagement.enabled = true
        // The `h` of <resumed/>: what the server had received before the drop is acknowledged first.
        this.ack(Math.min(this.resumeAcks, this.unacked.length))
        // @xmpp/stream-management re-sends what the server had not acknowledged.
        const queue = this.unacked
        this.unacked = []
        for (const stanza of queue) this.#write(stanza)
      }
      this.streamManagement.emit('resumed')
      return
    }
    if (this.smSupported) {
      this.streamManagement.id = ''
      this.#failQueue()
    }
    const authenticate: Authenticate = async (credentials, mechanism) => {
      this.authentications.push({ ...credentials, mechanism })
    }
    await this.options.credentials(authenticate, ['PLAIN'])
    const username = this.authentications.at(-1)?.username ?? ''
    this.jid = { toString: () => `${username}@${this.options.domain}/${this.options.resource}` }
    if (this.smSupported) this.emit('nonza', xml('features', { xmlns: 'http://etherx.jabber.org/streams' }, xml('sm', { xmlns: NS_STREAM_MANAGEMENT })))
    this.status = 'online'
    this.emit('online', this.jid)
    if (this.smSupported) {
      this.streamManagement.enableSent = true
      queueMicrotask(() => {
        if (this.status !== 'online') return
        this.streamManagement.enabled = true
        this.streamManagement.id = 'sm-1'
        this.emit('nonza', xml('enabled', { xmlns: NS_STREAM_MANAGEMENT, id: 'sm-1', resume: 'true' }))
      })
    }
  }

  #failQueue(): void {
    const queue = this.unacked
    this.unacked = []
    for (const stanza of queue) this.streamManagement.emit('fail', stanza)
  }

  #write(element: XmlElement): void {
    this.sent.push(element)
    const counted = this.streamManagement.enabled || this.streamManagement.enableSent
    if (this.smSupported && counted && element.name === "message") {
      this.unacked.push(element)
    }
  }

  async start(): Promise<unknown> {
    if (this.status !== 'offline') throw new Error('Connection is not offline')
    this.startCalls += 1
    this.status = 'connecting'
    await this.#run(false)
    return this.jid
  }

  async stop(): Promise<unknown> {
    this.stopCalls += 1
    const wasOffline = this.status === 'offline'
    this.status = 'offline'
    this.streamManagement.enabled = false
    this.streamManagement.enableSent = false
    this.streamManagement.id = ''
    if (this.smSupported) this.#failQueue()
    if (!wasOffline) this.emit('offline')
    return undefined
  }

  async disconnect(): Promise<unknown> {
    this.drop()
    return undefined
  }

  /** The socket goes away (network loss, server restart). */
  drop(): void {
    this.status = 'disconnect'
    this.streamManagement.enabled = false
    this.streamManagement.enableSent = false
    this.emit('disconnect', { clean: false })
  }

  async send(element: XmlElement): Promise<void> {
    if (this.status !== 'online') throw new Error('socket.write: not connected')
    this.#write(element)
  }

  /** The server acknowledges the oldest `count` unacknowledged messages (all by default). */
  ack(count = this.unacked.length): void {
    const acked = this.unacked.splice(0, count)
    for (const stanza of acked) this.streamManagement.emit('ack', stanza)
  }

  /** Delivers an incoming stanza. */
  receive(stanza: XmlElement): void {
    this.emit('stanza', stanza)
  }

  presences(): number {
    return this.sent.filter((e) => e.name === 'presence').length
  }

  /** Sent message stanzas (not presences, iqs or markers without a body). */
  messages(): XmlElement[] {
    return this.sent.filter((e) => e.name === 'message' && e.getChild('body') !== undefined)
  }
}
