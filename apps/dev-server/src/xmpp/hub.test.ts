import { DatabaseSync } from 'node:sqlite'
import { beforeEach, describe, expect, it } from 'vitest'
import { migrate } from '../db/migrations.ts'
import { seed } from '../db/seed.ts'
import { createOrder, settleOrder } from '../world/payments.ts'
import { callRecordsOf, freeCallsLeft } from './callRecords.ts'
import { HUB_MEDIA_RECOVERY_BOUND_MS, HUB_RECHARGE_GRACE_MS, createHub, type Hub, type HubPayload, type HubTimers } from './hub.ts'
import { createIceIssuer, turnCredential, type IceIssuer } from './iceServers.ts'

const NOW = Date.UTC(2025, 5, 10, 12, 0, 0)
const USER = 'user_100001@localhost' // paid, 500 gems
const FREE_USER = 'user_100002@localhost' // free, 0 gems
const ANCHOR = 'anchor_200001@localhost' // price 60
const USER_FULL = `${USER}/web_fachat`
const ANCHOR_FULL = `${ANCHOR}/web_fachat`
const TURN = { host: '127.0.0.1', port: 3478, secret: 'turn-secret' }
/** TURN credentials live ten minutes in these tests. */
const TURN_TTL_S = 600

/** A manual clock: timers fire only when the test advances time. */
function manualTimers(): HubTimers & { advance(ms: number): void } {
  let now = NOW
  let seq = 0
  const pending = new Map<number, { at: number; callback: () => void }>()
  return {
    now: () => now,
    setTimeout(callback, ms) {
      seq += 1
      pending.set(seq, { at: now + ms, callback })
      return seq
    },
    clearTimeout(handle) {
      pending.delete(handle as number)
    },
    advance(ms) {
      const end = now + ms
      for (;;) {
        const next = [...pending.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0]
        if (!next) break
        pending.delete(next[0])
        now = next[1].at
        next[1].callback()
      }
      now = end
    },
  }
}

let db: DatabaseSync
let clock: ReturnType<typeof manualTimers>
let sent: Array<{ to: string; action: string; payload: HubPayload }>
let hub: Hub
let sids: number
let ice: IceIssuer

/** The ICE fields a call started at `now` carries. */
function grantAt(now: number) {
  return createIceIssuer(TURN, TURN_TTL_S).grant([USER, ANCHOR], now)
}

function gems(jid: string): number {
  return (db.prepare('SELECT gems_balance FROM users WHERE jid = ?').get(jid) as { gems_balance: number }).gems_balance
}
function setGems(jid: string, value: number): void {
  db.prepare('UPDATE users SET gems_balance = ? WHERE jid = ?').run(value, jid)
}
function last(action: string, to?: string) {
  return sent.filter((m) => m.action === action && (to === undefined || m.to === to)).at(-1)
}

beforeEach(() => {
  db = new DatabaseSync(':memory:')
  migrate(db)
  seed(db, { domain: 'localhost', now: NOW })
  clock = manualTimers()
  sent = []
  sids = 0
  ice = createIceIssuer(TURN, TURN_TTL_S)
  hub = createHub({ db, timers: clock, send: (to, action, payload) => sent.push({ to, action, payload }), newSid: () => `sid-${++sids}`, ice })
})

function startCall(): string {
  hub.handle(USER_FULL, 'SessionRequest', { callee: ANCHOR })
  const success = last('SessionSuccess', USER_FULL)
  expect(success).toBeDefined()
  return success!.payload.sid as string
}

function connectCall(): string {
  const sid = startCall()
  hub.handle(ANCHOR_FULL, 'CallReady', { sid })
  hub.handle(ANCHOR_FULL, 'CallAccept', { sid })
  return sid
}

function heartbeats(sid: string, ms: number, caller = USER_FULL): void {
  for (let t = 0; t < ms; t += 5_000) {
    clock.advance(5_000)
    hub.handle(caller, 'SessionHeartbeat', { sid })
    hub.handle(ANCHOR_FULL, 'SessionHeartbeat', { sid })
  }
}

