/**
 * The call broker behind `hub.<domain>` (SPEC §4 call actions), its protocol half: it keeps the live
 * calls, relays the negotiation between the two sides, rings for at most the ring time-out, ends
 * calls whose side goes silent, and writes one `call_records` row per call. What a call costs and
 * who pays is billing's (`hubBilling.ts`), which this module composes into `createHub`.
 *
 * Pure apart from what is injected: the database, `send` (a stanza to a jid) and the timers, so
 * tests drive it with a manual clock.
 */
import type { DatabaseSync } from 'node:sqlite'
import { CALL_ERROR_BLOCKED } from '@vchat/contract'
import { createCallRecordWriter, SILVER_RECORD_KIND } from './callRecords.ts'
import { createHubBilling } from './hubBilling.ts'
import { createIceIssuer, type IceIssuer } from './iceServers.ts'
import { bareJid, type CallSession, type HubAccount, type HubPayload, type HubTimers, type Party } from './hubSession.ts'

export { HUB_RECHARGE_GRACE_MS } from './hubBilling.ts'
export { type HubPayload, type HubTimers } from './hubSession.ts'

/** SPEC §9: a call not answered within 60 s ends with 'timeOut'. */
const HUB_RING_TIMEOUT_MS = 60_000
/** SPEC §9: both sides send a heartbeat every 5 s once connected. */
const HUB_HEARTBEAT_INTERVAL_MS = 5_000
/** A side silent for three heartbeats (15 s) is gone: the call ends. */
const HUB_HEARTBEAT_GRACE_MS = 3 * HUB_HEARTBEAT_INTERVAL_MS
/**
 * A side sends heartbeats from the moment its remote media arrives (SPEC §4), which on a slow phone or
 * network can be long after the call was accepted: until its first heartbeat a side has the call
 * set-up time (SPEC §9: 60 s) before it counts as gone.
 */
const HUB_MEDIA_SETUP_GRACE_MS = 60_000
/**
 * How long a connected call may have its media down (a side said `MediaState {media: 'down'}`) before
 * the hub ends it as 'media-lost'. The clients give up after their ICE restarts (three attempts within
 * 15 s); this bound, a little longer, ends a call whose sides cannot say so — and keeps a client from
 * talking for free by claiming its media is down.
 */
export const HUB_MEDIA_RECOVERY_BOUND_MS = 20_000
/**
 * How far back a pause may start before the side said its media was down: Chromium reports
 * 'disconnected' about 5–6 s after the last packet (measured on a relay cut), and those seconds were
 * not talk either; ten covers that with room, and caps what any one report can take off the bill.
 */
const HUB_MEDIA_SILENCE_CREDIT_MS = 10_000
/** The reason a call ends with when its media could not be recovered (sent by a side, or by the hub's bound). */
const HUB_REASON_MEDIA_LOST = 'media-lost'

export interface HubOptions {
  db: DatabaseSync
  /** Delivers `<call action>{payload}</call>` to a jid (bare or full). */
  send: (to: string, action: string, payload: HubPayload) => void
  timers?: HubTimers
  /**
   * The ICE servers, TURN credentials and transport policy handed to both sides of each call (default:
   * none — loopback development connects with host candidates).
   */
  ice?: IceIssuer
  ringTimeoutMs?: number
  log?: (line: string) => void
  newSid?: () => string
}

export interface Hub {
  /** One `<call action>` from `from` (the full jid Prosody stamped). */
  handle(from: string, action: string, payload: HubPayload): void
  /** A `<message type="error">` bounced back for `to` (the callee is not reachable). */
  bounced(to: string): void
  /**
   * After a payment: tells the user the new balance (ReChargeSuccess `{gemsBalance, orderId?}`; the
   * order id lets the client refresh once per order however often the notice arrives).
   */
  rechargeSucceeded(jid: string, orderId?: string): void
  activeSids(): string[]
  close(): void
}

function platformTimers(): HubTimers {
  return {
    now: () => Date.now(),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  }
}

