import { createHash } from 'node:crypto'
import { endpoints, type EndpointName } from '@vchat/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requestEnvelope } from '@vchat/contract/schemas'
import { PRODUCT_ROUTES } from './index.ts'
import { SAMPLES, clientInfo, deviceInfo, post, signIn, startWorld, type TestWorld } from './test-support/world.ts'

/** Deterministic PRNG (mulberry32) so every run sends the same bodies. */
function prng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

function nested(depth: number): Json {
  let value: Json = 'x'
  for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? [value] : { k: value }
  return value
}

const JUNK: Json[] = [
  null, true, false, 0, -1, 1.5, 1e308, -0, '', ' ', 'x', '💥'.repeat(50), 'a'.repeat(70_000), [], [1, 'a', null], {},
  { $gt: '' }, { __proto__: { polluted: true } } as Json, nested(40), nested(400), '<script>alert(1)</script>',
  "' OR 1=1 --", '../../etc/passwd', 'NaN', '1e999', [nested(10)],
]

function dbHash(world: TestWorld): string {
  const db = world.server.db
  const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((t) => t.name)
  const hash = createHash('sha256')
  for (const table of tables) {
    hash.update(table)
    hash.update(JSON.stringify(db.prepare(`SELECT * FROM "${table}" ORDER BY 1, 2`).all()))
  }
  return hash.digest('hex')
}

interface Target {
  path: string
  sample: Record<string, Json>
  accepts(body: unknown): boolean
}

function malformedBody(random: () => number, target: Target): string | object {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
  const base = { deviceInfo, clientInfo, userInfo: { id: '', jid: '', vcToken: '', role: 2 }, data: target.sample }
  const kind = Math.floor(random() * 9)
  switch (kind) {
    case 0: // not JSON at all
      return pick(['{', '{"data":', 'null x', 'undefined', "{'a':1}", '\u0000\u0001', '[1,2', 'deviceInfo=1&data=2', '{"a":1}}'])
    case 1: // wrong envelope shape
      return pick<object | string>([[], [base], 'text', 42, true, { data: target.sample }, { ...base, deviceInfo: null }, { ...base, clientInfo: [] }].map((v) =>
        typeof v === 'object' ? v : JSON.stringify(v),
      ))
    case 2: {
      // an envelope field of the wrong type or missing
      const part = pick(['deviceInfo', 'clientInfo', 'userInfo'] as const)
      const fields = Object.keys(base[part])
      const field = pick(fields)
      const copy = { ...(base[part] as Record<string, Json>) }
      if (random() < 0.3) delete copy[field]
      else copy[field] = pick(JUNK.filter((j) => typeof j !== typeof copy[field]))
      return { ...base, [part]: copy }
    }
    case 3: // data of the wrong type
      return { ...base, data: pick(JUNK.filter((j) => typeof j !== 'object' || Array.isArray(j) || j === null)) }
    case 4: {
      // a data field removed
      const keys = Object.keys(target.sample)
      if (keys.length === 0) return { ...base, data: { unexpected: pick(JUNK) } }
      const copy = { ...target.sample }
      delete copy[pick(keys)]
      return { ...base, data: copy }
    }
    case 5: {
      // a data field of the wrong type, a huge string or nested junk
      const keys = Object.keys(target.sample)
      const key = keys.length > 0 ? pick(keys) : 'junk'
      return { ...base, data: { ...target.sample, [key]: pick(JUNK) } }
    }
    case 6: // an unknown key in data
      return { ...base, data: { ...target.sample, [pick(['extra', 'constructor', 'admin', '__proto__x', 'x'.repeat(300)])]: pick(JUNK) } }
    case 7: // a body too large
      return JSON.stringify({ ...base, data: { ...target.sample, blob: 'z'.repeat(1_100_000) } })
    default: // deep nesting in the envelope
      return { ...base, userInfo: nested(2000) }
  }
}

describe('fuzz: malformed bodies on every endpoint family', () => {
  let world: TestWorld
  let token: string
  beforeAll(async () => {
    world = await startWorld()
    token = (await signIn(world)).user.vcToken
  })
  afterAll(() => world.close())

  const families = [...new Set(PRODUCT_ROUTES.map((r) => r.path.split('/')[2] ?? ''))]

  it('covers the eight SPEC §7 families', () => {
    expect(families.sort()).toEqual([
      'account_service', 'anchorlist_services', 'common_service', 'friends_service', 'login_service', 'payment_service',
      'system_maintenance', 'translate_service',
    ])
  })

  for (const family of families) {
    it(`${family}: ≥ 200 malformed bodies answer 400/413 naming the field, never 5xx, and change nothing`, async () => {
      const random = prng(seedOf(family))
      const targets: Target[] = PRODUCT_ROUTES.filter((r) => r.path.split('/')[2] === family).map((route) => {
        const name = (Object.keys(endpoints) as EndpointName[]).find((n) => endpoints[n].path === route.path)!
        const schema = route.product!.data
        return {
          path: route.path,
          sample: (SAMPLES[name] ?? endpoints[name].fixedData ?? {}) as Record<string, Json>,
          accepts: (body) => {
            const envelope = requestEnvelope.safeParse(body)
            return envelope.success && schema.safeParse(envelope.data.data).success
          },
        }
      })
      const before = dbHash(world)
      const count = Math.max(200, targets.length * 30)
      let sent = 0
      const statuses = new Map<number, number>()
      for (let i = 0; sent < count; i += 1) {
        const target = targets[i % targets.length]!
        const body = malformedBody(random, target)
        if (typeof body !== 'string' && target.accepts(body)) continue // only malformed bodies count
        if (typeof body === 'string') {
          try {
            if (target.accepts(JSON.parse(body))) continue
          } catch {
            // not JSON: malformed by construction
          }
        }
        const answer = await post(world, target.path, body, token)
        sent += 1
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
        expect(answer.status, `${target.path} ${JSON.stringify(body).slice(0, 200)}`).toBeLessThan(500)
        expect([400, 413]).toContain(answer.status)
        expect(answer.body?.result).toBe(0)
        expect(answer.body?.msg).toMatch(/^[A-Za-z_$][\w.$-]*: /)
      }
      expect(sent).toBeGreaterThanOrEqual(200)
      expect(statuses.get(400)).toBeGreaterThan(0)
      expect(dbHash(world)).toBe(before)
      expect((await fetch(`${world.server.url}/health`)).status).toBe(200)
    }, 60_000)
  }
})

function seedOf(text: string): number {
  let h = 7
  for (const c of text) h = (h * 31 + c.charCodeAt(0)) >>> 0
  return h
}
