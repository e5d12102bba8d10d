import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWorld, type TestWorld } from '../test-support/world.ts'

describe('moving the development clock (POST /dev/clock/advance)', () => {
  let world: TestWorld
  beforeAll(async () => {
    world = await startWorld()
  })
  afterAll(() => world.close())

  const advance = (body: unknown) =>
    fetch(`${world.server.url}/dev/clock/advance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

  it('fires the timers of one jid only, and the whole clock without a jid', async () => {
    const fired: string[] = []
    world.server.clock.setTimeout(() => fired.push('ring of 300001'), 60_000, ['user_300001@localhost', 'anchor_200001@localhost'])
    world.server.clock.setTimeout(() => fired.push('ring of 300002'), 60_000, ['user_300002@localhost', 'anchor_200002@localhost'])
    const before = world.server.clock.now()

    const scoped = await advance({ ms: 60_000, jid: 'user_300001@localhost' })
    expect(scoped.status).toBe(200)
    expect(((await scoped.json()) as { data: unknown }).data).toEqual({ now: before, fired: 1 })
    expect(fired).toEqual(['ring of 300001'])

    const whole = await advance({ ms: 60_000 })
    expect(((await whole.json()) as { data: unknown }).data).toEqual({ now: before + 60_000, fired: 1 })
    expect(fired).toEqual(['ring of 300001', 'ring of 300002'])
  })

  it('refuses what is not a forward move of at most a day, naming the field', async () => {
    for (const body of [{}, { ms: 0 }, { ms: -5 }, { ms: 1.5 }, { ms: 86_400_001 }, { ms: 10, jid: 'not a jid' }, { ms: 10, extra: true }]) {
      const response = await advance(body)
      expect(response.status).toBe(400)
      expect(JSON.stringify(await response.json())).toMatch(/ms|jid|extra|key/i)
    }
  })

  it('refuses a page of another site (a cross-site text/plain POST, sent by browsers without asking) and takes this stack’s pages', async () => {
    const before = world.server.clock.now()
    const from = (origin: string) =>
      fetch(`${world.server.url}/dev/clock/advance`, { method: 'POST', headers: { 'content-type': 'text/plain', origin }, body: JSON.stringify({ ms: 60_000 }) })
    const crossSite = await from('https://evil.example')
    expect(crossSite.status).toBe(403)
    expect(((await crossSite.json()) as { msg: string }).msg).toMatch(/another site/)
    expect(world.server.clock.now()).toBe(before)
    expect((await from('http://127.0.0.1:5173')).status).toBe(200)
    expect(world.server.clock.now()).toBe(before + 60_000)
  })
})
