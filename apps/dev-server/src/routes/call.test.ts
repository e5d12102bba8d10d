import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SILVER_PER_PAID_CLUB_MINUTE } from '../constants.ts'
import { createHub, type HubTimers } from '../xmpp/hub.ts'
import { envelope, post, signIn, startWorld, type TestWorld } from '../test-support/world.ts'

const USER = 'user_100001@localhost'
const ANCHOR = 'anchor_200001@localhost' // 60 gems per minute
const OTHER = 'anchor_200002@localhost'

/** Drives the real hub on the world's database with a manual clock: one answered call, one declined. */
function placeCalls(world: TestWorld) {
  let sid = 0
  let handles = 0
  const pending: { at: number; callback: () => void; handle: number }[] = []
  const timers: HubTimers = {
    now: () => world.clock.now,
    setTimeout: (callback, ms) => {
      const handle = ++handles
      pending.push({ at: world.clock.now + ms, callback, handle })
      return handle
    },
    clearTimeout: (handle) => {
      const index = pending.findIndex((p) => p.handle === handle)
      if (index !== -1) pending.splice(index, 1)
    },
  }
  const hub = createHub({ db: world.server.db, send: () => {}, timers, newSid: () => `sid-${++sid}` })
  // Call 1: answered, 90 s of talk (two started minutes), hung up by the user.
  hub.handle(`${USER}/web`, 'SessionRequest', { callee: ANCHOR })
  world.clock.now += 5_000
  hub.handle(`${ANCHOR}/web`, 'CallAccept', { sid: 'sid-1' })
  // Both sides send a heartbeat every 5 s while the hub's timers run.
  for (let second = 1; second <= 90; second += 1) {
    world.clock.now += 1_000
    for (;;) {
      const due = pending.filter((p) => p.at <= world.clock.now).sort((a, b) => a.at - b.at)[0]
      if (!due) break
      pending.splice(pending.indexOf(due), 1)
      due.callback()
    }
    if (second % 5 === 0) {
      hub.handle(`${USER}/web`, 'SessionHeartbeat', { sid: 'sid-1' })
      hub.handle(`${ANCHOR}/web`, 'SessionHeartbeat', { sid: 'sid-1' })
    }
  }
  hub.handle(`${USER}/web`, 'SessionTerminate', { sid: 'sid-1' })
  // Call 2: declined by the host.
  world.clock.now += 10_000
  hub.handle(`${USER}/web`, 'SessionRequest', { callee: OTHER })
  hub.handle(`${OTHER}/web`, 'CallCancel', { sid: 'sid-2' })
  hub.close()
}