export function createHub(options: HubOptions): Hub {
  const { db, send } = options
  const timers = options.timers ?? platformTimers()
  const log = options.log ?? (() => {})
  const ringTimeoutMs = options.ringTimeoutMs ?? HUB_RING_TIMEOUT_MS
  const ice = options.ice ?? createIceIssuer(null)
  const newSid = options.newSid ?? (() => crypto.randomUUID())
  const sessions = new Map<string, CallSession>()
  const records = createCallRecordWriter(db)
  const billing = createHubBilling({ db, send, timers, log, sessions, later, persist, terminate })
  const userStmt = db.prepare('SELECT jid, kind, paid, gems_balance, blocked FROM users WHERE jid = ?')

  function userOf(jid: string): HubAccount | null {
    return (userStmt.get(bareJid(jid)) as HubAccount | undefined) ?? null
  }

  function persist(session: CallSession, state: string, reason: string, ended: boolean): void {
    records.update(session.sid, {
      state,
      reason,
      connectingTime: session.connectingTime,
      endTime: ended ? timers.now() : null,
      minutes: session.minutes,
      gemsCharged: session.charged,
      held: session.held,
      pausedMs: session.pausedMs + (session.pausedSince === null ? 0 : timers.now() - session.pausedSince),
    })
  }

  function later(session: CallSession, ms: number, callback: () => void): void {
    session.timers.push(timers.setTimeout(callback, ms, [session.caller.bare, session.callee.bare]))
  }

  function otherSide(session: CallSession, from: string): Party | null {
    const bare = bareJid(from)
    if (bare === session.caller.bare) return session.callee
    if (bare === session.callee.bare) return session.caller
    return null
  }

  /** Ends a call: timers cleared, an unearned hold refunded, the record closed. */
  function finish(session: CallSession, state: string, reason: string): void {
    if (!sessions.delete(session.sid)) return
    for (const handle of session.timers) timers.clearTimeout(handle)
    session.timers = []
    if (session.pausedSince !== null) {
      session.pausedMs += timers.now() - session.pausedSince
      session.pausedSince = null
    }
    const refunded = billing.refundHold(session)
    persist(session, state, reason, true)
    if (refunded > 0) billing.announceRefund(session)
    const silver = billing.rewardClubCall(session)
    log(`call ${session.sid} ${state} (${reason}): ${session.minutes} min, ${session.charged} gems${silver > 0 ? `, +${silver} silver` : ''}`)
  }

  function terminate(session: CallSession, reason: string): void {
    const payload = { sid: session.sid, reason }
    send(session.caller.full, 'SessionTerminate', payload)
    send(session.callee.full, 'SessionTerminate', payload)
    finish(session, 'ended', reason)
  }

  function watchHeartbeats(session: CallSession): void {
    later(session, HUB_HEARTBEAT_INTERVAL_MS, () => {
      if (!sessions.has(session.sid)) return
      const now = timers.now()
      for (const party of [session.caller, session.callee]) {
        const last = session.lastHeartbeat.get(party.bare)
        const silent = last === undefined ? now - (session.connectingTime ?? now) > HUB_MEDIA_SETUP_GRACE_MS : now - last > HUB_HEARTBEAT_GRACE_MS
        if (silent) {
          terminate(session, 'heartbeat-missed')
          return
        }
      }
      watchHeartbeats(session)
    })
  }

  function connect(session: CallSession): void {
    session.state = 'connected'
    session.connectingTime = timers.now()
    billing.startBilling(session)
    watchHeartbeats(session)
    billing.startTimeLimits(session)
    send(session.caller.full, 'PeerAnswered', { sid: session.sid, startTime: session.connectingTime })
  }

  function busy(bare: string): boolean {
    for (const session of sessions.values()) {
      if (session.caller.bare === bare || session.callee.bare === bare) return true
    }
    return false
  }

  function sessionRequest(from: string, payload: HubPayload): void {
    const caller = userOf(from)
    const calleeJid = typeof payload.callee === 'string' ? bareJid(payload.callee) : ''
    // A blocked account cannot call (read per request, so a block reaches a connected session at once).
    if (caller?.blocked === 1) {
      send(from, 'CallError', { reason: CALL_ERROR_BLOCKED, action: 'SessionRequest', callee: calleeJid })
      log(`call to ${calleeJid} refused: ${caller.jid} is blocked`)
      return
    }
    const callee = calleeJid ? userOf(calleeJid) : null
    if (callee?.blocked === 1) {
      send(from, 'SessionFail', { reason: 'callee-blocked', callee: calleeJid })
      return
    }
    if (!caller || !callee || callee.jid === caller.jid || caller.kind === callee.kind) {
      send(from, 'SessionFail', { reason: 'callee-unknown', callee: calleeJid })
      return
    }
    if (busy(caller.jid) || busy(callee.jid)) {
      send(from, 'SessionFail', { reason: 'busy', callee: calleeJid })
      return
    }
    const terms = billing.terms(from, caller, callee, calleeJid, payload)
    if (!terms) return
    const session: CallSession = {
      sid: newSid(),
      caller: { bare: caller.jid, full: from, kind: caller.kind },
      callee: { bare: callee.jid, full: callee.jid, kind: callee.kind },
      payer: terms.payer.jid,
      price: terms.price,
      free: terms.free,
      freeKind: terms.free,
      tier: terms.tier,
      freeDurationMs: terms.freeDurationMs,
      continuePaid: terms.continuePaid,
      minuteBase: { at: 0, minutes: 0 },
      graceSince: null,
      graceFor: null,
      state: 'ringing',
      held: 0,
      charged: 0,
      minutes: 0,
      startTime: timers.now(),
      connectingTime: null,
      lastHeartbeat: new Map(),
      mediaDown: new Set(),
      downSince: null,
      resumedAt: null,
      pausedSince: null,
      pausedMs: 0,
      minuteDue: false,
      timers: [],
    }
    if (!billing.admit(from, session, terms, calleeJid)) return
    sessions.set(session.sid, session)
    records.open({
      sid: session.sid,
      caller: caller.jid,
      callee: callee.jid,
      payer: session.payer,
      price: session.price,
      freeKind: session.tier === 'silver' ? SILVER_RECORD_KIND : session.freeKind,
      startTime: session.startTime,
      held: session.held,
    })
    const grant = ice.grant([caller.jid, callee.jid], timers.now())
    send(from, 'SessionSuccess', { ...billing.sessionSuccess(session, terms), ...grant })
    send(callee.jid, 'CallIn', { sid: session.sid, caller: caller.jid, price: session.price, free: session.free, tier: session.tier, ...grant })
    later(session, ringTimeoutMs, () => {
      const current = sessions.get(session.sid)
      if (!current || current.state !== 'ringing') return
      send(current.caller.full, 'CallError', { sid: current.sid, reason: 'timeOut' })
      send(current.callee.full, 'CallCancel', { sid: current.sid, reason: 'timeOut' })
      finish(current, 'missed', 'timeOut')
    })
  }

  /**
   * A side's media went down (ICE disconnected, being restarted) or came back.
   *
   * Billing pauses on the word of the side that earns, never on the payer's alone: a real drop is seen
   * by both ICE agents (connectivity checks go both ways), and the earning side has no reason to claim
   * one, so a payer's client cannot buy free minutes by saying its media is down. The pause starts when
   * that side last heard media (`silentMs`: Chromium says 'disconnected' only seconds after the last
   * packet), at most `HUB_MEDIA_SILENCE_CREDIT_MS` back and never before the call's answer or the end
   * of the previous pause. While either side is down, longer than the recovery bound ends the call as
   * 'media-lost'.
   */
  function mediaState(session: CallSession, from: string, down: boolean, silentMs: number): void {
    if (session.state !== 'connected') return
    const bare = bareJid(from)
    const now = timers.now()
    const anyDownBefore = session.mediaDown.size > 0
    if (down) session.mediaDown.add(bare)
    else session.mediaDown.delete(bare)
    const anyDown = session.mediaDown.size > 0
    if (anyDown && !anyDownBefore) {
      const since = now
      session.downSince = since
      later(session, HUB_MEDIA_RECOVERY_BOUND_MS, () => {
        const current = sessions.get(session.sid)
        if (current && current.downSince === since) terminate(current, HUB_REASON_MEDIA_LOST)
      })
    } else if (!anyDown) {
      session.downSince = null
    }
    if (bare === session.payer) return
    if (down && session.pausedSince === null) {
      const credit = Math.min(Math.max(0, silentMs), HUB_MEDIA_SILENCE_CREDIT_MS)
      session.pausedSince = Math.max(now - credit, session.resumedAt ?? 0, session.connectingTime ?? now)
      log(`call ${session.sid}: media down (${bare}, silent ${credit} ms), billing paused`)
    } else if (!down && session.pausedSince !== null) {
      const gap = now - session.pausedSince
      session.pausedMs += gap
      session.pausedSince = null
      session.resumedAt = now
      log(`call ${session.sid}: media back after ${gap} ms`)
      billing.resume(session)
    }
  }

  function sessionOf(from: string, payload: HubPayload, action: string): CallSession | null {
    const sid = typeof payload.sid === 'string' ? payload.sid : ''
    const session = sessions.get(sid)
    if (!session || otherSide(session, from) === null) {
      send(from, 'CallError', { reason: 'sidNonExistent', action, sid })
      return null
    }
    return session
  }

  const hubApi: Hub = {
    handle(from, action, payload) {
      switch (action) {
        case 'SessionRequest':
          sessionRequest(from, payload)
          return
        case 'CallReady': {
          const session = sessionOf(from, payload, action)
          if (session && bareJid(from) === session.callee.bare) session.callee.full = from
          return
        }
        case 'CallAccept': {
          const session = sessionOf(from, payload, action)
          if (!session || bareJid(from) !== session.callee.bare || session.state !== 'ringing') return
          session.callee.full = from
          connect(session)
          return
        }
        case 'CallCancel': {
          const session = sessionOf(from, payload, action)
          if (!session) return
          const other = otherSide(session, from)
          const reason = typeof payload.reason === 'string' ? payload.reason : bareJid(from) === session.callee.bare ? 'rejected' : 'cancelled'
          if (other) send(other.full, 'CallCancel', { sid: session.sid, reason })
          finish(session, session.state === 'connected' ? 'ended' : 'cancelled', reason)
          return
        }
        case 'SessionTerminate': {
          const session = sessionOf(from, payload, action)
          if (!session) return
          const other = otherSide(session, from)
          // A side whose media could not be recovered ends the call for both with that reason.
          const lost = payload.reason === HUB_REASON_MEDIA_LOST && session.state === 'connected'
          if (other) send(other.full, 'SessionTerminate', { sid: session.sid, reason: lost ? HUB_REASON_MEDIA_LOST : 'peer-hangup' })
          finish(session, session.state === 'connected' ? 'ended' : 'cancelled', lost ? HUB_REASON_MEDIA_LOST : 'hangup')
          return
        }
        case 'MediaState': {
          const session = sessionOf(from, payload, action)
          const silentMs = typeof payload.silentMs === 'number' && Number.isFinite(payload.silentMs) ? payload.silentMs : 0
          if (session && (payload.media === 'down' || payload.media === 'up')) mediaState(session, from, payload.media === 'down', silentMs)
          return
        }
        case 'IceServers': {
          // Fresh credentials for an ICE restart (those of the call's start may have expired).
          const session = sessionOf(from, payload, action)
          if (session) send(from, 'IceServers', { sid: session.sid, ...ice.grant([session.caller.bare, session.callee.bare], timers.now()) })
          return
        }
        case 'SessionHeartbeat': {
          const session = sessionOf(from, payload, action)
          if (session) session.lastHeartbeat.set(bareJid(from), timers.now())
          return
        }
        case 'WebRTCContent': {
          const session = sessionOf(from, payload, action)
          const other = session ? otherSide(session, from) : null
          if (session && other) send(other.full, 'WebRTCContent', { ...payload, sid: session.sid })
          return
        }
        case 'CallCheck': {
          const sid = typeof payload.sid === 'string' ? payload.sid : ''
          const session = sessions.get(sid)
          if (session && otherSide(session, from) !== null) {
            // The side that reconnected may have a new full jid.
            if (bareJid(from) === session.caller.bare) session.caller.full = from
            else session.callee.full = from
            send(from, 'CallCheck', { sid, alive: true, state: session.state })
          } else {
            send(from, 'CallError', { reason: 'sidNonExistent', action, sid })
          }
          return
        }
        default:
          send(from, 'CallError', { reason: 'unsupported-action', action, sid: typeof payload.sid === 'string' ? payload.sid : '' })
      }
    },
    bounced(to) {
      const bare = bareJid(to)
      for (const session of [...sessions.values()]) {
        if (session.state === 'ringing' && session.callee.bare === bare) {
          send(session.caller.full, 'CallCancel', { sid: session.sid, reason: 'unavailable' })
          finish(session, 'cancelled', 'unavailable')
        }
      }
    },
    rechargeSucceeded: (jid, orderId) => billing.rechargeSucceeded(jid, orderId),
    activeSids: () => [...sessions.keys()],
    close() {
      billing.close()
      for (const session of [...sessions.values()]) terminate(session, 'server-closing')
    },
  }
  return hubApi
}
