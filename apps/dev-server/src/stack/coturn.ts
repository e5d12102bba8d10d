/**
 * Our own TURN server for the local stack: coturn (Debian's `coturn` package), started as a child
 * process on loopback with a shared secret generated per start. The call hub hands each call
 * time-limited credentials derived from that secret (TURN REST style, `xmpp/iceServers.ts`), so the
 * secret never leaves this process and no credential sits in the app's bundle.
 *
 * Development can cut the relay on purpose (`cut(ms)`): the process is killed with SIGKILL — every
 * allocation gone, as when a carrier's TURN path dies — and started again on the same port after the
 * given time, which is what a call's ICE restart has to survive.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createSocket } from 'node:dgram'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { LOOPBACK, findFreePort } from './ports.ts'
import { findExecutable, tcpAccepts, waitForExit } from './processes.ts'

/** Thrown when no `turnserver` executable can be found: calls then use host candidates only. */
export class TurnUnavailableError extends Error {
  constructor(detail: string) {
    super(
      `coturn (the TURN server of the local stack) is not available: ${detail}. ` +
        'Calls still connect on this machine with host candidates; to relay them as phones behind carrier NAT need, ' +
        'install it with `sudo apt-get install coturn` (Debian/Ubuntu) or `brew install coturn` (macOS), ' +
        'or set VCHAT_TURNSERVER_BIN to the turnserver executable. No system service is needed.',
    )
    this.name = 'TurnUnavailableError'
  }
}

export interface StartTurnOptions {
  /** Folder for the pid file and coturn's own database. Created if missing. */
  dataDir: string
  /** Listening port, UDP and TCP (0 or undefined: a free port). */
  port?: number
  /** `turnserver` executable (default: VCHAT_TURNSERVER_BIN or `turnserver` on PATH). */
  binary?: string
  /** Receives coturn's output lines (only with VCHAT_TURN_DEBUG=1: it is chatty). */
  log?: (line: string) => void
  /** How long to wait for the listening port (default 15 s). */
  readyTimeoutMs?: number
}

export interface TurnHandle {
  host: string
  port: number
  /** The shared secret credentials are derived from (TURN REST: HMAC-SHA1 of `expiry:user`). */
  secret: string
  realm: string
  /** Kills coturn (SIGKILL: allocations lost) and starts it again on the same port after `ms`. */
  cut(ms: number): Promise<void>
  /** Whether coturn is running now (false during a cut). */
  running(): boolean
  close(): Promise<void>
}

/** The realm of the local TURN server (coturn needs one for long-term credentials). */
const TURN_REALM = 'vchat.local'
/** Relay ports per instance: a handful of calls at a time on a developer's machine or in tests. */
const RELAY_PORT_SPAN = 200
const RELAY_PORT_LOW = 49_152
const RELAY_PORT_HIGH = 65_000

/** Absolute path of turnserver, or TurnUnavailableError. */
function findTurnBinary(binary?: string): string {
  return findExecutable('turnserver', binary ?? process.env.VCHAT_TURNSERVER_BIN, (detail) => new TurnUnavailableError(detail))
}

function udpFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createSocket('udp4')
    socket.once('error', () => {
      socket.close()
      resolve(false)
    })
    socket.bind(port, LOOPBACK, () => socket.close(() => resolve(true)))
  })
}

/** A listening port free on loopback for both TCP and UDP. */
async function pickPort(wanted: number | undefined): Promise<number> {
  if (wanted !== undefined && wanted !== 0) return wanted
  for (;;) {
    const port = await findFreePort()
    if (await udpFree(port)) return port
  }
}

/**
 * Starts coturn on loopback: long-term credentials from a shared secret (`use-auth-secret`), no TLS,
 * relays on loopback (peers on loopback allowed: both sides of a local call are on this machine), its
 * own database and pid file in `dataDir`. Resolves once its TCP listener accepts connections.
 */