describe('SessionRequest', () => {
  it('holds the first minute and answers SessionSuccess {sid, iceServers}; the callee gets CallIn', () => {
    const sid = startCall()
    expect(gems(USER)).toBe(440)
    expect(last('SessionSuccess')!.payload).toEqual({ sid, ...grantAt(NOW), price: 60, free: null, gemsBalance: 440 })
    expect(last('CallIn', ANCHOR)!.payload).toMatchObject({ sid, caller: USER, price: 60 })
  })

  it("refuses a caller who cannot pay the first minute with CallCancel {reason:'gems-insufficient'}", () => {
    setGems(USER, 59)
    hub.handle(USER_FULL, 'SessionRequest', { callee: ANCHOR })
    expect(last('CallCancel', USER_FULL)!.payload).toMatchObject({ reason: 'gems-insufficient' })
    expect(gems(USER)).toBe(59)
    expect(sent.some((m) => m.action === 'CallIn')).toBe(false)
  })

  it('fails an unknown callee and a busy side with SessionFail', () => {
    hub.handle(USER_FULL, 'SessionRequest', { callee: 'anchor_999@localhost' })
    expect(last('SessionFail')!.payload.reason).toBe('callee-unknown')
    startCall()
    hub.handle(`${FREE_USER}/web_fachat`, 'SessionRequest', { callee: ANCHOR })
    expect(last('SessionFail')!.payload.reason).toBe('busy')
  })

  it('a free first call (asked for) costs nothing for an unpaid user, once; it ends at its duration', () => {
    hub.handle(`${FREE_USER}/web_fachat`, 'SessionRequest', { callee: ANCHOR, free: true })
    const sid = last('SessionSuccess')!.payload.sid as string
    expect(last('SessionSuccess')!.payload.free).toBe('first')
    hub.handle(ANCHOR_FULL, 'CallAccept', { sid })
    heartbeats(sid, 60_000, `${FREE_USER}/web_fachat`)
    expect(last('SessionTerminate')!.payload).toEqual({ sid, reason: 'free-call-ended' })
    expect(gems(FREE_USER)).toBe(0)
    hub.handle(`${FREE_USER}/web_fachat`, 'SessionRequest', { callee: ANCHOR, free: true })
    expect(last('CallCancel')!.payload.reason).toBe('gems-insufficient')
  })

  it('a free first call tells its terms; with the user\'s consent it goes on at the price when the free time is over', () => {
    const caller = `${FREE_USER}/web_fachat`
    setGems(FREE_USER, 130)
    hub.handle(caller, 'SessionRequest', { callee: ANCHOR, free: true, continuePaid: true })
    const sid = last('SessionSuccess')!.payload.sid as string
    expect(last('SessionSuccess')!.payload).toMatchObject({ free: 'first', freeDuration: 60, continuePaid: true, price: 60, gemsBalance: 130 })
    expect(freeCallsLeft(db, { jid: FREE_USER, paid: 0 }, 'first')).toBe(1)
    hub.handle(ANCHOR_FULL, 'CallAccept', { sid })
    expect(freeCallsLeft(db, { jid: FREE_USER, paid: 0 }, 'first')).toBe(0)
    heartbeats(sid, 55_000, caller)
    expect(gems(FREE_USER)).toBe(130)
    heartbeats(sid, 5_000, caller)
    // Converted: the first paid minute is charged at once and the balance reported.
    expect(last('ReChargeSuccess', FREE_USER)!.payload).toEqual({ sid, gemsBalance: 70, charged: 60, converted: true })
    expect(last('SessionTerminate')).toBeUndefined()
    heartbeats(sid, 60_000, caller)
    expect(gems(FREE_USER)).toBe(10)
    // The third minute cannot be paid: the call ends there.
    heartbeats(sid, 60_000, caller)
    expect(last('SessionTerminate')!.payload).toEqual({ sid, reason: 'gems-insufficient' })
    expect(callRecordsOf(db, FREE_USER)[0]).toMatchObject({ sid, free_kind: 'first', state: 'ended', minutes: 3, gems_charged: 120, price: 60 })
  })

  it('a free call without gems for the next minute waits for a purchase (bounded), then ends, charging nothing', () => {
    const caller = `${FREE_USER}/web_fachat`
    hub.handle(caller, 'SessionRequest', { callee: ANCHOR, free: true, continuePaid: true })
    const sid = last('SessionSuccess')!.payload.sid as string
    hub.handle(ANCHOR_FULL, 'CallAccept', { sid })
    heartbeats(sid, 60_000, caller)
    expect(last('SessionTerminate')).toBeUndefined()
    heartbeats(sid, 120_000, caller)
    expect(last('SessionTerminate')!.payload).toEqual({ sid, reason: 'free-call-ended' })
    expect(gems(FREE_USER)).toBe(0)
    expect(callRecordsOf(db, FREE_USER)[0]).toMatchObject({ sid, free_kind: 'first', minutes: 1, gems_charged: 0 })
  })

  it('gems bought during the free time keep the call going when it is over', () => {
    const caller = `${FREE_USER}/web_fachat`
    hub.handle(caller, 'SessionRequest', { callee: ANCHOR, free: true, continuePaid: true })
    const sid = last('SessionSuccess')!.payload.sid as string
    hub.handle(ANCHOR_FULL, 'CallAccept', { sid })
    heartbeats(sid, 30_000, caller)
    // The user buys the 60-gem package from the in-call recharge sheet (a first purchase: 60 + 12 bonus).
    const order = createOrder(db, '100002', { clientOrderKey: 'in-call', sku: 'gems_60', country: 'US', channelId: 'card', fbp: '', fbc: '' }, clock.now())
    if (typeof order === 'string') throw new Error(order)
    settleOrder(db, order.order_id, 'success', clock.now())
    const bought = gems(FREE_USER)
    expect(bought).toBe(72)
    heartbeats(sid, 30_000, caller)
    expect(last('ReChargeSuccess', FREE_USER)!.payload).toMatchObject({ sid, charged: 60, converted: true, gemsBalance: bought - 60 })
    expect(last('SessionTerminate')).toBeUndefined()
  })

  it('gems bought just after the free time, while the call waits, keep it going; paid minutes count from the end of the free time', () => {
    const caller = `${FREE_USER}/web_fachat`
    hub.handle(caller, 'SessionRequest', { callee: ANCHOR, free: true, continuePaid: true })
    const sid = last('SessionSuccess')!.payload.sid as string
    hub.handle(ANCHOR_FULL, 'CallAccept', { sid })
    heartbeats(sid, 90_000, caller)
    expect(last('SessionTerminate')).toBeUndefined()
    const order = createOrder(db, '100002', { clientOrderKey: 'after-free', sku: 'gems_60', country: 'US', channelId: 'card', fbp: '', fbc: '' }, clock.now())
    if (typeof order === 'string') throw new Error(order)
    settleOrder(db, order.order_id, 'success', clock.now())
    expect(last('ReChargeSuccess', FREE_USER)!.payload).toMatchObject({ sid, charged: 60, converted: true, gemsBalance: 12 })
    // The first paid minute began when the free time ended (60 s): the next one is due at 120 s, and 12 gems cannot pay it.
    heartbeats(sid, 30_000, caller)
    expect(last('SessionTerminate')!.payload).toEqual({ sid, reason: 'gems-insufficient' })
  })

  it('without the user\'s consent a free call ends at its duration even with gems to pay', () => {
    const caller = `${FREE_USER}/web_fachat`
    setGems(FREE_USER, 500)
    hub.handle(caller, 'SessionRequest', { callee: ANCHOR, free: true })
    const sid = last('SessionSuccess')!.payload.sid as string
    hub.handle(ANCHOR_FULL, 'CallAccept', { sid })
    heartbeats(sid, 60_000, caller)
    expect(last('SessionTerminate')!.payload).toEqual({ sid, reason: 'free-call-ended' })
    expect(gems(FREE_USER)).toBe(500)
  })

  it('an unanswered free call does not use the free call up', () => {
    const caller = `${FREE_USER}/web_fachat`
    hub.handle(caller, 'SessionRequest', { callee: ANCHOR, free: true })
    const sid = last('SessionSuccess')!.payload.sid as string
    hub.handle(ANCHOR_FULL, 'CallCancel', { sid })
    expect(freeCallsLeft(db, { jid: FREE_USER, paid: 0 }, 'first')).toBe(1)
    hub.handle(caller, 'SessionRequest', { callee: ANCHOR, free: true })
    expect(last('SessionSuccess')!.payload.free).toBe('first')
  })

  it('a paid user\'s free call converts at its duration with consent and bills from there', () => {
    hub.handle(USER_FULL, 'SessionRequest', { callee: ANCHOR, free: true, continuePaid: true })
    const sid = last('SessionSuccess')!.payload.sid as string
    expect(last('SessionSuccess')!.payload).toMatchObject({ free: 'paid', freeDuration: 60 })
    hub.handle(ANCHOR_FULL, 'CallAccept', { sid })
    heartbeats(sid, 60_000)
    expect(gems(USER)).toBe(440)
    expect(freeCallsLeft(db, { jid: USER, paid: 1 }, 'paid')).toBe(0)
    hub.handle(USER_FULL, 'SessionTerminate', { sid })
    expect(callRecordsOf(db, USER)[0]).toMatchObject({ sid, free_kind: 'paid', minutes: 2, gems_charged: 60 })
    // The free call is used: the next one asks for it in vain and is paid from the first minute.
    hub.handle(USER_FULL, 'SessionRequest', { callee: ANCHOR, free: true })
    expect(last('SessionSuccess')!.payload).toMatchObject({ free: null, gemsBalance: 380 })
  })

  it('a paid user\'s free call sends MatchToFlash at matchToFlashTime', () => {
    hub.handle(USER_FULL, 'SessionRequest', { callee: ANCHOR, free: true })
    const sid = last('SessionSuccess')!.payload.sid as string
    expect(last('SessionSuccess')!.payload.free).toBe('paid')
    hub.handle(ANCHOR_FULL, 'CallAccept', { sid })
    heartbeats(sid, 15_000)
    expect(last('MatchToFlash', USER)!.payload).toEqual({ sid, after: 15 })
    expect(gems(USER)).toBe(500)
  })
})

