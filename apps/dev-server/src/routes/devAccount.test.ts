import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn, startWorld, type TestWorld } from '../test-support/world.ts'

describe('blocking a user (development endpoint)', () => {
  let world: TestWorld
  beforeAll(async () => {
    world = await startWorld()
  })
  afterAll(() => world.close())

  const block = (body: unknown) =>
    fetch(`${world.server.url}/dev/users/block`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

  it('blocks a seeded user with a reason that combine_info reports, and unblocks', async () => {
    const { api } = await signIn(world, '100002')
    expect((await api.getConfig()).mainInfo.blockInfo).toEqual({ blocked: false, reason: '' })
    const response = await block({ uid: '100002', blocked: true, reason: 'Spam reports' })
    expect(response.status).toBe(200)
    expect((await api.getConfig()).mainInfo.blockInfo).toEqual({ blocked: true, reason: 'Spam reports' })
    await block({ uid: '100002', blocked: false })
    expect((await api.getConfig()).mainInfo.blockInfo).toEqual({ blocked: false, reason: '' })
  })

  it('refuses unknown users, anchors and malformed bodies', async () => {
    expect((await block({ uid: '999999', blocked: true })).status).toBe(404)
    expect((await block({ uid: '200001', blocked: true })).status).toBe(404)
    expect((await block({ uid: 'abc', blocked: true })).status).toBe(400)
    expect((await block({ uid: '100002', blocked: 'yes' })).status).toBe(400)
  })
})

describe("expiring a user's sessions (development endpoint)", () => {
  let world: TestWorld
  beforeAll(async () => {
    world = await startWorld()
  })
  afterAll(() => world.close())

  const expire = (body: unknown) =>
    fetch(`${world.server.url}/dev/users/expire-sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

  it("ends that user's sessions only: their next call is refused with 401, another user's still works", async () => {
    const mine = await signIn(world, '100001')
    const other = await signIn(world, '100002')
    const response = await expire({ uid: '100001' })
    expect(await response.json()).toMatchObject({ result: 1, data: { uid: '100001', expired: 1 } })
    await expect(mine.api.getAccount()).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    expect((await other.api.getAccount()).gemsBalance).toBeGreaterThanOrEqual(0)
    expect((await expire({ uid: 'abc' })).status).toBe(400)
  })
})
