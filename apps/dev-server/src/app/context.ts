/**
 * What every part of the dev-server is handed: the database, the domain, the clock, the log and the
 * server's own address. It lives apart from the HTTP layer so that the world (the product's rules)
 * and the messaging side can be given it without depending on how requests are routed.
 */
import type { DatabaseSync } from 'node:sqlite'
import type { LoginThrottle } from '../auth/loginThrottle.ts'
import type { ReplayStore } from '../http/replays.ts'
import type { DevClock } from '../world/devClock.ts'

export interface AppContext {
  db: DatabaseSync
  /** XMPP domain of the jids (default localhost). */
  domain: string
  now: () => number
  /** The development clock behind `now` (and the call hub's timers); `/dev/clock/advance` moves it. */
  clock: DevClock
  log: (line: string) => void
  /** Origin of this server (http://127.0.0.1:<port>), for the image and checkout URLs it answers. */
  publicUrl: string
  /** Folder of the database; uploads live in `<dataDir>/uploads`. */
  dataDir: string
  /** Check every successful answer against its response schema (a drift answers 500 and is logged). */
  checkResponses: boolean
  /** Wrong-password counts and locks of user_pwd_login, per uid and per address (this server's, in memory). */
  loginThrottle: LoginThrottle
  /** The answers of signed-in product requests by (uid, X-Request-Id), for their repeats. */
  replays: ReplayStore
  /** Signs the image host's short-lived URLs of paid images (drawn at each start; world/paidImages.ts). */
  signingKey: Buffer
}
