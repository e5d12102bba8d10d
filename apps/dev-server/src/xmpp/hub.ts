/**
 * The call broker behind `hub.<domain>` (SPEC §4 call actions): it checks that the payer can
 * afford a call, holds the first minute, relays the negotiation between the two sides, bills per
 * started minute while heartbeats arrive, ends calls when gems run out or a side goes silent, and
 * writes one `call_records` row per call. Billing is decided here, never by a browser timer.
 *
 * Pure apart from what is injected: the database, `send` (a stanza to a jid) and the timers, so
 * tests drive it with a manual clock.
 */
import type { DatabaseSync } from 'node:sqlite'
import { MATCH_TO_FLASH_S, SILVER_CALL_DURATION_S } from '../constants.ts'
import { onOrderSettled } from '../world/payments.ts'
import { ensureCallRecords, freeCallDurationS, freeCallsLeft, silverCallsLeft, SILVER_RECORD_KIND, type FreeKind } from './callRecords.ts'
import { CALL_ERROR_BLOCKED } from '@vchat/contract'

/** SPEC §9: a call not answered within 60 s ends with 'timeOut'. */
export const HUB_RING_TIMEOUT_MS = 60_000
/** SPEC §9: both sides send a heartbeat every 5 s once connected. */
export const HUB_HEARTBEAT_INTERVAL_MS = 5_000
/** A side silent for three heartbeats (15 s) is gone: the call ends. */
export const HUB_HEARTBEAT_GRACE_MS = 3 * HUB_HEARTBEAT_INTERVAL_MS
/**
 * A side sends heartbeats from the moment its remote media arrives (SPEC §4), which on a slow phone or
 * network can be long after the call was accepted: until its first heartbeat a side has the call
 * set-up time (SPEC §9: 60 s) before it counts as gone.
 */
export const HUB_MEDIA_SETUP_GRACE_MS = 60_000
/** Billing unit: every started minute is charged. */
export const HUB_BILLING_UNIT_MS = 60_000
/**
 * How long a call waits for a purchase when the next minute cannot be paid (our choice): a free call
 * whose time is over and whose user agreed to go on, or a paid call whose user started a purchase
 * during it (the user may be paying in the payment window). The wait is not free talk: paid minutes
 * count from its start.
 */
export const HUB_RECHARGE_GRACE_MS = 120_000

export type HubPayload = Record<string, unknown>

export interface HubTimers {
  now(): number
  /** `scope`: the bare jids of the call, so a development clock can move one call's timers only. */
  setTimeout(callback: () => void, ms: number, scope?: readonly string[]): unknown
  clearTimeout(handle: unknown): void
}

export interface HubOptions {
  db: DatabaseSync
  /** Delivers `<call action>{payload}</call>` to a jid (bare or full). */
  send: (to: string, action: string, payload: HubPayload) => void
  timers?: HubTimers
  /** ICE servers handed to both sides (loopback development needs none). */
  iceServers?: readonly { urls: string | string[] }[]
  ringTimeoutMs?: number
  log?: (line: string) => void
  newSid?: () => string
}

/** 'silver': a low-tier call with a club host, paid in silver coins, ending at silverCallDuration. */
export type CallTier = 'standard' | 'silver'

interface Party {
  bare: string
  /** The full jid once known (the caller's from its request, the callee's from CallReady/Accept). */
  full: string
  kind: 'user' | 'anchor'
}

