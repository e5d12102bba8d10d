/**
 * What the call hub tells both sides of a call about ICE: the STUN/TURN servers, time-limited TURN
 * credentials and the transport policy — decided per call on the server, never shipped in a bundle.
 *
 * Credentials follow the TURN REST convention coturn implements with `use-auth-secret`: the username
 * is `<expiry in Unix seconds>:<user>` and the password the base64 HMAC-SHA1 of that username under
 * the secret shared with the TURN server. A credential is useless after its expiry, so a leaked one
 * does no lasting harm; each call (and each ICE restart that asks, `IceServers`) gets a fresh one.
 *
 * Production runs one issuer per brand with that brand's TURN servers and secret (the brand's backend
 * configuration); the local stack has one coturn, so every brand shares it here.
 */
import { createHmac } from 'node:crypto'
import { z } from 'zod'
import { validate } from '../http/http.ts'
import { ok, refuse, type Route } from '../http/routes.ts'

/**
 * How long a TURN credential stays valid (our choice). coturn checks it when an allocation is made and
 * refreshed, so it must outlast the longest call: twelve hours is longer than any call a balance pays
 * for, and short enough that a credential copied out of a browser is soon worthless.
 */
const TURN_CREDENTIAL_TTL_S = 12 * 60 * 60

/** `all`: any candidate; `relay`: only through TURN (hides both sides' addresses; tests force it). */
type IceTransportPolicy = 'all' | 'relay'

interface IceServerEntry {
  urls: string[]
  username?: string
  credential?: string
}

/** The fields SessionSuccess, CallIn and IceServers carry. */
interface IceGrant {
  iceServers: IceServerEntry[]
  iceTransportPolicy: IceTransportPolicy
  /** When the TURN credential expires (ms since epoch), so a client knows to ask again; null without TURN. */
  iceServersExpireAt: number | null
}

export interface TurnServerConfig {
  host: string
  port: number
  secret: string
}

export interface IceIssuer {
  /** ICE for a call between these accounts (bare jids), valid from `now` (ms). */
  grant(parties: readonly string[], now: number): IceGrant
  /**
   * Forces (or, with null, stops forcing) `relay` for the calls of an account: a development control
   * (`POST /dev/ice/policy`) so tests reach the TURN path on a machine where host candidates work.
   */
  setPolicy(bareJid: string, policy: IceTransportPolicy | null): void
}

/** A TURN REST credential for `user` that expires at `expiresAtMs`. */
export function turnCredential(secret: string, user: string, expiresAtMs: number): { username: string; credential: string } {
  const username = `${Math.floor(expiresAtMs / 1000)}:${user}`
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') }
}

/** The user part of a TURN username: the account's local part (no domain, no resource). */
function turnUser(parties: readonly string[]): string {
  const first = parties[0] ?? 'anonymous'
  const at = first.indexOf('@')
  return at === -1 ? first : first.slice(0, at)
}

/** An issuer over one TURN server (or none: host candidates only, no credentials). */
export function createIceIssuer(turn: TurnServerConfig | null, ttlS: number = TURN_CREDENTIAL_TTL_S): IceIssuer {
  const policies = new Map<string, IceTransportPolicy>()
  return {
    grant(parties, now) {
      const relay = parties.some((party) => policies.get(party) === 'relay')
      if (!turn) return { iceServers: [], iceTransportPolicy: 'all', iceServersExpireAt: null }
      const expiresAt = now + ttlS * 1000
      const address = `${turn.host}:${turn.port}`
      return {
        iceServers: [
          { urls: [`stun:${address}`] },
          { urls: [`turn:${address}?transport=udp`, `turn:${address}?transport=tcp`], ...turnCredential(turn.secret, turnUser(parties), expiresAt) },
        ],
        iceTransportPolicy: relay ? 'relay' : 'all',
        iceServersExpireAt: expiresAt,
      }
    },
    setPolicy(bareJid, policy) {
      if (policy === null || policy === 'all') policies.delete(bareJid)
      else policies.set(bareJid, policy)
    },
  }
}

/** The running TURN server as the development routes see it (the stack's coturn, or none). */
export interface TurnControl {
  cut(ms: number): Promise<void>
  running(): boolean
}

const policySchema = z.object({ uid: z.string().regex(/^\d{1,12}$/), policy: z.enum(['all', 'relay']) })
/** A cut is a fault test's tool: up to a minute, longer than any recovery bound of a call. */
const cutSchema = z.object({ ms: z.number().int().min(0).max(60_000) })

/**
 * Development controls of the call path (plain JSON, loopback stack only):
 * - `POST /dev/ice/policy {"uid","policy":"relay"|"all"}`: that account's calls use only relayed
 *   candidates (both sides), so a test exercises TURN where host candidates would connect.
 * - `POST /dev/turn/cut {"ms"}`: kills the TURN server (SIGKILL: every allocation lost) and starts it
 *   again after `ms`; answers at once, the cut runs on. 503 when no TURN server runs.
 */
export function iceDevRoutes(ice: IceIssuer, turn: TurnControl | null): Route[] {
  return [
    {
      method: 'POST',
      path: '/dev/ice/policy',
      handle({ app, body }) {
        const { uid, policy } = validate(policySchema, body)
        const row = app.db.prepare('SELECT jid FROM users WHERE uid = ?').get(uid) as { jid: string } | undefined
        if (!row) return { status: 404, body: refuse('unknown uid') }
        ice.setPolicy(row.jid, policy)
        return { body: ok({ uid, policy }) }
      },
    },
    {
      method: 'POST',
      path: '/dev/turn/cut',
      handle({ app, body }) {
        const { ms } = validate(cutSchema, body)
        if (!turn || !turn.running()) return { status: 503, body: refuse('no TURN server is running') }
        turn.cut(ms).catch((error: unknown) => app.log(`TURN did not come back: ${String(error)}`))
        return { body: ok({ ms }) }
      },
    },
  ]
}