export async function startTurn(options: StartTurnOptions): Promise<TurnHandle> {
  const binary = findTurnBinary(options.binary)
  const port = await pickPort(options.port)
  const secret = randomBytes(24).toString('hex')
  const readyTimeoutMs = options.readyTimeoutMs ?? 15_000
  // A random window of relay ports, so two stacks side by side (tests) rarely share one.
  const low = RELAY_PORT_LOW + Math.floor(Math.random() * ((RELAY_PORT_HIGH - RELAY_PORT_LOW - RELAY_PORT_SPAN) / RELAY_PORT_SPAN)) * RELAY_PORT_SPAN
  await mkdir(options.dataDir, { recursive: true })
  const args = [
    '-n',
    `--listening-ip=${LOOPBACK}`,
    `--relay-ip=${LOOPBACK}`,
    `--listening-port=${port}`,
    `--min-port=${low}`,
    `--max-port=${low + RELAY_PORT_SPAN - 1}`,
    '--use-auth-secret',
    `--static-auth-secret=${secret}`,
    `--realm=${TURN_REALM}`,
    '--fingerprint',
    '--no-tls',
    '--no-dtls',
    '--no-cli',
    '--no-multicast-peers',
    // Both ends of a local call are on this machine; coturn refuses loopback peers by default.
    '--allow-loopback-peers',
    `--userdb=${join(options.dataDir, 'turndb')}`,
    `--pidfile=${join(options.dataDir, 'turnserver.pid')}`,
    '--log-file=stdout',
    '--simple-log',
  ]
  const debug = process.env.VCHAT_TURN_DEBUG === '1'
  let child: ChildProcess | null = null
  /** Started and accepting connections (false from a cut's kill until it is back). */
  let ready = false
  let closed = false
  let output = ''

  async function launch(): Promise<void> {
    const started = spawn(binary, args, { cwd: options.dataDir, stdio: ['ignore', 'pipe', 'pipe'] })
    child = started
    let spawnError: Error | undefined
    started.once('error', (error) => {
      spawnError = error
    })
    const onOutput = (chunk: Buffer): void => {
      const text = chunk.toString('utf8')
      output = (output + text).slice(-4096)
      if (debug && options.log) for (const line of text.split('\n')) if (line.trim()) options.log(line)
    }
    started.stdout?.on('data', onOutput)
    started.stderr?.on('data', onOutput)
    const deadline = Date.now() + readyTimeoutMs
    for (;;) {
      if (spawnError) {
        if ((spawnError as NodeJS.ErrnoException).code === 'ENOENT') throw new TurnUnavailableError(`${binary} could not be started`)
        throw spawnError
      }
      if (started.exitCode !== null || started.signalCode !== null) {
        throw new Error(`coturn exited (${started.exitCode ?? started.signalCode}) before port ${port} opened. Output:\n${output.trim() || '(none)'}`)
      }
      if (await tcpAccepts(port)) {
        ready = true
        return
      }
      if (Date.now() > deadline) {
        started.kill('SIGKILL')
        throw new Error(`coturn did not open port ${port} within ${readyTimeoutMs} ms. Output:\n${output.trim() || '(none)'}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }

  async function stop(signal: NodeJS.Signals): Promise<void> {
    const current = child
    ready = false
    if (!current || current.exitCode !== null || current.signalCode !== null) return
    const exited = waitForExit(current)
    current.kill(signal)
    const killTimer = setTimeout(() => current.kill('SIGKILL'), 5_000)
    await exited
    clearTimeout(killTimer)
  }

  await launch()
  options.log?.(`TURN on turn:${LOOPBACK}:${port} (relay ports ${low}–${low + RELAY_PORT_SPAN - 1})`)
  let cutting: Promise<void> | null = null

  return {
    host: LOOPBACK,
    port,
    secret,
    realm: TURN_REALM,
    running: () => ready && child !== null && child.exitCode === null && child.signalCode === null,
    cut(ms) {
      if (cutting) return cutting
      cutting = (async () => {
        await stop('SIGKILL')
        options.log?.(`TURN cut for ${ms} ms`)
        await new Promise((resolve) => setTimeout(resolve, ms))
        if (!closed) await launch()
        options.log?.('TURN back')
      })().finally(() => {
        cutting = null
      })
      return cutting
    },
    async close() {
      closed = true
      await cutting?.catch(() => undefined)
      await stop('SIGTERM')
    },
  }
}