interface CallSession {
  sid: string
  caller: Party
  callee: Party
  /** The user who pays (the user side; anchors never pay). */
  payer: string
  price: number
  /** The free call this is while its free time runs (null once converted to paid, or never free). */
  free: FreeKind | null
  /** What `free` was when the call started (the record keeps it after a conversion). */
  freeKind: FreeKind | null
  freeDurationMs: number
  /**
   * The caller agreed to go on at `price` when the free time is over (the app's confirmation says
   * so); without it a free call ends at its duration.
   */
  continuePaid: boolean
  /** Where billing minutes count from: a time and the minutes already counted then. */
  minuteBase: { at: number; minutes: number }
  /** When the next minute found no gems to pay it and the call began to wait for a purchase. */
  graceSince: number | null
  /** What the wait is for: a free call to convert ('free') or a paid call's next minute ('paid'). */
  graceFor: 'free' | 'paid' | null
  /** A silver call holds and charges silver coins (the anchor's silverCallPrice) instead of gems. */
  tier: CallTier
  state: 'ringing' | 'connected'
  /** Gems taken from the payer and not yet charged (the current minute before it is earned). */
  held: number
  charged: number
  minutes: number
  startTime: number
  connectingTime: number | null
  lastHeartbeat: Map<string, number>
  timers: unknown[]
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

export function bareJid(jid: string): string {
  const slash = jid.indexOf('/')
  return slash === -1 ? jid : jid.slice(0, slash)
}

interface UserInfo {
  jid: string
  kind: 'user' | 'anchor'
  paid: number
  gems_balance: number
  /** 1 when the account is blocked (development endpoint /dev/users/block): no calls either way. */
  blocked: number
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
  const iceServers = options.iceServers ?? []
  const newSid = options.newSid ?? (() => crypto.randomUUID())
  const sessions = new Map<string, CallSession>()
  ensureCallRecords(db)
  const uidJidStmt = db.prepare('SELECT jid FROM users WHERE uid = ?')
  // A paid order (simulator or development endpoint) is announced to its user (SPEC §4 ReChargeSuccess).
  const stopOrderNotices = onOrderSettled(db, (order) => {
    if (order.status !== 'success') return
    const jid = (uidJidStmt.get(order.uid) as { jid: string } | undefined)?.jid
    if (jid) hubApi.rechargeSucceeded(jid, order.order_id)
    // A call waiting for this user's purchase goes on now, if the gems cover a minute.
    for (const session of [...sessions.values()]) {
      if (session.graceSince === null || session.payer !== jid) continue
      if (session.graceFor === 'free') freeTimeUp(session)
      else payNextMinute(session)
    }
  })

  const userStmt = db.prepare('SELECT jid, kind, paid, gems_balance, blocked FROM users WHERE jid = ?')
  const priceStmt = db.prepare('SELECT a.private_chat_price AS price FROM anchors a JOIN users u ON u.uid = a.uid WHERE u.jid = ?')
  const debitStmt = db.prepare('UPDATE users SET gems_balance = gems_balance - ? WHERE jid = ? AND gems_balance >= ?')
  const creditStmt = db.prepare('UPDATE users SET gems_balance = gems_balance + ? WHERE jid = ?')
  const balanceStmt = db.prepare('SELECT gems_balance FROM users WHERE jid = ?')
  const purchaseSinceStmt = db.prepare("SELECT 1 FROM orders o JOIN users u ON u.uid = o.uid WHERE u.jid = ? AND o.created_at >= ? AND o.status = 'pending' LIMIT 1")
  const silverStmt = db.prepare('SELECT silver_balance FROM users WHERE jid = ?')
  const silverDebitStmt = db.prepare('UPDATE users SET silver_balance = silver_balance - ? WHERE jid = ? AND silver_balance >= ?')
  const silverCreditStmt = db.prepare('UPDATE users SET silver_balance = silver_balance + ? WHERE jid = ?')
  const silverSpentStmt = db.prepare('UPDATE users SET silver_spent = silver_spent + ? WHERE jid = ?')
  const clubStmt = db.prepare('SELECT a.is_club AS isClub, a.silver_call_price AS silverPrice FROM anchors a JOIN users u ON u.uid = a.uid WHERE u.jid = ?')
  const insertRecord = db.prepare(
    `INSERT INTO call_records (sid, caller, callee, payer, price, free_kind, state, start_time, held) VALUES (?, ?, ?, ?, ?, ?, 'ringing', ?, ?)`,
  )
  const updateRecord = db.prepare(
    `UPDATE call_records SET state = ?, reason = ?, connecting_time = ?, end_time = ?, minutes = ?, gems_charged = ?, held = ? WHERE sid = ?`,
  )

  function userOf(jid: string): UserInfo | null {
    return (userStmt.get(bareJid(jid)) as UserInfo | undefined) ?? null
  }