describe('call-back from an anchor (SPEC §5)', () => {
  it("is refused with 'coins_insufficient' unless the user has more gems than the price or free times", () => {
    hub.handle(ANCHOR_FULL, 'SessionRequest', { callee: FREE_USER })
    expect(last('SessionFail', ANCHOR_FULL)!.payload.reason).toBe('coins_insufficient')
    setGems(FREE_USER, 60)
    hub.handle(ANCHOR_FULL, 'SessionRequest', { callee: FREE_USER })
    expect(last('SessionFail', ANCHOR_FULL)!.payload.reason).toBe('coins_insufficient')
    setGems(FREE_USER, 61)
    hub.handle(ANCHOR_FULL, 'SessionRequest', { callee: FREE_USER })
    expect(last('CallIn', FREE_USER)!.payload).toMatchObject({ caller: ANCHOR, price: 60 })
    expect(gems(FREE_USER)).toBe(1)
  })
})

describe('ringing', () => {
  it('CallAccept → PeerAnswered to the caller; negotiation is relayed both ways', () => {
    const sid = connectCall()
    expect(last('PeerAnswered', USER_FULL)!.payload).toMatchObject({ sid })
    hub.handle(USER_FULL, 'WebRTCContent', { sid, step: 'offer', sdp: 'x' })
    expect(last('WebRTCContent', ANCHOR_FULL)!.payload).toEqual({ sid, step: 'offer', sdp: 'x' })
    hub.handle(ANCHOR_FULL, 'WebRTCContent', { sid, step: 'answer', sdp: 'y' })
    expect(last('WebRTCContent', USER_FULL)!.payload).toEqual({ sid, step: 'answer', sdp: 'y' })
  })

  it('the callee rejecting refunds the hold and records the call', () => {
    const sid = startCall()
    hub.handle(ANCHOR_FULL, 'CallCancel', { sid })
    expect(last('CallCancel', USER_FULL)!.payload).toEqual({ sid, reason: 'rejected' })
    expect(gems(USER)).toBe(500)
    expect(callRecordsOf(db, USER)[0]).toMatchObject({ sid, state: 'cancelled', reason: 'rejected', gems_charged: 0, minutes: 0 })
  })

  it('the caller cancelling tells the callee', () => {
    const sid = startCall()
    hub.handle(USER_FULL, 'CallCancel', { sid })
    expect(last('CallCancel', ANCHOR)!.payload).toEqual({ sid, reason: 'cancelled' })
    expect(gems(USER)).toBe(500)
    // The caller's app may have read its balance before the refund: the hub tells it the new one.
    expect(last('ReChargeSuccess', USER)!.payload).toEqual({ sid, gemsBalance: 500, charged: 0 })
  })

  it("no answer within 60 s: CallError 'timeOut' to the caller, CallCancel to the callee, hold refunded", () => {
    const sid = startCall()
    clock.advance(59_999)
    expect(hub.activeSids()).toEqual([sid])
    clock.advance(1)
    expect(last('CallError', USER_FULL)!.payload).toEqual({ sid, reason: 'timeOut' })
    expect(last('CallCancel', ANCHOR)!.payload).toEqual({ sid, reason: 'timeOut' })
    expect(gems(USER)).toBe(500)
    expect(callRecordsOf(db, ANCHOR)[0]).toMatchObject({ state: 'missed', reason: 'timeOut' })
  })

  it('a bounced CallIn (callee unreachable) cancels the call', () => {
    const sid = startCall()
    hub.bounced(`${ANCHOR}/whatever`)
    expect(last('CallCancel', USER_FULL)!.payload).toEqual({ sid, reason: 'unavailable' })
    expect(gems(USER)).toBe(500)
  })
})

