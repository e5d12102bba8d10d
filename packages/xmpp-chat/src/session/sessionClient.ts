/**
 * Creates the session's @xmpp/client and attaches the session's handlers to it (and detaches them
 * again at logout). It exists to keep the library's event names, the SASL mechanism choice and the
 * switched-off library reconnect in one place, apart from the session's state logic.
 */
import { guardDetachedSockets } from '../detachedSockets.ts'
import { toError } from '../listeners.ts'
import type { ChatCredentials, ClientFactory, XmlElement, XmppClientLike } from '../types.ts'

/** The 'error' listener a logged-out client keeps: nobody waits for that client any more. */
function ignoreLateError(): void {}

export interface SessionClientOptions {
  clientFactory: ClientFactory
  service: string
  domain: string
  resource: string
  /** Credentials for one authentication. */
  nextCredentials(): Promise<ChatCredentials>
}

/** What the session does with the client's events. */
export interface SessionClientHandlers {
  /** `online` (false: a full login) or stream management's `resumed` (true). */
  ready(resumed: boolean): void
  /** `disconnect` or `offline`. */
  dropped(): void
  error(error: Error): void
  stanza(stanza: XmlElement): void
  nonza(element: XmlElement): void
  /** XEP-0198: the server acknowledged this stanza. */
  ack(stanza: XmlElement): void
  /** XEP-0198: the stream ended without an acknowledgement of this stanza. */
  ackFailed(stanza: XmlElement): void
}

/** A new client with the handlers attached; `detach` removes them (a late 'error' is then ignored). */
export function createSessionClient(options: SessionClientOptions, handlers: SessionClientHandlers): { client: XmppClientLike; detach: () => void } {
  const created = options.clientFactory({
    service: options.service,
    domain: options.domain,
    resource: options.resource,
    credentials: async (authenticate) => {
      const { username, password } = await options.nextCredentials()
      // @xmpp/client offers PLAIN only on a secure transport or loopback; the token is the password.
      await authenticate({ username, password }, 'PLAIN')
    },
  })
  // Reconnecting is ours (0.5 s / 3 s / 10 s checks), not the library's fixed 1 s retry.
  created.reconnect.stop()
  guardDetachedSockets(created)

  const onOnline = (): void => handlers.ready(false)
  const onResumed = (): void => handlers.ready(true)
  const onDropped = (): void => handlers.dropped()
  const onError = (error: Error): void => handlers.error(toError(error))
  const onStanza = (stanza: XmlElement): void => handlers.stanza(stanza)
  const onNonza = (element: XmlElement): void => handlers.nonza(element)
  const onAck = (stanza: XmlElement): void => handlers.ack(stanza)
  const onAckFailed = (stanza: XmlElement): void => handlers.ackFailed(stanza)
  created.on('online', onOnline)
  created.on('disconnect', onDropped)
  created.on('offline', onDropped)
  created.on('error', onError)
  created.on('stanza', onStanza)
  created.on('nonza', onNonza)
  created.streamManagement.on('resumed', onResumed)
  created.streamManagement.on('ack', onAck)
  created.streamManagement.on('fail', onAckFailed)
  const detach = () => {
    created.removeListener('online', onOnline)
    created.removeListener('disconnect', onDropped)
    created.removeListener('offline', onDropped)
    created.removeListener('error', onError)
    // The abandoned client may still be half-way through a login (a token fetch, SASL, the stream
    // restart) when logout stops it; @xmpp/client reports that attempt's late failure as an 'error'
    // event, which with no listener becomes an uncaught exception or an unhandled rejection.
    created.on('error', ignoreLateError)
    created.removeListener('stanza', onStanza)
    created.removeListener('nonza', onNonza)
    created.streamManagement.removeListener('resumed', onResumed)
    created.streamManagement.removeListener('ack', onAck)
    created.streamManagement.removeListener('fail', onAckFailed)
  }
  return { client: created, detach }
}