  /** The payer started a purchase since `since` that is still pending: they may be paying right now. */
  function purchaseStartedSince(jid: string, since: number): boolean {
    return purchaseSinceStmt.get(jid, since) !== undefined
  }

  function balanceOf(jid: string): number {
    return (balanceStmt.get(jid) as { gems_balance: number } | undefined)?.gems_balance ?? 0
  }

  function freeLeft(payer: UserInfo, kind: FreeKind): boolean {
    return freeCallsLeft(db, payer, kind) > 0
  }

  function persist(session: CallSession, state: string, reason: string, ended: boolean): void {
    updateRecord.run(
      state,
      reason,
      session.connectingTime,
      ended ? timers.now() : null,
      session.minutes,
      session.charged,
      session.held,
      session.sid,
    )
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
    const refunded = session.held
    if (refunded > 0) {
      ;(session.tier === 'silver' ? silverCreditStmt : creditStmt).run(refunded, session.payer)
      session.held = 0
    }
    persist(session, state, reason, true)
    // The payer's app may already have read its balance while the hold was still taken (it refreshes
    // the moment its own side ends): tell it what the balance is after the refund.
    if (refunded > 0 && session.tier !== 'silver') send(session.payer, 'ReChargeSuccess', { sid: session.sid, gemsBalance: balanceOf(session.payer), charged: session.charged })
    log(`call ${session.sid} ${state} (${reason}): ${session.minutes} min, ${session.charged} gems`)
  }

  /** Takes one minute's price into the hold; false when the payer cannot afford it. */
  function holdMinute(session: CallSession): boolean {
    if (session.free !== null || session.price === 0) return true
    const changed = (session.tier === 'silver' ? silverDebitStmt : debitStmt).run(session.price, session.payer, session.price)
    if (Number(changed.changes) !== 1) return false
    session.held += session.price
    return true
  }

  /** The minute that starts now is earned: the hold becomes a charge. */
  function chargeHeldMinute(session: CallSession): void {
    session.minutes += 1
    session.charged += session.held
    if (session.tier === 'silver' && session.held > 0) silverSpentStmt.run(session.held, session.payer)
    session.held = 0
  }

  function terminate(session: CallSession, reason: string): void {
    const payload = { sid: session.sid, reason }
    send(session.caller.full, 'SessionTerminate', payload)
    send(session.callee.full, 'SessionTerminate', payload)
    finish(session, 'ended', reason)
  }

  function scheduleNextMinute(session: CallSession): void {
    // A silver call ends at silverCallDuration: no minute starts at or after that.
    if (session.tier === 'silver' && session.minutes * HUB_BILLING_UNIT_MS >= SILVER_CALL_DURATION_S * 1000) return
    const nextAt = session.minuteBase.at + (session.minutes - session.minuteBase.minutes) * HUB_BILLING_UNIT_MS
    later(session, Math.max(0, nextAt - timers.now()), () => payNextMinute(session))
  }