describe('billing while connected', () => {
  it('charges every started minute while heartbeats arrive; the record matches', () => {
    const sid = connectCall()
    expect(gems(USER)).toBe(440)
    heartbeats(sid, 60_000)
    expect(gems(USER)).toBe(380) // the second minute started
    expect(last('ReChargeSuccess', USER)!.payload).toMatchObject({ sid, gemsBalance: 380, charged: 120 })
    heartbeats(sid, 30_000)
    hub.handle(USER_FULL, 'SessionTerminate', { sid })
    expect(last('SessionTerminate', ANCHOR_FULL)!.payload).toEqual({ sid, reason: 'peer-hangup' })
    expect(gems(USER)).toBe(380)
    expect(callRecordsOf(db, USER)[0]).toMatchObject({ sid, state: 'ended', reason: 'hangup', minutes: 2, gems_charged: 120, price: 60 })
  })

  it('ends the call with SessionTerminate when the gems run out', () => {
    setGems(USER, 100)
    const sid = connectCall()
    heartbeats(sid, 60_000)
    expect(last('SessionTerminate', USER_FULL)!.payload).toEqual({ sid, reason: 'gems-insufficient' })
    expect(last('SessionTerminate', ANCHOR_FULL)!.payload).toEqual({ sid, reason: 'gems-insufficient' })
    expect(gems(USER)).toBe(40)
    expect(callRecordsOf(db, USER)[0]).toMatchObject({ minutes: 1, gems_charged: 60, reason: 'gems-insufficient' })
  })

  it('a paid call whose gems run out while a purchase started during it is pending waits for it; billing goes on from the minute that was due', () => {
    setGems(USER, 100)
    const sid = connectCall()
    heartbeats(sid, 30_000)
    // 40 gems left cannot pay the next minute: the user opens the in-call store and starts paying.
    const order = createOrder(db, '100001', { clientOrderKey: 'in-paid-call', sku: 'gems_60', country: 'US', channelId: 'card', fbp: '', fbc: '' }, clock.now())
    if (typeof order === 'string') throw new Error(order)
    heartbeats(sid, 30_000)
    expect(last('SessionTerminate')).toBeUndefined()
    expect(gems(USER)).toBe(40)
    heartbeats(sid, 40_000)
    settleOrder(db, order.order_id, 'success', clock.now())
    // 40 + 72 bought (60 and the first-purchase bonus); the minute that was due at 60 s is charged now.
    expect(last('ReChargeSuccess', USER)!.payload).toMatchObject({ sid, gemsBalance: 52, charged: 120 })
    expect(last('SessionTerminate')).toBeUndefined()
    // The next minute is due at 120 s (60 s after the wait began), and 52 gems cannot pay it: no purchase pending now.
    heartbeats(sid, 20_000)
    expect(last('SessionTerminate', USER_FULL)!.payload).toEqual({ sid, reason: 'gems-insufficient' })
    expect(callRecordsOf(db, USER)[0]).toMatchObject({ minutes: 2, gems_charged: 120 })
  })

  it('a paid call waiting for a purchase that never settles ends after the wait, the wait not charged', () => {
    setGems(USER, 100)
    const sid = connectCall()
    const order = createOrder(db, '100001', { clientOrderKey: 'abandoned', sku: 'gems_60', country: 'US', channelId: 'card', fbp: '', fbc: '' }, clock.now())
    if (typeof order === 'string') throw new Error(order)
    heartbeats(sid, 60_000)
    expect(last('SessionTerminate')).toBeUndefined()
    heartbeats(sid, HUB_RECHARGE_GRACE_MS)
    expect(last('SessionTerminate', USER_FULL)!.payload).toEqual({ sid, reason: 'gems-insufficient' })
    expect(gems(USER)).toBe(40)
    expect(callRecordsOf(db, USER)[0]).toMatchObject({ minutes: 1, gems_charged: 60 })
  })

  it('ends the call when a side stops sending heartbeats', () => {
    const sid = connectCall()
    clock.advance(5_000)
    hub.handle(ANCHOR_FULL, 'SessionHeartbeat', { sid })
    for (let i = 0; i < 4; i++) {
      clock.advance(5_000)
      hub.handle(USER_FULL, 'SessionHeartbeat', { sid })
    }
    expect(last('SessionTerminate', USER_FULL)!.payload).toEqual({ sid, reason: 'heartbeat-missed' })
    expect(hub.activeSids()).toEqual([])
  })

  it('a side whose media is slow to arrive (no heartbeat yet) has the call set-up time, then counts as gone', () => {
    const sid = connectCall()
    // The host's media takes 45 s (a slow phone): only the caller beats meanwhile; the call stays.
    for (let i = 0; i < 9; i++) {
      clock.advance(5_000)
      hub.handle(USER_FULL, 'SessionHeartbeat', { sid })
    }
    expect(last('SessionTerminate')).toBeUndefined()
    hub.handle(ANCHOR_FULL, 'SessionHeartbeat', { sid })
    heartbeats(sid, 30_000)
    expect(last('SessionTerminate')).toBeUndefined()
    hub.handle(USER_FULL, 'SessionTerminate', { sid })
    // A side whose media never arrives is gone once the set-up time is over.
    const other = connectCall()
    for (let i = 0; i < 13; i++) {
      clock.advance(5_000)
      hub.handle(USER_FULL, 'SessionHeartbeat', { sid: other })
    }
    expect(last('SessionTerminate', USER_FULL)!.payload).toEqual({ sid: other, reason: 'heartbeat-missed' })
  })
})