describe('/api/common_service/call_records', () => {
  let world: TestWorld
  beforeEach(async () => {
    world = await startWorld()
  })
  afterEach(() => world.close())

  it('is empty before any call', async () => {
    const { api } = await signIn(world)
    expect(await api.getCallRecords({ size: 10 })).toEqual({ list: [], nextCursor: null })
  })

  it("lists the user's calls newest first with the hub's charges, peer and times, page by page", async () => {
    placeCalls(world)
    const { api } = await signIn(world)
    const first = await api.getCallRecords({ size: 1 })
    expect(first.list).toHaveLength(1)
    expect(first.list[0]).toMatchObject({
      sid: 'sid-2',
      direction: 'outgoing',
      peerJid: OTHER,
      peerUid: '200002',
      peerNickName: 'Priya',
      state: 'cancelled',
      reason: 'rejected',
      connectingTime: null,
      minutes: 0,
      gemsCharged: 0,
    })
    expect(first.nextCursor).not.toBeNull()
    const second = await api.getCallRecords({ size: 1, cursor: first.nextCursor! })
    const start = Date.UTC(2025, 5, 10, 12, 0, 0)
    expect(second.list[0]).toEqual({
      sid: 'sid-1',
      caller: USER,
      callee: ANCHOR,
      direction: 'outgoing',
      peerJid: ANCHOR,
      peerUid: '200001',
      peerNickName: 'Aisha',
      state: 'ended',
      reason: 'hangup',
      startTime: start,
      connectingTime: start + 5_000,
      endTime: start + 95_000,
      pausedMs: 0,
      price: 60,
      minutes: 2,
      gemsCharged: 120,
      freeKind: null,
      peerAvatarUrl: expect.stringMatching(/^http:\/\/.+200001/),
      tier: 'standard',
      silverCharged: 0,
      // Two minutes paid in gems with a club host.
      silverEarned: 2 * SILVER_PER_PAID_CLUB_MINUTE,
    })
    expect(second.nextCursor).toBeNull()
  })

  it('a silver call shows as tier silver with the silver charged, no gems', async () => {
    world.server.db.prepare('UPDATE users SET silver_balance = 100 WHERE jid = ?').run(USER)
    let now = world.clock.now
    const hub = createHub({
      db: world.server.db,
      send: () => {},
      timers: { now: () => now, setTimeout: () => 0, clearTimeout: () => {} },
      newSid: () => 'sid-silver',
    })
    hub.handle(`${USER}/web`, 'SessionRequest', { callee: ANCHOR, silver: true })
    hub.handle(`${ANCHOR}/web`, 'CallAccept', { sid: 'sid-silver' })
    now += 30_000
    hub.handle(`${USER}/web`, 'SessionTerminate', { sid: 'sid-silver' })
    const { api } = await signIn(world)
    const [record] = (await api.getCallRecords({ size: 10 })).list
    expect(record).toMatchObject({ sid: 'sid-silver', tier: 'silver', silverCharged: 25, gemsCharged: 0, price: 25, minutes: 1, state: 'ended' })
    // The club's call times count it: a paid user has 3 silver calls a day.
    expect(await api.getClubCallTimes()).toMatchObject({ availableTimes: 2, totalTimes: 3 })
  })

  it('a gem call with a club host tells the payer the silver it earned, and the host nothing', async () => {
    const hub = createHub({
      db: world.server.db,
      send: () => {},
      timers: { now: () => world.clock.now, setTimeout: () => 0, clearTimeout: () => {} },
      newSid: () => 'sid-club',
    })
    // ANCHOR is a club host at 60 gems a minute: one minute paid earns SILVER_PER_PAID_CLUB_MINUTE.
    hub.handle(`${USER}/web`, 'SessionRequest', { callee: ANCHOR })
    hub.handle(`${ANCHOR}/web`, 'CallAccept', { sid: 'sid-club' })
    hub.handle(`${USER}/web`, 'SessionTerminate', { sid: 'sid-club' })
    const { api } = await signIn(world)
    const [record] = (await api.getCallRecords({ size: 10 })).list
    expect(record).toMatchObject({ sid: 'sid-club', gemsCharged: 60, minutes: 1, silverEarned: SILVER_PER_PAID_CLUB_MINUTE })
    const host = await signIn(world, '200001')
    expect((await host.api.getCallRecords({ size: 10 })).list[0]).toMatchObject({ sid: 'sid-club', direction: 'incoming', silverEarned: 0 })
  })

  it('shows the host the same call as incoming', async () => {
    placeCalls(world)
    const { api } = await signIn(world, '200001')
    const page = await api.getCallRecords({ size: 10 })
    expect(page.list.map((r) => [r.sid, r.direction, r.peerUid])).toEqual([['sid-1', 'incoming', '100001']])
  })

  it('refuses a bad page size or cursor (400) and a request without a token (401)', async () => {
    const { user } = await signIn(world)
    expect((await post(world, '/api/common_service/call_records', envelope({ size: 0 }, user.vcToken), user.vcToken)).status).toBe(400)
    expect((await post(world, '/api/common_service/call_records', envelope({ size: 10, cursor: 'x' }, user.vcToken), user.vcToken)).status).toBe(400)
    expect((await post(world, '/api/common_service/call_records', envelope({ size: 10 }))).status).toBe(401)
  })
})