  /**
   * A minute of a paid call starts (or, during a wait, a purchase settled): it is charged, or the call
   * ends for want of gems — unless the payer started a purchase during this call, when it waits for
   * it (`HUB_RECHARGE_GRACE_MS`); a settled order tries again.
   */
  function payNextMinute(session: CallSession): void {
    if (!sessions.has(session.sid)) return
    if (!holdMinute(session)) {
      if (session.graceSince !== null) return
      const paying = session.tier !== 'silver' && session.connectingTime !== null && purchaseStartedSince(session.payer, session.connectingTime)
      if (!paying) {
        terminate(session, session.tier === 'silver' ? 'silver-insufficient' : 'gems-insufficient')
        return
      }
      session.graceSince = timers.now()
      session.graceFor = 'paid'
      log(`call ${session.sid}: no gems for the next minute, waiting for a purchase`)
      later(session, HUB_RECHARGE_GRACE_MS, () => {
        const current = sessions.get(session.sid)
        if (current && current.graceSince !== null) terminate(current, 'gems-insufficient')
      })
      return
    }
    // After a wait, the minute that was due when it began is the one paid now.
    if (session.graceSince !== null) session.minuteBase = { at: session.graceSince, minutes: session.minutes }
    session.graceSince = null
    session.graceFor = null
    chargeHeldMinute(session)
    persist(session, 'connected', '', false)
    if (session.tier !== 'silver') send(session.payer, 'ReChargeSuccess', { sid: session.sid, gemsBalance: balanceOf(session.payer), charged: session.charged })
    scheduleNextMinute(session)
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

  /**
   * The free time is over: the call goes on as a paid call when the caller agreed to and can pay the
   * next minute (the minute is charged at once and the balance reported with `converted`), else it
   * ends with 'free-call-ended'.
   */
  function freeTimeUp(session: CallSession): void {
    if (!sessions.has(session.sid)) return
    session.minutes = Math.max(session.minutes, Math.ceil(session.freeDurationMs / HUB_BILLING_UNIT_MS))
    session.free = null
    if (!session.continuePaid || session.price === 0) {
      terminate(session, 'free-call-ended')
      return
    }
    if (!holdMinute(session)) {
      // No gems for the next minute: the call waits (bounded) for a purchase; a settled order of
      // the payer tries again. Without one it ends as a free call.
      if (session.graceSince === null) {
        session.graceSince = timers.now()
        session.graceFor = 'free'
        later(session, HUB_RECHARGE_GRACE_MS, () => {
          const current = sessions.get(session.sid)
          if (current && current.graceSince !== null) terminate(current, 'free-call-ended')
        })
      }
      return
    }
    // Paid minutes count from the end of the free time, so the wait for the purchase is not free talk.
    session.minuteBase = { at: session.graceSince ?? timers.now(), minutes: session.minutes }
    session.graceSince = null
    session.graceFor = null
    chargeHeldMinute(session)
    persist(session, 'connected', '', false)
    send(session.payer, 'ReChargeSuccess', { sid: session.sid, gemsBalance: balanceOf(session.payer), charged: session.charged, converted: true })
    log(`call ${session.sid}: free time over, now ${session.price} gems a minute`)
    scheduleNextMinute(session)
  }

  function connect(session: CallSession): void {
    session.state = 'connected'
    session.connectingTime = timers.now()
    session.minuteBase = { at: session.connectingTime, minutes: 0 }
    chargeHeldMinute(session)
    persist(session, 'connected', '', false)
    // A free call bills nothing while its free time runs; what follows is decided when it is over.
    if (session.free === null) scheduleNextMinute(session)
    watchHeartbeats(session)
    if (session.tier === 'silver') {
      // A silver call lasts silverCallDuration at most (SPEC §3 silverInfoConf).
      later(session, SILVER_CALL_DURATION_S * 1000, () => {
        const current = sessions.get(session.sid)
        if (current) terminate(current, 'silver-call-ended')
      })
    }
    if (session.free !== null) {
      later(session, session.freeDurationMs, () => freeTimeUp(session))
      if (session.free === 'paid') {
        later(session, MATCH_TO_FLASH_S * 1000, () => {
          if (sessions.has(session.sid)) send(session.payer, 'MatchToFlash', { sid: session.sid, after: MATCH_TO_FLASH_S })
        })
      }
    }
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
    const anchor = caller.kind === 'anchor' ? caller : callee
    const payer = caller.kind === 'user' ? caller : callee
    const price = (priceStmt.get(anchor.jid) as { price: number } | undefined)?.price ?? 0
    // A silver call: only a user calling a club host, only with silver calls left today.
    const tier: CallTier = payload.silver === true && caller.kind === 'user' ? 'silver' : 'standard'
    const timezoneOffset = typeof payload.timezoneOffset === 'number' ? payload.timezoneOffset : 0
    let silverPrice = 0
    if (tier === 'silver') {
      const club = clubStmt.get(anchor.jid) as { isClub: number; silverPrice: number } | undefined
      if (!club || club.isClub !== 1) {
        send(from, 'SessionFail', { reason: 'not-club-anchor', callee: calleeJid })
        return
      }
      if (silverCallsLeft(db, payer, timers.now(), timezoneOffset) === 0) {
        send(from, 'CallCancel', { reason: 'silver-times-used', callee: calleeJid, availableTimes: 0 })
        return
      }
      silverPrice = club.silverPrice
    }
    let free: FreeKind | null = null
    if (tier === 'standard' && payload.free === true && caller.kind === 'user') {
      if (freeLeft(payer, 'first')) free = 'first'
      else if (freeLeft(payer, 'paid')) free = 'paid'
    }
    const session: CallSession = {
      sid: newSid(),
      caller: { bare: caller.jid, full: from, kind: caller.kind },
      callee: { bare: callee.jid, full: callee.jid, kind: callee.kind },
      payer: payer.jid,
      price: tier === 'silver' ? silverPrice : price,
      free,
      freeKind: free,
      tier,
      freeDurationMs: free === null ? 0 : freeCallDurationS(free) * 1000,
      continuePaid: payload.continuePaid === true,
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
      timers: [],
    }
    if (caller.kind === 'anchor') {
      // SPEC §5 call-back: the user must have more gems than the price, or paid free calls left.
      if (!(payer.gems_balance > price || freeLeft(payer, 'paid'))) {
        send(from, 'SessionFail', { reason: 'coins_insufficient', callee: calleeJid })
        return
      }
    }
    if (!holdMinute(session)) {
      const reason = tier === 'silver' ? 'silver-insufficient' : 'gems-insufficient'
      send(from, 'CallCancel', { reason, callee: calleeJid, price: session.price })
      log(`call to ${calleeJid} refused: ${payer.jid} has ${payer.gems_balance} gems, price ${price}`)
      return
    }
    sessions.set(session.sid, session)
    insertRecord.run(session.sid, caller.jid, callee.jid, payer.jid, session.price, tier === 'silver' ? SILVER_RECORD_KIND : session.freeKind, session.startTime, session.held)
    if (tier === 'silver') {
      // What the caller's screen shows: the silver price and balance, how long, and the calls left after this one.
      const silverBalance = (silverStmt.get(payer.jid) as { silver_balance: number } | undefined)?.silver_balance ?? 0
      const silverTimesLeft = Math.max(0, silverCallsLeft(db, payer, timers.now(), timezoneOffset) - 1)
      send(from, 'SessionSuccess', { sid: session.sid, iceServers, price: session.price, free: null, tier, silverCallDuration: SILVER_CALL_DURATION_S, silverTimesLeft, silverBalance, gemsBalance: balanceOf(payer.jid) })
    } else {
      // A free call tells how long it is free and whether it goes on at `price` afterwards.
      const freeTerms = free === null ? {} : { freeDuration: session.freeDurationMs / 1000, continuePaid: session.continuePaid }
      send(from, 'SessionSuccess', { sid: session.sid, iceServers, price, free, ...freeTerms, gemsBalance: balanceOf(payer.jid) })
    }
    send(callee.jid, 'CallIn', { sid: session.sid, caller: caller.jid, price: session.price, free, tier, iceServers })
    later(session, ringTimeoutMs, () => {
      const current = sessions.get(session.sid)
      if (!current || current.state !== 'ringing') return
      send(current.caller.full, 'CallError', { sid: current.sid, reason: 'timeOut' })
      send(current.callee.full, 'CallCancel', { sid: current.sid, reason: 'timeOut' })
      finish(current, 'missed', 'timeOut')
    })
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
          if (other) send(other.full, 'SessionTerminate', { sid: session.sid, reason: 'peer-hangup' })
          finish(session, session.state === 'connected' ? 'ended' : 'cancelled', 'hangup')
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
    rechargeSucceeded(jid, orderId) {
      const bare = bareJid(jid)
      send(bare, 'ReChargeSuccess', orderId === undefined ? { gemsBalance: balanceOf(bare) } : { gemsBalance: balanceOf(bare), orderId })
    },
    activeSids: () => [...sessions.keys()],
    close() {
      stopOrderNotices()
      for (const session of [...sessions.values()]) terminate(session, 'server-closing')
    },
  }
  return hubApi
}
