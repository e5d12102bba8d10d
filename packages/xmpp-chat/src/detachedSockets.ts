/**
 * @xmpp/connection detaches its listeners from a websocket when the connection drops, but the socket
 * may still report its own close as an 'error' afterwards (undici does after a cut). With nobody
 * listening, Node's EventEmitter turns that late report into an uncaught exception. Every socket the
 * connection attaches therefore keeps one listener of its own; the connection has already handled the
 * drop (our reconnect checks take it from there).
 */
export function guardDetachedSockets(client: unknown): void {
  // The private `_attachSocket` hook is the only place every socket passes through (typed loosely on
  // purpose: it is not part of the library's public surface).
  const target = client as { _attachSocket?: (socket: { on?: (event: string, listener: () => void) => unknown }) => void }
  const attach = target._attachSocket
  if (typeof attach !== 'function') return
  target._attachSocket = function (this: unknown, socket) {
    socket.on?.('error', () => undefined)
    attach.call(this, socket)
  }
}
