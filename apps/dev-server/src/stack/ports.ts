import { createServer } from 'node:net'

export const LOOPBACK = '127.0.0.1'

/** Thrown when a port the stack wants to listen on is already taken. */
export class PortInUseError extends Error {
  readonly port: number
  constructor(port: number, what: string) {
    super(
      `Port ${port} (${what}) on ${LOOPBACK} is already in use. ` +
        `Stop whatever listens there (e.g. a system Prosody: \`sudo systemctl stop prosody\`) ` +
        `or choose another port.`,
    )
    this.name = 'PortInUseError'
    this.port = port
  }
}

function listenOnce(port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.once('error', reject)
    server.listen({ port, host, exclusive: true }, () => {
      const address = server.address()
      const bound = typeof address === 'object' && address ? address.port : port
      server.close(() => resolve(bound))
    })
  })
}

/** A port that was free on loopback a moment ago (the OS picks it). */
export function findFreePort(host: string = LOOPBACK): Promise<number> {
  return listenOnce(0, host)
}

/** Resolves when `port` can be bound on loopback; rejects with PortInUseError naming `what` otherwise. */
async function assertPortFree(port: number, what: string, host: string = LOOPBACK): Promise<void> {
  try {
    await listenOnce(port, host)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new PortInUseError(port, what)
    throw error
  }
}

/** `port` itself when given (after checking it is free), a free port when 0 or undefined. */
export async function resolvePort(port: number | undefined, what: string, host: string = LOOPBACK): Promise<number> {
  if (port === undefined || port === 0) return findFreePort(host)
  await assertPortFree(port, what, host)
  return port
}
