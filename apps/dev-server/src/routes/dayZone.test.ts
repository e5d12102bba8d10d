import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { deviceInfo, envelope, post, signIn, startWorld, type SignedInClient, type TestWorld } from '../test-support/world.ts'
import { DAY_ZONE_CHANGE_INTERVAL_MS } from '../world/userDay.ts'

const CHECK_IN_PATH = '/api/account_service/reward'
const HOUR_MS = 3_600_000

/** A check-in whose device reports `offsetMinutes` east of UTC. */
async function checkInAt(world: TestWorld, client: SignedInClient, offsetMinutes: number) {
  const body = { ...envelope({ rewardType: 3 }, client.user.vcToken), deviceInfo: { ...deviceInfo, timezoneOffset: offsetMinutes } }
  const answer = await post(world, CHECK_IN_PATH, body, client.user.vcToken)
  return answer.body?.result === 1 ? 'credited' : (answer.body?.msg ?? `HTTP ${answer.status}`)
}

/** The offset the server keeps for user 100001 (set by its first signed-in request). */
function keptOffset(world: TestWorld): number | null {
  const row = world.server.db.prepare('SELECT offset_minutes FROM user_day_zones WHERE uid = ?').get('100001') as { offset_minutes: number } | undefined
  return row?.offset_minutes ?? null
}

describe("the user's day is the server's record, not each request's zone", () => {
  let world: TestWorld
  let alice: SignedInClient
  // 2025-06-10 12:00 UTC: 00:00 on the 10th at UTC−12, 02:00 on the 11th at UTC+14.
  beforeEach(async () => {
    world = await startWorld(Date.UTC(2025, 5, 10, 12, 0, 0))
    alice = await signIn(world, '100001')
  })
  afterEach(() => world.close())

  it('a zone changed right after a check-in does not make another day: the kept zone counts', async () => {
    expect(await checkInAt(world, alice, -12 * 60)).toBe('credited')
    expect(keptOffset(world)).toBe(-12 * 60)
    // Before this rule, UTC+14 was "tomorrow" and credited a second time within the same minute.
    expect(await checkInAt(world, alice, 14 * 60)).toBe('already checked in today')
    world.clock.now += 11 * HOUR_MS
    expect(await checkInAt(world, alice, 14 * 60)).toBe('already checked in today')
  })

  it("a traveller's new zone applies once the kept one is a day old, and the day then follows it", async () => {
    expect(await checkInAt(world, alice, 0)).toBe('credited')
    world.clock.now += DAY_ZONE_CHANGE_INTERVAL_MS
    // 2025-06-11 12:00 UTC = 02:00 on the 12th at UTC+14: a new day in the new zone.
    expect(await checkInAt(world, alice, 14 * 60)).toBe('credited')
    // Moved back at once: refused as a move, so the day stays the 12th of UTC+14.
    expect(await checkInAt(world, alice, -12 * 60)).toBe('already checked in today')
    expect(keptOffset(world)).toBe(14 * 60)
  })
})