describe('silver (low-tier) calls', () => {
  const CLUB_ANCHOR = ANCHOR // a club host: silverCallPrice 25
  const NOT_CLUB = 'anchor_200002@localhost'
  function silver(jid: string): { balance: number; spent: number } {
    const row = db.prepare('SELECT silver_balance, silver_spent FROM users WHERE jid = ?').get(jid) as { silver_balance: number; silver_spent: number }
    return { balance: row.silver_balance, spent: row.silver_spent }
  }
  function setSilver(jid: string, value: number): void {
    db.prepare('UPDATE users SET silver_balance = ? WHERE jid = ?').run(value, jid)
  }
  function silverCall(from = USER_FULL): string {
    hub.handle(from, 'SessionRequest', { callee: CLUB_ANCHOR, silver: true, timezoneOffset: 0 })
    return last('SessionSuccess', from)!.payload.sid as string
  }

  it('holds the silver price, not gems, and tells the caller the duration and the silver calls left', () => {
    setSilver(USER, 100)
    const sid = silverCall()
    expect(last('SessionSuccess', USER_FULL)!.payload).toEqual({
      sid,
      ...grantAt(NOW),
      price: 25,
      free: null,
      tier: 'silver',
      silverCallDuration: 60,
      silverTimesLeft: 2, // a paid user has 3 a day; this is the first
      silverBalance: 75,
      gemsBalance: 500,
    })
    expect(last('CallIn', ANCHOR)!.payload).toMatchObject({ sid, price: 25, tier: 'silver' })
    expect(gems(USER)).toBe(500)
  })

  it('charges silver when answered and ends at silverCallDuration, one minute billed', () => {
    setSilver(USER, 100)
    const sid = silverCall()
    hub.handle(ANCHOR_FULL, 'CallAccept', { sid })
    heartbeats(sid, 55_000)
    expect(hub.activeSids()).toEqual([sid])
    heartbeats(sid, 5_000)
    expect(last('SessionTerminate', USER_FULL)!.payload).toEqual({ sid, reason: 'silver-call-ended' })
    expect(silver(USER)).toEqual({ balance: 75, spent: 25 })
    expect(gems(USER)).toBe(500)
    expect(sent.some((m) => m.action === 'ReChargeSuccess')).toBe(false)
    expect(callRecordsOf(db, USER)[0]).toMatchObject({ sid, free_kind: 'silver', minutes: 1, gems_charged: 25, price: 25, reason: 'silver-call-ended' })
  })

  it('returns the held silver when the host declines, and a declined call uses no silver time', () => {
    setSilver(USER, 100)
    const sid = silverCall()
    hub.handle(ANCHOR_FULL, 'CallCancel', { sid })
    expect(silver(USER)).toEqual({ balance: 100, spent: 0 })
    expect(last('SessionSuccess', USER_FULL)!.payload.silverTimesLeft).toBe(2)
    silverCall()
    expect(last('SessionSuccess', USER_FULL)!.payload.silverTimesLeft).toBe(2)
  })

  it("refuses once the day's silver calls are used ('silver-times-used'), and gives them back the next local day", () => {
    setSilver(`${FREE_USER}`, 100) // a free user: one silver call a day
    const from = `${FREE_USER}/web_fachat`
    const sid = silverCall(from)
    expect(last('SessionSuccess', from)!.payload.silverTimesLeft).toBe(0)
    hub.handle(ANCHOR_FULL, 'CallAccept', { sid })
    hub.handle(from, 'SessionTerminate', { sid })
    hub.handle(from, 'SessionRequest', { callee: CLUB_ANCHOR, silver: true, timezoneOffset: 0 })
    expect(last('CallCancel', from)!.payload).toMatchObject({ reason: 'silver-times-used', availableTimes: 0 })
    clock.advance(12 * 3_600_000) // past midnight UTC
    const next = silverCall(from)
    expect(next).toBeTypeOf('string')
    expect(last('SessionSuccess', from)!.payload.silverTimesLeft).toBe(0)
  })

  it("refuses without enough silver ('silver-insufficient') and calls to a host outside the club", () => {
    setSilver(USER, 24)
    hub.handle(USER_FULL, 'SessionRequest', { callee: CLUB_ANCHOR, silver: true })
    expect(last('CallCancel', USER_FULL)!.payload).toMatchObject({ reason: 'silver-insufficient', price: 25 })
    expect(silver(USER).balance).toBe(24)
    hub.handle(USER_FULL, 'SessionRequest', { callee: NOT_CLUB, silver: true })
    expect(last('SessionFail', USER_FULL)!.payload).toMatchObject({ reason: 'not-club-anchor' })
    expect(sent.some((m) => m.action === 'CallIn')).toBe(false)
  })
})

