import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { DatabaseSync } from 'node:sqlite'
import { createLoginThrottle } from './auth/loginThrottle.ts'
import { DEFAULT_XMPP_DOMAIN, REPLAY_MAX_BYTES, REPLAY_MAX_ENTRIES, REPLAY_TTL_MS } from './constants.ts'
import { openDatabase } from './db/database.ts'
import type { AppContext } from './app/context.ts'
import { createReplayStore } from './http/replays.ts'
import type { Route } from './http/routes.ts'
import { PRODUCT_ROUTES, ROUTES, createRequestHandler } from './server.ts'
import { createDevClock, type DevClock } from './world/devClock.ts'
import { startFilterRulesPublishing } from './xmpp/filterRules.ts'

export { DEFAULT_API_PORT, DEFAULT_WS_PORT, DEFAULT_XMPP_DOMAIN, SEED_PASSWORD } from './constants.ts'
export { SEED_ANCHORS, SEED_USERS, type SeedAnchor, type SeedUser } from './db/seedData.ts'
export { SCHEMA_VERSION } from './db/migrations.ts'
export { anchorJid, userJid } from './db/seed.ts'
export { HttpError } from './http/http.ts'
export { PRODUCT_ROUTES, ROUTES }
export type { AppContext } from './app/context.ts'
export { ok, productRoute, refuse, type ProductRequest, type Route, type RouteRequest, type RouteResult } from './http/routes.ts'

export interface StartDevServerOptions {
  /** TCP port; 0 picks a free one. */
  port: number
  /** Folder of the SQLite file (created when missing). */
  dataDir: string
  /** Delete the database first and seed afresh. */
  reset?: boolean
  /** XMPP domain of the jids (default 'localhost'). */
  xmppDomain?: string
  /** Interface to bind (default 127.0.0.1). */
  host?: string
  /** Log sink (default console.log). Never receives tokens or passwords. */
  log?: (line: string) => void
  /** Clock (default Date.now); tests move it to expire sessions. */
  now?: () => number
  /** Check every successful answer against its response schema (default true). */
  checkResponses?: boolean
  /** More routes mounted beside the built-in ones (tools and tests). */
  extraRoutes?: readonly Route[]
}

export interface DevServer {
  url: string
  port: number
  db: DatabaseSync
  /** The development clock (hand it to the call hub so `/dev/clock/advance` moves its timers too). */
  clock: DevClock
  /** Stops listening, drops open connections and closes the database. */
  close(): Promise<void>
}

/** Thrown when the requested port is taken. */
export class PortInUseError extends Error {
  readonly port: number
  constructor(port: number) {
    super(`Port ${port} is already in use (another dev-server?). Stop it or choose another port (0 picks a free one).`)
    this.name = 'PortInUseError'
    this.port = port
  }
}

export async function startDevServer(options: StartDevServerOptions): Promise<DevServer> {
  const log = options.log ?? ((line: string) => console.log(`[dev-server] ${line}`))
  const clock = createDevClock(options.now ?? Date.now)
  const now = clock.now
  const domain = options.xmppDomain ?? DEFAULT_XMPP_DOMAIN
  const host = options.host ?? '127.0.0.1'
  const opened = openDatabase({ dataDir: options.dataDir, domain, now: now(), reset: options.reset ?? false })
  if (opened.seeded > 0) log(`seeded ${opened.seeded} accounts into ${opened.file}`)
  const app: AppContext = {
    db: opened.db,
    domain,
    now,
    clock,
    log,
    publicUrl: '',
    dataDir: options.dataDir,
    checkResponses: options.checkResponses ?? true,
    loginThrottle: createLoginThrottle(now),
    replays: createReplayStore(now, { ttlMs: REPLAY_TTL_MS, maxEntries: REPLAY_MAX_ENTRIES, maxBytes: REPLAY_MAX_BYTES }),
    signingKey: randomBytes(32),
  }
  const handler = createRequestHandler(app, [...ROUTES, ...(options.extraRoutes ?? [])])
  const server = createServer((req, res) => {
    void handler(req, res)
  })

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(options.port, host, () => {
        server.off('error', reject)
        resolve()
      })
    })
  } catch (error) {
    opened.db.close()
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new PortInUseError(options.port)
    throw error
  }
  server.on('error', (error) => log(`server error: ${error.message}`))
  const { port } = server.address() as AddressInfo
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  app.publicUrl = url
  // Wired here rather than when a module is imported: each server hears its own changes, until it closes.
  const stopFilterRulesPublishing = startFilterRulesPublishing(app)
  let closed: Promise<void> | undefined
  return {
    url,
    port,
    db: opened.db,
    clock,
    close() {
      closed ??= new Promise<void>((resolve) => {
        stopFilterRulesPublishing()
        server.close(() => {
          opened.db.close()
          resolve()
        })
        server.closeAllConnections()
      })
      return closed
    },
  }
}
