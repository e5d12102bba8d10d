import { afterEach, beforeEach, describe, expect, it } from 'vitest'
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
      price: 60,
      minutes: 2,
      gemsCharged: 120,
      freeKind: null,
      peerAvatarUrl: expect.stringMatching(/^http:\/\/.+200001/),
      tier: 'standard',
      silverCharged: 0,
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
