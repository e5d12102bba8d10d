/**
 * The hub's billing: what a call costs and who pays, decided on the server only, never by a browser
 * timer. The payer is the user side; every started minute costs the price. The first minute is held
 * when the call is requested and charged when it is answered; each further minute is taken at its
 * start, or the call ends for want of gems. Free calls bill nothing while their free time runs, then
 * end or go on as paid calls; a call whose next minute cannot be paid may wait for a purchase. Every
 * movement goes through the ledger; the payer hears of its balance through ReChargeSuccess.
 */
import type { DatabaseSync } from 'node:sqlite'
import { MATCH_TO_FLASH_S, SILVER_CALL_DURATION_S, SILVER_PER_PAID_CLUB_MINUTE } from '../constants.ts'
import { createLedger } from '../db/ledger.ts'
import { onOrderSettled } from '../world/payments.ts'
import { keptDayOffsetOfJid } from '../world/userDay.ts'
import { freeCallDurationS, freeCallsLeft, silverCallsLeft, type FreeKind } from './callRecords.ts'
import { bareJid, type CallSession, type CallTier, type HubAccount, type HubPayload, type HubTimers } from './hubSession.ts'

/** Billing unit: every started minute is charged. */
const HUB_BILLING_UNIT_MS = 60_000
/**
 * How long a call waits for a purchase when the next minute cannot be paid (our choice): a free call
 * whose time is over and whose user agreed to go on, or a paid call whose user started a purchase
 * during it (the user may be paying in the payment window). The wait is not free talk: paid minutes
 * count from its start.
 */
export const HUB_RECHARGE_GRACE_MS = 120_000

/** What the protocol side lends billing: the live calls, timers scoped to a call, the record, the end of a call. */
export interface HubBillingOptions {
  db: DatabaseSync
  send: (to: string, action: string, payload: HubPayload) => void
  timers: HubTimers
  log: (line: string) => void
  sessions: ReadonlyMap<string, CallSession>
  later(session: CallSession, ms: number, callback: () => void): void
  persist(session: CallSession, state: string, reason: string, ended: boolean): void
  terminate(session: CallSession, reason: string): void
}

/** The terms of a requested call: who pays, at what price, and whether it is free or silver. */
interface CallTerms {
  payer: HubAccount
  /** The anchor's price a minute (`private_chat_price`), what a standard call costs. */
  anchorPrice: number
  /** What this call costs a minute: the anchor's price, or its silverCallPrice for a silver call. */
  price: number
  tier: CallTier
  free: FreeKind | null
  freeDurationMs: number
  continuePaid: boolean
  timezoneOffset: number
}

export interface HubBilling {
  /** The terms of a SessionRequest, or null when refused (the refusal is sent). */
  terms(from: string, caller: HubAccount, callee: HubAccount, calleeJid: string, payload: HubPayload): CallTerms | null
  /** Whether the call may ring: the call-back rule and the first minute held; the refusal is sent otherwise. */
  admit(from: string, session: CallSession, terms: CallTerms, calleeJid: string): boolean
  /** SessionSuccess for the caller: the price and the balance its screen shows. */
  sessionSuccess(session: CallSession, terms: CallTerms): HubPayload
  /** The call was answered: the held minute is charged and the next one scheduled (paid calls). */
  startBilling(session: CallSession): void
  /** Media is back after a pause: a minute that fell due during it is charged now (or later, moved by the gap). */
  resume(session: CallSession): void
  /** The answered call's time limits: a silver call's duration, a free call's free time. */
  startTimeLimits(session: CallSession): void
  /** Gives back what was held and not earned; answers how much. */
  refundHold(session: CallSession): number
  /** Tells the payer its balance after a refund (gem calls only). */
  announceRefund(session: CallSession): void
  /**
   * An ended call with a club host, paid in gems: `SILVER_PER_PAID_CLUB_MINUTE` silver for every
   * whole minute paid, credited with a `club_call` reward record. Answers the silver credited.
   */
  rewardClubCall(session: CallSession): number
  rechargeSucceeded(jid: string, orderId?: string): void
  close(): void
}

