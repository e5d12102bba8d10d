import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createHub } from '../xmpp/hub.ts'
import { deviceInfo, signIn, startWorld, type TestWorld } from '../test-support/world.ts'

const PAID_USER = 'user_100001@localhost' // 3 silver calls a day
const CLUB_HOST = 'anchor_200001@localhost'

/** One silver call through the real hub at the world's clock: answered unless `answered` is false. */
function silverCall(world: TestWorld, sid: string, answered = true): void {
  const hub = createHub({
    db: world.server.db,
    send: () => {},
    timers: { now: () => world.clock.now, setTimeout: () => 0, clearTimeout: () => {} },
    newSid: () => sid,
  })
  hub.handle(`${PAID_USER}/web`, 'SessionRequest', { callee: CLUB_HOST, silver: true })
  if (answered) hub.handle(`${CLUB_HOST}/web`, 'CallAccept', { sid })
  else hub.handle(`${CLUB_HOST}/web`, 'CallCancel', { sid })
  world.clock.now += 30_000
  if (answered) hub.handle(`${PAID_USER}/web`, 'SessionTerminate', { sid })
  hub.close()
}

describe('/api/account_service/combine_info silverCall.availableTimes', () => {
  let world: TestWorld
  beforeEach(async () => {
    // 12:00 UTC is 17:30 in the test device's zone (UTC+5:30).
    world = await startWorld(Date.UTC(2025, 5, 10, 12, 0, 0))
    world.server.db.prepare('UPDATE users SET silver_balance = 500 WHERE jid = ?').run(PAID_USER)
  })
  afterEach(() => world.close())

  it("reports the day's whole allowance before any silver call, the same as club_call_times", async () => {
    const { api } = await signIn(world)
    const config = await api.getConfig()
    expect(config.veegoInfo.silverCall.availableTimes).toBe(3)
    expect(await api.getClubCallTimes()).toMatchObject({ availableTimes: 3, totalTimes: 3 })
  })

  it('drops by one for each answered silver call today and agrees with club_call_times', async () => {
    silverCall(world, 'sid-a')
    silverCall(world, 'sid-b')
    const { api } = await signIn(world)
    expect((await api.getConfig()).veegoInfo.silverCall.availableTimes).toBe(1)
    expect((await api.getClubCallTimes()).availableTimes).toBe(1)
  })

  it('does not count a silver call the host declined', async () => {
    silverCall(world, 'sid-declined', false)
    const { api } = await signIn(world)
    expect((await api.getConfig()).veegoInfo.silverCall.availableTimes).toBe(3)
  })

  it('reports none left once the day is used up, never below zero', async () => {
    for (const sid of ['sid-1', 'sid-2', 'sid-3']) silverCall(world, sid)
    const { api } = await signIn(world)
    expect((await api.getConfig()).veegoInfo.silverCall.availableTimes).toBe(0)
  })

  it("counts by the user's local day: the allowance comes back after local midnight, not UTC midnight", async () => {
    silverCall(world, 'sid-today')
    const client = await signIn(world)
    expect((await client.api.getConfig()).veegoInfo.silverCall.availableTimes).toBe(2)
    // 18:40 UTC is 00:10 the next day at UTC+5:30: a new local day, while UTC is still on the same day.
    world.clock.now = Date.UTC(2025, 5, 10, 18, 40, 0)
    expect((await client.api.getConfig()).veegoInfo.silverCall.availableTimes).toBe(3)
    // The device now reports UTC-5 (still June 10 there, 13:40): the day is the one of the zone the
    // server keeps for the user (set by the first request, moved at most once a day: world/userDay.ts),
    // so a zone change cannot bring back, or take back, a day's allowance.
    client.device = { ...deviceInfo, timezoneId: 'America/New_York', timezoneOffset: -300 }
    expect((await client.api.getConfig()).veegoInfo.silverCall.availableTimes).toBe(3)
  })
})

describe('free calls: first_call_info, paid_user_free_call and the config agree with the hub', () => {
  let world: TestWorld
  beforeEach(async () => {
    world = await startWorld(Date.UTC(2025, 5, 10, 12, 0, 0))
  })
  afterEach(() => world.close())

  /** A free call through the real hub, answered (or declined) by the host. */
  function freeCall(caller: string, sid: string, answered: boolean): void {
    const hub = createHub({ db: world.server.db, send: () => {}, timers: { now: () => world.clock.now, setTimeout: () => 0, clearTimeout: () => {} }, newSid: () => sid })
    hub.handle(`${caller}/web`, 'SessionRequest', { callee: CLUB_HOST, free: true })
    hub.handle(`${CLUB_HOST}/web`, answered ? 'CallAccept' : 'CallCancel', { sid })
    if (answered) hub.handle(`${caller}/web`, 'SessionTerminate', { sid })
    hub.close()
  }

  it('a new user has one free first call until one is answered; declined calls do not use it', async () => {
    const jid = 'user_100002@localhost' // a seeded user who never paid
    const { api } = await signIn(world, '100002')
    expect(await api.getFirstCallInfo()).toEqual({ freeFirstCallTotalTimes: 1, freeFirstCallRemainingTimes: 1, freeFirstCallDuration: 60 })
    expect((await api.getPaidUserFreeCall()).freeTimes).toBe(0)
    freeCall(jid, 'sid-declined', false)
    expect((await api.getFirstCallInfo()).freeFirstCallRemainingTimes).toBe(1)
    freeCall(jid, 'sid-answered', true)
    expect((await api.getFirstCallInfo()).freeFirstCallRemainingTimes).toBe(0)
    expect((await api.getConfig()).mainInfo.firstCallInfo.freeFirstCallRemainingTimes).toBe(0)
  })

  it('a paying user has no free first call and one paid-user free call until it is answered', async () => {
    const { api } = await signIn(world)
    expect((await api.getFirstCallInfo()).freeFirstCallRemainingTimes).toBe(0)
    expect(await api.getPaidUserFreeCall()).toEqual({ freeTimes: 1, freeDuration: 60, rechargeReminderTime: 45, matchToFlashTime: 15 })
    freeCall(PAID_USER, 'sid-paid', true)
    expect((await api.getPaidUserFreeCall()).freeTimes).toBe(0)
  })
})
