import { createServer, connect, type Server, type Socket } from 'node:net'

/**
 * A TCP proxy on loopback between XMPP clients and Prosody's websocket port, playing a flaky network:
 * its target can change (Prosody restarts on another process), `cut()` drops every connection at
 * once, and `refuse(true)` drops every new connection as soon as it is accepted (a phone with no
 * network: reconnects fail) until `refuse(false)`. Only the connections of the clients given the
 * proxy's port are affected, so one party can be cut off while the other stays online.
 */
export interface FaultProxy {
  port: number
  /** Drops every open connection; answers how many sockets (both sides) were closed. */
  cut(): number
  /** While true, new connections are closed at once. */
  refuse(refusing: boolean): void
  /** How many connections were refused so far. */
  readonly refused: number
  /** Called for every connection let through (the moment a phone's reconnect gets its network back). */
  onAccepted(listener: () => void): () => void
  close(): Promise<void>
}

export async function startFaultProxy(target: () => number): Promise<FaultProxy> {
  const sockets = new Set<Socket>()
  let refusing = false
  let refused = 0
  const acceptedListeners = new Set<() => void>()
  const server: Server = createServer((client) => {
    if (refusing) {
      refused += 1
      client.destroy()
      return
    }
    for (const listener of acceptedListeners) listener()
    const upstream = connect(target(), '127.0.0.1')
    sockets.add(client)
    sockets.add(upstream)
    const drop = () => {
      client.destroy()
      upstream.destroy()
      sockets.delete(client)
      sockets.delete(upstream)
    }
    client.on('error', drop).on('close', drop)
    upstream.on('error', drop).on('close', drop)
    client.pipe(upstream)
    upstream.pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('no proxy port')
  return {
    port: address.port,
    cut() {
      const count = sockets.size
      for (const socket of [...sockets]) socket.destroy()
      sockets.clear()
      return count
    },
    refuse(value) {
      refusing = value
    },
    get refused() {
      return refused
    },
    onAccepted(listener) {
      acceptedListeners.add(listener)
      return () => acceptedListeners.delete(listener)
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
