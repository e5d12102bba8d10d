import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { envelope, signIn, startWorld, type SignedInClient, type TestWorld } from '../test-support/world.ts'

const CHECK_IN_PATH = '/api/account_service/reward'
const CHECK_IN = { rewardType: 3 }

interface Answer {
  status: number
  replayed: string | null
  body: { result: number; data: { coins: number; gemsBalance: number } | null; msg: string }
}

/** A product POST as the app sends it: the envelope, the Bearer token and an X-Request-Id. */
async function send(world: TestWorld, client: SignedInClient, requestId: string, path = CHECK_IN_PATH, data: unknown = CHECK_IN): Promise<Answer> {
  const response = await fetch(world.server.url + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${client.user.vcToken}`, 'X-Request-Id': requestId },
    body: JSON.stringify(envelope(data, client.user.vcToken)),
  })
  return { status: response.status, replayed: response.headers.get('idempotent-replayed'), body: (await response.json()) as Answer['body'] }
}

function checkInsOf(world: TestWorld, uid: string): number {
  return (world.server.db.prepare('SELECT COUNT(*) AS n FROM check_ins WHERE uid = ?').get(uid) as { n: number }).n
}

describe('repeats of a request by X-Request-Id (daily check-in)', () => {
  let world: TestWorld
  let alice: SignedInClient
  let gemsBefore: number
  beforeEach(async () => {
    world = await startWorld()
    alice = await signIn(world, '100001')
    gemsBefore = (await alice.api.getAccount()).gemsBalance
  })
  afterEach(() => world.close())

  it('answers a check-in sent three times with one X-Request-Id with the same success, and credits the gems once', async () => {
    const answers = [await send(world, alice, 'check-in-1'), await send(world, alice, 'check-in-1'), await send(world, alice, 'check-in-1')]
    const [first] = answers
    expect(first?.status).toBe(200)
    expect(first?.body.result).toBe(1)
    const coins = first?.body.data?.coins ?? 0
    expect(coins).toBeGreaterThan(0)
    expect(first?.body.data?.gemsBalance).toBe(gemsBefore + coins)
    for (const answer of answers) expect([answer.status, answer.body]).toEqual([200, first?.body])
    expect(answers.map((answer) => answer.replayed)).toEqual([null, 'true', 'true'])
    expect((await alice.api.getAccount()).gemsBalance).toBe(gemsBefore + coins)
    expect(checkInsOf(world, '100001')).toBe(1)
  })

  it('refuses a second check-in with another X-Request-Id as already checked in today', async () => {
    expect((await send(world, alice, 'check-in-1')).body.result).toBe(1)
    const second = await send(world, alice, 'check-in-2')
    expect([second.status, second.body, second.replayed]).toEqual([200, { result: 0, data: null, msg: 'already checked in today' }, null])
    // That refusal is itself the answer its id keeps.
    expect((await send(world, alice, 'check-in-2')).body.msg).toBe('already checked in today')
  })

  it('answers three check-ins sent at once with one X-Request-Id with the same success, credited once', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => send(world, alice, 'at-once')))
    const coins = answers[0]?.body.data?.coins ?? 0
    for (const answer of answers) expect([answer.status, answer.body.result, answer.body]).toEqual([200, 1, answers[0]?.body])
    expect(answers.filter((answer) => answer.replayed === 'true')).toHaveLength(2)
    expect((await alice.api.getAccount()).gemsBalance).toBe(gemsBefore + coins)
    expect(checkInsOf(world, '100001')).toBe(1)
  })

  it("runs another user's request with the same X-Request-Id as theirs, never answering it with the first user's answer", async () => {
    const bob = await signIn(world, '100002')
    const bobBefore = (await bob.api.getAccount()).gemsBalance
    const aliceAnswer = await send(world, alice, 'shared-id')
    const bobAnswer = await send(world, bob, 'shared-id')
    expect([bobAnswer.body.result, bobAnswer.replayed]).toEqual([1, null])
    expect(bobAnswer.body.data?.gemsBalance).toBe(bobBefore + (bobAnswer.body.data?.coins ?? 0))
    expect(bobAnswer.body.data?.gemsBalance).not.toBe(aliceAnswer.body.data?.gemsBalance)
    expect(checkInsOf(world, '100002')).toBe(1)
  })

  it('refuses with 422 an X-Request-Id already used for another request, without running it', async () => {
    await send(world, alice, 'used-once')
    const other = await send(world, alice, 'used-once', '/api/common_service/check_in_notification', { enable: false })
    expect([other.status, other.body]).toEqual([422, { result: 0, data: null, msg: 'X-Request-Id: already used for another request' }])
    expect((await alice.api.getUserTasksInfo()).isRemindCheckIn).toBe(true)
  })

  it('forgets an answer after 10 minutes: the repeat then runs and is refused as already checked in', async () => {
    expect((await send(world, alice, 'late')).body.result).toBe(1)
    world.clock.now += 10 * 60 * 1000
    const late = await send(world, alice, 'late')
    expect([late.body.msg, late.replayed]).toEqual(['already checked in today', null])
  })
})