export function createHubBilling(options: HubBillingOptions): HubBilling {
  const { db, send, timers, log, sessions, later, persist, terminate } = options
  const ledger = createLedger(db)
  const uidJidStmt = db.prepare('SELECT jid FROM users WHERE uid = ?')
  // A paid order (simulator or development endpoint) is announced to its user (SPEC §4 ReChargeSuccess).
  const stopOrderNotices = onOrderSettled(db, (order) => {
    if (order.status !== 'success') return
    const jid = (uidJidStmt.get(order.uid) as { jid: string } | undefined)?.jid
    if (jid) rechargeSucceeded(jid, order.order_id)
    // A call waiting for this user's purchase goes on now, if the gems cover a minute.
    for (const session of [...sessions.values()]) {
      if (session.graceSince === null || session.payer !== jid) continue
      if (session.graceFor === 'free') freeTimeUp(session)
      else payNextMinute(session)
    }
  })

  const priceStmt = db.prepare('SELECT a.private_chat_price AS price FROM anchors a JOIN users u ON u.uid = a.uid WHERE u.jid = ?')
  const purchaseSinceStmt = db.prepare("SELECT 1 FROM orders o JOIN users u ON u.uid = o.uid WHERE u.jid = ? AND o.created_at >= ? AND o.status = 'pending' LIMIT 1")
  const earnedStmt = db.prepare('UPDATE call_records SET silver_earned = ? WHERE sid = ?')
  const clubStmt = db.prepare('SELECT a.is_club AS isClub, a.silver_call_price AS silverPrice FROM anchors a JOIN users u ON u.uid = a.uid WHERE u.jid = ?')

  /** The payer started a purchase since `since` that is still pending: they may be paying right now. */
  function purchaseStartedSince(jid: string, since: number): boolean {
    return purchaseSinceStmt.get(jid, since) !== undefined
  }

  function balanceOf(jid: string): number {
    return ledger.findGems({ jid }) ?? 0
  }

  function freeLeft(payer: HubAccount, kind: FreeKind): boolean {
    return freeCallsLeft(db, payer, kind) > 0
  }

  function rechargeSucceeded(jid: string, orderId?: string): void {
    const bare = bareJid(jid)
    send(bare, 'ReChargeSuccess', orderId === undefined ? { gemsBalance: balanceOf(bare) } : { gemsBalance: balanceOf(bare), orderId })
  }

  /** Takes one minute's price into the hold; false when the payer cannot afford it. */
  function holdMinute(session: CallSession): boolean {
    if (session.free !== null || session.price === 0) return true
    const payer = { jid: session.payer }
    const held = session.tier === 'silver' ? ledger.debitSilver(payer, session.price) : ledger.debitGems(payer, session.price)
    if (!held) return false
    session.held += session.price
    return true
  }

  /** The minute that starts now is earned: the hold becomes a charge. */
  function chargeHeldMinute(session: CallSession): void {
    session.minutes += 1
    session.charged += session.held
    if (session.tier === 'silver' && session.held > 0) ledger.recordSilverSpent({ jid: session.payer }, session.held)
    session.held = 0
  }

  function scheduleNextMinute(session: CallSession): void {
    // A silver call ends at silverCallDuration: no minute starts at or after that.
    if (session.tier === 'silver' && session.minutes * HUB_BILLING_UNIT_MS >= SILVER_CALL_DURATION_S * 1000) return
    later(session, Math.max(0, nextMinuteAt(session) - timers.now()), () => payNextMinute(session))
  }

  /**
   * A minute base whose next minute starts at `at`: the media-down time so far is taken off, as
   * `nextMinuteAt` adds all of it.
   */
  function rebase(session: CallSession, at: number): { at: number; minutes: number } {
    return { at: at - session.pausedMs, minutes: session.minutes }
  }

  /** When the next minute starts: counted from the minute base, moved by the time media was down. */
  function nextMinuteAt(session: CallSession): number {
    return session.minuteBase.at + session.pausedMs + (session.minutes - session.minuteBase.minutes) * HUB_BILLING_UNIT_MS
  }

  /**
   * A minute of a paid call starts (or, during a wait, a purchase settled): it is charged, or the call
   * ends for want of gems — unless the payer started a purchase during this call, when it waits for
   * it (`HUB_RECHARGE_GRACE_MS`); a settled order tries again.
   */
  function payNextMinute(session: CallSession): void {
    if (!sessions.has(session.sid)) return
    // Media is down: no minute starts until it is back (resume pays it then).
    if (session.pausedSince !== null) {
      session.minuteDue = true
      return
    }
    // Scheduled before a pause moved the minute: wait for its new start.
    if (session.graceSince === null && timers.now() < nextMinuteAt(session)) {
      scheduleNextMinute(session)
      return
    }
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
    if (session.graceSince !== null) session.minuteBase = rebase(session, session.graceSince)
    session.graceSince = null
    session.graceFor = null
    chargeHeldMinute(session)
    persist(session, 'connected', '', false)
    if (session.tier !== 'silver') send(session.payer, 'ReChargeSuccess', { sid: session.sid, gemsBalance: balanceOf(session.payer), charged: session.charged })
    scheduleNextMinute(session)
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
    session.minuteBase = rebase(session, session.graceSince ?? timers.now())
    session.graceSince = null
    session.graceFor = null
    chargeHeldMinute(session)
    persist(session, 'connected', '', false)
    send(session.payer, 'ReChargeSuccess', { sid: session.sid, gemsBalance: balanceOf(session.payer), charged: session.charged, converted: true })
    log(`call ${session.sid}: free time over, now ${session.price} gems a minute`)
    scheduleNextMinute(session)
  }

  return {
    terms(from, caller, callee, calleeJid, payload) {
      const anchor = caller.kind === 'anchor' ? caller : callee
      const payer = caller.kind === 'user' ? caller : callee
      const anchorPrice = (priceStmt.get(anchor.jid) as { price: number } | undefined)?.price ?? 0
      // A silver call: only a user calling a club host, only with silver calls left today.
      const tier: CallTier = payload.silver === true && caller.kind === 'user' ? 'silver' : 'standard'
      // The payer's day as the server keeps it (world/userDay.ts); the call's own report only for an
      // account that never made a signed-in request.
      const timezoneOffset = keptDayOffsetOfJid(db, payer.jid) ?? (typeof payload.timezoneOffset === 'number' ? payload.timezoneOffset : 0)
      let silverPrice = 0
      if (tier === 'silver') {
        const club = clubStmt.get(anchor.jid) as { isClub: number; silverPrice: number } | undefined
        if (!club || club.isClub !== 1) {
          send(from, 'SessionFail', { reason: 'not-club-anchor', callee: calleeJid })
          return null
        }
        if (silverCallsLeft(db, payer, timers.now(), timezoneOffset) === 0) {
          send(from, 'CallCancel', { reason: 'silver-times-used', callee: calleeJid, availableTimes: 0 })
          return null
        }
        silverPrice = club.silverPrice
      }
      let free: FreeKind | null = null
      if (tier === 'standard' && payload.free === true && caller.kind === 'user') {
        if (freeLeft(payer, 'first')) free = 'first'
        else if (freeLeft(payer, 'paid')) free = 'paid'
      }
      return {
        payer,
        anchorPrice,
        price: tier === 'silver' ? silverPrice : anchorPrice,
        tier,
        free,
        freeDurationMs: free === null ? 0 : freeCallDurationS(free) * 1000,
        continuePaid: payload.continuePaid === true,
        timezoneOffset,
      }
    },
    admit(from, session, terms, calleeJid) {
      const { payer, anchorPrice } = terms
      if (session.caller.kind === 'anchor') {
        // SPEC §5 call-back: the user must have more gems than the price, or paid free calls left.
        if (!(payer.gems_balance > anchorPrice || freeLeft(payer, 'paid'))) {
          send(from, 'SessionFail', { reason: 'coins_insufficient', callee: calleeJid })
          return false
        }
      }
      if (!holdMinute(session)) {
        const reason = session.tier === 'silver' ? 'silver-insufficient' : 'gems-insufficient'
        send(from, 'CallCancel', { reason, callee: calleeJid, price: session.price })
        log(`call to ${calleeJid} refused: ${payer.jid} has ${payer.gems_balance} gems, price ${anchorPrice}`)
        return false
      }
      return true
    },
    sessionSuccess(session, terms) {
      const { payer } = terms
      if (session.tier === 'silver') {
        // What the caller's screen shows: the silver price and balance, how long, and the calls left after this one.
        const silverBalance = ledger.findSilver({ jid: payer.jid }) ?? 0
        const silverTimesLeft = Math.max(0, silverCallsLeft(db, payer, timers.now(), terms.timezoneOffset) - 1)
        return { sid: session.sid, price: session.price, free: null, tier: session.tier, silverCallDuration: SILVER_CALL_DURATION_S, silverTimesLeft, silverBalance, gemsBalance: balanceOf(payer.jid) }
      }
      // A free call tells how long it is free and whether it goes on at `price` afterwards.
      const freeTerms = terms.free === null ? {} : { freeDuration: session.freeDurationMs / 1000, continuePaid: session.continuePaid }
      return { sid: session.sid, price: terms.anchorPrice, free: terms.free, ...freeTerms, gemsBalance: balanceOf(payer.jid) }
    },
    startBilling(session) {
      session.minuteBase = { at: session.connectingTime ?? timers.now(), minutes: 0 }
      chargeHeldMinute(session)
      persist(session, 'connected', '', false)
      // A free call bills nothing while its free time runs; what follows is decided when it is over.
      if (session.free === null) scheduleNextMinute(session)
    },
    resume(session) {
      if (!session.minuteDue) return
      session.minuteDue = false
      scheduleNextMinute(session)
    },
    startTimeLimits(session) {
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
    },
    refundHold(session) {
      const refunded = session.held
      if (refunded > 0) {
        const payer = { jid: session.payer }
        if (session.tier === 'silver') ledger.creditSilver(payer, refunded)
        else ledger.creditGems(payer, refunded)
        session.held = 0
      }
      return refunded
    },
    announceRefund(session) {
      // The payer's app may already have read its balance while the hold was still taken (it refreshes
      // the moment its own side ends): tell it what the balance is after the refund.
      if (session.tier !== 'silver') send(session.payer, 'ReChargeSuccess', { sid: session.sid, gemsBalance: balanceOf(session.payer), charged: session.charged })
    },
    rewardClubCall(session) {
      if (session.tier !== 'standard' || session.price <= 0 || session.charged <= 0) return 0
      const anchor = session.caller.kind === 'anchor' ? session.caller : session.callee
      const club = clubStmt.get(anchor.bare) as { isClub: number } | undefined
      if (club?.isClub !== 1) return 0
      // Whole minutes paid in gems (what was charged after the refund; free time is never charged).
      const silver = Math.floor(session.charged / session.price) * SILVER_PER_PAID_CLUB_MINUTE
      if (silver <= 0) return 0
      ledger.transaction(() => {
        ledger.creditSilver({ jid: session.payer }, silver)
        earnedStmt.run(silver, session.sid)
        db.prepare(
          'INSERT INTO club_rewards (uid, silver, reason, anchor_jid, created_at) SELECT uid, ?, ?, ?, ? FROM users WHERE jid = ?',
        ).run(silver, 'club_call', anchor.bare, timers.now(), session.payer)
      })
      return silver
    },
    rechargeSucceeded,
    close: stopOrderNotices,
  }
}
