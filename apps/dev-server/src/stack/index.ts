import { join } from 'node:path'
import { DEFAULT_API_PORT, DEFAULT_WS_PORT, DEFAULT_XMPP_DOMAIN } from '../constants.ts'
import { startDevServer, type DevServer } from '../index.ts'
import { defaultStackDataDir } from '../paths.ts'
import { XMPP_ROUTES, closeAnchorConsoles, createIceIssuer, iceDevRoutes, setAnchorConsoleXmpp, startXmppComponents } from '../xmpp/index.ts'
import { TurnUnavailableError, startTurn, type TurnHandle } from './coturn.ts'
import { ProsodyUnavailableError, startProsody } from './prosody.ts'

export interface StartStackOptions {
  /** Product API port (default 8787; 0 picks a free port). */
  apiPort?: number
  /** Prosody websocket port (default 5280; 0 picks a free port). */
  wsPort?: number
  /** Root data folder (default `<repo>/.data`): the database goes to `dev-server/`, Prosody to `prosody/`. */
  dataDir?: string
  /** Delete the database first and seed afresh. */
  reset?: boolean
  /** Start Prosody (default true). */
  prosody?: boolean
  /** Prosody executable (default: VCHAT_PROSODY_BIN or `prosody` on PATH). */
  prosodyBinary?: string
  /** Start coturn for calls (default true; without it calls connect with host candidates only). */
  turn?: boolean
  /** turnserver executable (default: VCHAT_TURNSERVER_BIN or `turnserver` on PATH). */
  turnBinary?: string
  xmppDomain?: string
  log?: (line: string) => void
}

/** What the ready line reports. */
export interface StackInfo {
  apiUrl: string
  wsUrl: string | null
  xmppDomain: string
  prosody: boolean
  /** `turn:host:port` of the stack's TURN server, or null when none runs. */
  turnUrl: string | null
}

export interface Stack extends StackInfo {
  devServer: DevServer
  /** Why Prosody is not running, when it was wanted but is not installed. */
  prosodyUnavailable: string | null
  /** Why coturn is not running, when it was wanted but is not installed. */
  turnUnavailable: string | null
  /** The stack's TURN server (null when none runs). */
  turn: TurnHandle | null
  close(): Promise<void>
}

export const READY_PREFIX = 'VCHAT_STACK_READY'

/** The one line printed when the stack is ready. */
export function readyLine(info: StackInfo): string {
  const { apiUrl, wsUrl, xmppDomain, prosody, turnUrl } = info
  return `${READY_PREFIX} ${JSON.stringify({ apiUrl, wsUrl, xmppDomain, prosody, turnUrl })}`
}

/**
 * Text shown when Prosody is missing: what to install. The API keeps running without messaging.
 */
export function prosodyInstallHint(detail: string): string {
  return [
    `Messaging is off: ${detail}`,
    'To get chat and calls, install Prosody and start the stack again:',
    '  Debian/Ubuntu: sudo apt-get install prosody',
    '  macOS:         brew install prosody',
    'The product API keeps running.',
  ].join('\n')
}

/** Text shown when coturn is missing: calls still connect here, without a relay. */
export function turnInstallHint(detail: string): string {
  return [
    `Calls run without a relay: ${detail}`,
    'To relay calls through TURN as phones behind carrier NAT need, install coturn and start the stack again:',
    '  Debian/Ubuntu: sudo apt-get install coturn',
    '  macOS:         brew install coturn',
  ].join('\n')
}

/**
 * Starts the dev-server in this process, and coturn and Prosody as child processes. Port conflicts reject with
 * a PortInUseError that names the port; a missing Prosody leaves `prosody: false`.
 */
export async function startStack(options: StartStackOptions = {}): Promise<Stack> {
  const log = options.log ?? ((line: string) => console.log(line))
  const root = options.dataDir ?? defaultStackDataDir()
  const xmppDomain = options.xmppDomain ?? DEFAULT_XMPP_DOMAIN
  let turn: TurnHandle | null = null
  let turnUnavailable: string | null = null
  if (options.turn ?? true) {
    try {
      turn = await startTurn({ dataDir: join(root, 'turn'), ...(options.turnBinary === undefined ? {} : { binary: options.turnBinary }), log: (line) => log(`[turn] ${line}`) })
    } catch (error) {
      if (!(error instanceof TurnUnavailableError)) throw error
      turnUnavailable = error.message
    }
  }
  const ice = createIceIssuer(turn)
  const devServer = await startDevServer({
    port: options.apiPort ?? DEFAULT_API_PORT,
    dataDir: join(root, 'dev-server'),
    reset: options.reset ?? false,
    xmppDomain,
    log: (line) => log(`[dev-server] ${line}`),
    extraRoutes: [...XMPP_ROUTES, ...iceDevRoutes(ice, turn)],
  }).catch(async (error: unknown) => {
    await turn?.close()
    throw error
  })

  let prosodyHandle: { wsUrl: string; close(): Promise<void> } | null = null
  let prosodyUnavailable: string | null = null
  if (options.prosody ?? true) {
    try {
      const prosody = await startProsody({
        apiUrl: devServer.url,
        dataDir: join(root, 'prosody'),
        domain: xmppDomain,
        httpPort: options.wsPort ?? DEFAULT_WS_PORT,
        ...(options.prosodyBinary === undefined ? {} : { binary: options.prosodyBinary }),
        log: (line) => log(`[prosody] ${line}`),
      })
      // dev-server joins Prosody as the components gift.<domain> and hub.<domain>.
      const components = await startXmppComponents({ db: devServer.db, domain: xmppDomain, componentPort: prosody.componentPort, componentSecret: prosody.componentSecret, hubTimers: devServer.clock, ice, log: (line) => log(`[xmpp] ${line}`) }).catch(async (error: unknown) => {
        await prosody.close()
        throw error
      })
      setAnchorConsoleXmpp({ wsUrl: prosody.wsUrl, domain: xmppDomain })
      prosodyHandle = { wsUrl: prosody.wsUrl, close: () => closeAnchorConsoles().then(() => components.close()).then(() => prosody.close()) }
    } catch (error) {
      if (error instanceof ProsodyUnavailableError) {
        prosodyUnavailable = error.message
      } else {
        await Promise.allSettled([devServer.close(), turn?.close()])
        throw error
      }
    }
  }

  let closing: Promise<void> | undefined
  return {
    apiUrl: devServer.url,
    wsUrl: prosodyHandle?.wsUrl ?? null,
    xmppDomain,
    prosody: prosodyHandle !== null,
    prosodyUnavailable,
    turnUrl: turn ? `turn:${turn.host}:${turn.port}` : null,
    turnUnavailable,
    turn,
    devServer,
    close() {
      closing ??= Promise.allSettled([prosodyHandle?.close(), devServer.close(), turn?.close()]).then(() => undefined)
      return closing
    },
  }
}

export { DEFAULT_API_PORT, DEFAULT_WS_PORT }
