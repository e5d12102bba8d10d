import { EventEmitter } from 'node:events'
import type { Authenticate, XmlElement, XmppClientLike, XmppClientOptions } from '../types.ts'

export type StartOutcome = 'online' | 'hang' | Error

/**
 * A stand-in for @xmpp/client: an EventEmitter with the statuses and events the session uses.
 * Tests decide how each start/reconnect ends and what the ping answer is.
 */
export class FakeClient extends EventEmitter implements XmppClientLike {
  status = 'offline'
  jid: { toString(): string } | null = null
  readonly sent: XmlElement[] = []
  readonly streamManagement = new EventEmitter()
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

  readonly reconnect = {
    stop: (): void => {
      this.builtInReconnectStopped = true
    },
    reconnect: async (): Promise<void> => {
      this.reconnectCalls += 1
      this.status = 'connecting'
      await this.#run(this.resumeOnReconnect)
    },
  }

  readonly iqCaller = {
    request: (element: XmlElement): Promise<XmlElement> => {
      this.pings += 1
      this.sent.push(element)
      if (this.pingMode === 'answer') return Promise.resolve(element)
      return new Promise<XmlElement>(() => {})
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
      this.streamManagement.emit('resumed')
      return
    }
    const authenticate: Authenticate = async (credentials, mechanism) => {
      this.authentications.push({ ...credentials, mechanism })
    }
    await this.options.credentials(authenticate, ['PLAIN'])
    const username = this.authentications.at(-1)?.username ?? ''
    this.jid = { toString: () => `${username}@${this.options.domain}/${this.options.resource}` }
    this.status = 'online'
    this.emit('online', this.jid)
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
    this.emit('disconnect', { clean: false })
  }

  async send(element: XmlElement): Promise<void> {
    if (this.status !== 'online') throw new Error('socket.write: not connected')
    this.sent.push(element)
  }

  presences(): number {
    return this.sent.filter((e) => e.name === 'presence').length
  }
}