describe('silver earned with club hosts', () => {
  const NOT_CLUB = 'anchor_200002@localhost'
  function silver(jid: string): number {
    return (db.prepare('SELECT silver_balance FROM users WHERE jid = ?').get(jid) as { silver_balance: number }).silver_balance
  }
  function rewards(jid: string) {
    return db.prepare('SELECT r.silver, r.reason, r.anchor_jid AS anchorJid FROM club_rewards r JOIN users u ON u.uid = r.uid WHERE u.jid = ? ORDER BY r.id').all(jid)
  }

  it('a call with a club host paid in gems earns silver for each whole minute paid, with a reward record', () => {
    const before = { silver: silver(USER), rewards: rewards(USER).length }
    const sid = connectCall() // ANCHOR is in the club; 60 gems a minute
    heartbeats(sid, 90_000)
    hub.handle(USER_FULL, 'SessionTerminate', { sid })
    // Kept on the call's record too: the end of the call and the history say what it earned.
    expect(callRecordsOf(db, USER)[0]).toMatchObject({ sid, minutes: 2, gems_charged: 120, silver_earned: 10 })
    expect(silver(USER)).toBe(before.silver + 10)
    expect(rewards(USER).slice(before.rewards)).toEqual([{ silver: 10, reason: 'club_call', anchorJid: ANCHOR }])
  })

  it('earns nothing with a host outside the club or for a declined call (a silver call spends silver and earns none: "charges silver when answered" above)', () => {
    const start = silver(USER)
    hub.handle(USER_FULL, 'SessionRequest', { callee: NOT_CLUB })
    const sid = last('SessionSuccess', USER_FULL)!.payload.sid as string
    hub.handle(`${NOT_CLUB}/web_fachat`, 'CallReady', { sid })
    hub.handle(`${NOT_CLUB}/web_fachat`, 'CallAccept', { sid })
    hub.handle(USER_FULL, 'SessionTerminate', { sid })
    expect(callRecordsOf(db, USER)[0]).toMatchObject({ sid, gems_charged: expect.any(Number), silver_earned: 0 })
    expect(silver(USER)).toBe(start)
    // Declined: the hold is given back, nothing was paid.
    const declined = startCall()
    hub.handle(ANCHOR_FULL, 'CallCancel', { sid: declined })
    expect(silver(USER)).toBe(start)
  })
})