describe('/api/common_service/rate_call and report_user', () => {
  let world: TestWorld
  beforeEach(async () => {
    world = await startWorld()
  })
  afterEach(() => world.close())

  const ratingsOf = (sid: string) => world.server.db.prepare('SELECT rater, stars FROM call_ratings WHERE sid = ? ORDER BY rater').all(sid)
  const reports = () => world.server.db.prepare('SELECT reporter, target, reason, detail, sid FROM user_reports ORDER BY id').all()

  it('a participant rates a call that connected; rating again replaces the stars; both sides rate their own', async () => {
    placeCalls(world)
    const { api } = await signIn(world)
    expect(await api.rateCall({ sid: 'sid-1', stars: 2 })).toEqual({ sid: 'sid-1', stars: 2 })
    expect(await api.rateCall({ sid: 'sid-1', stars: 5 })).toEqual({ sid: 'sid-1', stars: 5 })
    const host = await signIn(world, '200001')
    await host.api.rateCall({ sid: 'sid-1', stars: 4 })
    expect(ratingsOf('sid-1')).toEqual([
      { rater: ANCHOR, stars: 4 },
      { rater: USER, stars: 5 },
    ])
  })

  it('refuses a call that never connected, a call of others and an unknown sid, and stars outside 1–5', async () => {
    placeCalls(world)
    const { api, user } = await signIn(world)
    await expect(api.rateCall({ sid: 'sid-2', stars: 3 })).rejects.toMatchObject({ code: 'BACKEND_ERROR' })
    await expect(api.rateCall({ sid: 'nope', stars: 3 })).rejects.toMatchObject({ code: 'BACKEND_ERROR' })
    const stranger = await signIn(world, '100002')
    await expect(stranger.api.rateCall({ sid: 'sid-1', stars: 3 })).rejects.toMatchObject({ code: 'BACKEND_ERROR' })
    expect((await post(world, '/api/common_service/rate_call', envelope({ sid: 'sid-1', stars: 6 }, user.vcToken), user.vcToken)).status).toBe(400)
    expect(ratingsOf('sid-1')).toEqual([])
  })

  it('keeps a report for a moderator, once a day per reporter and account', async () => {
    const { api } = await signIn(world)
    expect(await api.reportUser({ targetJid: ANCHOR, reason: 'scam', sid: 'sid-1' })).toEqual({ reported: true })
    expect(await api.reportUser({ targetJid: ANCHOR, reason: 'scam', sid: 'sid-1' })).toEqual({ reported: true })
    expect(reports()).toEqual([{ reporter: USER, target: ANCHOR, reason: 'scam', detail: '', sid: 'sid-1' }])
    world.clock.now += 25 * 60 * 60 * 1000
    await api.reportUser({ targetJid: ANCHOR, reason: 'other', detail: '  asked for my card number  ' })
    expect(reports()).toHaveLength(2)
    expect(reports()[1]).toMatchObject({ reason: 'other', detail: 'asked for my card number', sid: null })
  })

  it('refuses a report of oneself or of an unknown account, and `other` without words (400)', async () => {
    const { api, user } = await signIn(world)
    await expect(api.reportUser({ targetJid: USER, reason: 'fake' })).rejects.toMatchObject({ code: 'BACKEND_ERROR' })
    await expect(api.reportUser({ targetJid: 'anchor_299999@localhost', reason: 'fake' })).rejects.toMatchObject({ code: 'BACKEND_ERROR' })
    const bad = [{ targetJid: ANCHOR, reason: 'other' }, { targetJid: ANCHOR, reason: 'other', detail: '   ' }, { targetJid: ANCHOR, reason: 'rude' }, { targetJid: ANCHOR, reason: 'fake', detail: 'x'.repeat(501) }]
    for (const body of bad) expect((await post(world, '/api/common_service/report_user', envelope(body, user.vcToken), user.vcToken)).status).toBe(400)
    expect(reports()).toEqual([])
  })
})