describe('CallCheck and errors', () => {
  it('answers whether a sid is alive; unknown sids and foreign callers get sidNonExistent', () => {
    const sid = connectCall()
    hub.handle(`${USER}/other`, 'CallCheck', { sid })
    expect(last('CallCheck', `${USER}/other`)!.payload).toEqual({ sid, alive: true, state: 'connected' })
    hub.handle(`${FREE_USER}/web_fachat`, 'CallCheck', { sid })
    expect(last('CallError', `${FREE_USER}/web_fachat`)!.payload).toEqual({ reason: 'sidNonExistent', action: 'CallCheck', sid })
    hub.handle(USER_FULL, 'SessionHeartbeat', { sid: 'nope' })
    expect(last('CallError', USER_FULL)!.payload).toMatchObject({ reason: 'sidNonExistent', sid: 'nope' })
    hub.handle(USER_FULL, 'Bogus', {})
    expect(last('CallError', USER_FULL)!.payload.reason).toBe('unsupported-action')
  })

  it('ReChargeSuccess after a payment carries the new balance', () => {
    hub.rechargeSucceeded(USER_FULL)
    expect(last('ReChargeSuccess', USER)!.payload).toEqual({ gemsBalance: 500 })
  })

  it('a paid order is announced to its user once, with the order id; a declined one is not, a closed hub no longer listens', () => {
    const uid = USER.slice('user_'.length, USER.indexOf('@'))
    const order = (key: string) => {
      const row = createOrder(db, uid, { clientOrderKey: key, sku: 'gems_60', country: 'US', channelId: 'card', fbp: '', fbc: '' }, NOW)
      if (typeof row === 'string') throw new Error(row)
      return row.order_id
    }
    const declined = order('k-1')
    settleOrder(db, declined, 'failed', NOW)
    expect(last('ReChargeSuccess')).toBeUndefined()
    const paid = order('k-2')
    settleOrder(db, paid, 'success', NOW)
    settleOrder(db, paid, 'success', NOW)
    // 500 + the 60-gem package + its first-purchase bonus (12).
    expect(sent.filter((m) => m.action === 'ReChargeSuccess')).toEqual([{ to: USER, action: 'ReChargeSuccess', payload: { gemsBalance: 572, orderId: paid } }])
    // A closed hub no longer listens.
    hub.close()
    settleOrder(db, order('k-3'), 'success', NOW)
    expect(sent.filter((m) => m.action === 'ReChargeSuccess')).toHaveLength(1)
  })

  it("refuses a blocked caller with CallError 'blocked' (read per request) and a call to a blocked user", () => {
    db.prepare('UPDATE users SET blocked = 1 WHERE jid = ?').run(USER)
    hub.handle(USER_FULL, 'SessionRequest', { callee: ANCHOR })
    expect(last('CallError', USER_FULL)!.payload).toEqual({ reason: 'blocked', action: 'SessionRequest', callee: ANCHOR })
    expect(last('SessionSuccess')).toBeUndefined()
    expect(last('CallIn')).toBeUndefined()
    expect(gems(USER)).toBe(500)
    hub.handle(ANCHOR_FULL, 'SessionRequest', { callee: USER })
    expect(last('SessionFail', ANCHOR_FULL)!.payload).toEqual({ reason: 'callee-blocked', callee: USER })
    db.prepare('UPDATE users SET blocked = 0 WHERE jid = ?').run(USER)
    expect(startCall()).toBe('sid-1')
  })
})

describe('ICE servers and TURN credentials', () => {
  it('hands both sides STUN and TURN with a credential that expires, derived from the shared secret', () => {
    const sid = startCall()
    const success = last('SessionSuccess', USER_FULL)!.payload
    const callIn = last('CallIn', ANCHOR)!.payload
    const expiresAt = NOW + TURN_TTL_S * 1000
    expect(success.iceServersExpireAt).toBe(expiresAt)
    expect(success.iceTransportPolicy).toBe('all')
    expect(success.iceServers).toEqual([
      { urls: ['stun:127.0.0.1:3478'] },
      { urls: ['turn:127.0.0.1:3478?transport=udp', 'turn:127.0.0.1:3478?transport=tcp'], ...turnCredential(TURN.secret, 'user_100001', expiresAt) },
    ])
    expect((success.iceServers as Array<{ username?: string }>)[1]!.username).toBe(`${expiresAt / 1000}:user_100001`)
    expect(callIn).toMatchObject({ sid, iceServers: success.iceServers, iceServersExpireAt: expiresAt })
  })

  it('a call started after the credentials of an earlier call expired gets new ones; IceServers renews them mid-call', () => {
    const first = connectCall()
    const firstGrant = last('SessionSuccess', USER_FULL)!.payload
    hub.handle(USER_FULL, 'SessionTerminate', { sid: first })
    clock.advance(TURN_TTL_S * 1000 + 1)
    const second = connectCall()
    const secondGrant = last('SessionSuccess', USER_FULL)!.payload
    expect(secondGrant.iceServersExpireAt).toBeGreaterThan(clock.now())
    expect(secondGrant.iceServers).not.toEqual(firstGrant.iceServers)
    heartbeats(second, 10_000)
    hub.handle(USER_FULL, 'IceServers', { sid: second })
    expect(last('IceServers', USER_FULL)!.payload).toEqual({ sid: second, ...grantAt(clock.now()) })
    hub.handle(USER_FULL, 'IceServers', { sid: 'nope' })
    expect(last('CallError', USER_FULL)!.payload).toMatchObject({ reason: 'sidNonExistent', action: 'IceServers' })
  })

  it('relays only when an account is set to relay (the development control), for both sides of its calls', () => {
    ice.setPolicy(ANCHOR, 'relay')
    startCall()
    expect(last('SessionSuccess', USER_FULL)!.payload.iceTransportPolicy).toBe('relay')
    expect(last('CallIn', ANCHOR)!.payload.iceTransportPolicy).toBe('relay')
  })

  it('without a TURN server: no servers, no expiry (host candidates)', () => {
    expect(createIceIssuer(null).grant([USER, ANCHOR], NOW)).toEqual({ iceServers: [], iceTransportPolicy: 'all', iceServersExpireAt: null })
  })
})

describe('media down and recovered (ICE restart)', () => {
  it("pauses billing while the earning side's media is down: the next minute moves by the gap, and the record keeps it out of the duration", () => {
    const sid = connectCall()
    heartbeats(sid, 30_000)
    // The payer's word alone pauses nothing (it could be said to talk for free)…
    hub.handle(USER_FULL, 'MediaState', { sid, media: 'down', silentMs: 5_000 })
    heartbeats(sid, 5_000)
    // …the host's does, from her last packet (5 s before she said so).
    hub.handle(ANCHOR_FULL, 'MediaState', { sid, media: 'down', silentMs: 5_000 })
    heartbeats(sid, 5_000)
    hub.handle(USER_FULL, 'MediaState', { sid, media: 'up' })
    heartbeats(sid, 5_000)
    hub.handle(ANCHOR_FULL, 'MediaState', { sid, media: 'up' })
    // Paused from 30 s to 45 s: 15 s. At 60 s the second minute has not started…
    heartbeats(sid, 15_000)
    expect(gems(USER)).toBe(440)
    // …it starts at 75 s (60 s of media).
    heartbeats(sid, 15_000)
    expect(gems(USER)).toBe(380)
    hub.handle(USER_FULL, 'SessionTerminate', { sid })
    expect(callRecordsOf(db, USER)[0]).toMatchObject({ sid, state: 'ended', reason: 'hangup', minutes: 2, gems_charged: 120, paused_ms: 15_000 })
  })

  it('backdates a pause at most 10 s, never before the answer or the end of the previous pause', () => {
    const sid = connectCall()
    heartbeats(sid, 5_000)
    hub.handle(ANCHOR_FULL, 'MediaState', { sid, media: 'down', silentMs: 60_000 })
    heartbeats(sid, 5_000)
    hub.handle(ANCHOR_FULL, 'MediaState', { sid, media: 'up' })
    // From the answer (5 s back, not 60) to now: 10 s.
    heartbeats(sid, 15_000)
    hub.handle(ANCHOR_FULL, 'MediaState', { sid, media: 'down', silentMs: 1e9 })
    heartbeats(sid, 5_000)
    hub.handle(ANCHOR_FULL, 'MediaState', { sid, media: 'up' })
    // The second pause: 10 s back at most (not into the talk before it): 15 s.
    hub.handle(USER_FULL, 'SessionTerminate', { sid })
    expect(callRecordsOf(db, USER)[0]).toMatchObject({ sid, paused_ms: 25_000 })
  })

  it('a payer claiming its media is down again and again gets no free minute', () => {
    const sid = connectCall()
    for (let round = 0; round < 6; round += 1) {
      hub.handle(USER_FULL, 'MediaState', { sid, media: 'down', silentMs: 10_000 })
      heartbeats(sid, 10_000)
      hub.handle(USER_FULL, 'MediaState', { sid, media: 'up' })
    }
    expect(gems(USER)).toBe(380)
    hub.handle(USER_FULL, 'SessionTerminate', { sid })
    expect(callRecordsOf(db, USER)[0]).toMatchObject({ sid, minutes: 2, paused_ms: 0 })
  })

  it('a minute due while media is down is charged when it comes back, not before', () => {
    const sid = connectCall()
    heartbeats(sid, 55_000)
    hub.handle(ANCHOR_FULL, 'MediaState', { sid, media: 'down' })
    heartbeats(sid, 10_000)
    expect(gems(USER)).toBe(440)
    hub.handle(ANCHOR_FULL, 'MediaState', { sid, media: 'up' })
    heartbeats(sid, 5_000)
    expect(gems(USER)).toBe(380)
    expect(last('ReChargeSuccess', USER)!.payload).toMatchObject({ sid, charged: 120 })
  })

  it('media down past the recovery bound ends the call for both as media-lost; only connected minutes are charged', () => {
    const sid = connectCall()
    heartbeats(sid, 20_000)
    hub.handle(ANCHOR_FULL, 'MediaState', { sid, media: 'down' })
    heartbeats(sid, HUB_MEDIA_RECOVERY_BOUND_MS)
    expect(last('SessionTerminate', USER_FULL)!.payload).toEqual({ sid, reason: 'media-lost' })
    expect(last('SessionTerminate', ANCHOR_FULL)!.payload).toEqual({ sid, reason: 'media-lost' })
    expect(gems(USER)).toBe(440)
    expect(callRecordsOf(db, USER)[0]).toMatchObject({ sid, reason: 'media-lost', minutes: 1, gems_charged: 60, paused_ms: HUB_MEDIA_RECOVERY_BOUND_MS })
  })

  it('a side that gave up on recovery ends the call for both with media-lost', () => {
    const sid = connectCall()
    heartbeats(sid, 10_000)
    hub.handle(ANCHOR_FULL, 'MediaState', { sid, media: 'down' })
    clock.advance(12_000)
    hub.handle(USER_FULL, 'SessionTerminate', { sid, reason: 'media-lost' })
    expect(last('SessionTerminate', ANCHOR_FULL)!.payload).toEqual({ sid, reason: 'media-lost' })
    expect(callRecordsOf(db, USER)[0]).toMatchObject({ sid, reason: 'media-lost', paused_ms: 12_000 })
  })

  it('ignores media states before the call is answered and with unknown values', () => {
    const sid = startCall()
    hub.handle(USER_FULL, 'MediaState', { sid, media: 'down' })
    hub.handle(ANCHOR_FULL, 'CallReady', { sid })
    hub.handle(ANCHOR_FULL, 'CallAccept', { sid })
    hub.handle(USER_FULL, 'MediaState', { sid, media: 'sideways' })
    heartbeats(sid, 60_000)
    expect(gems(USER)).toBe(380)
  })
})
