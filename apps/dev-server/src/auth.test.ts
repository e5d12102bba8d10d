import { endpoints, type EndpointName } from '@vchat/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_TTL_MS } from './constants.ts'
import { PRODUCT_ROUTES } from './index.ts'
import { SAMPLES, envelope, post, signIn, startWorld, type TestWorld } from './test-support/world.ts'

const PUBLIC = [
  '/api/login_service/get_website_config',
  '/api/login_service/login',
  '/api/login_service/user_pwd_login',
  '/api/system_maintenance/maintenance_status',
]

function sampleFor(path: string): unknown {
  const name = (Object.keys(endpoints) as EndpointName[]).find((n) => endpoints[n].path === path)!
  return SAMPLES[name] ?? endpoints[name].fixedData
}

describe('auth: the vcToken is checked on every call through productRoute', () => {
  let world: TestWorld
  beforeAll(async () => {
    world = await startWorld()
  })
  afterAll(() => world.close())

  it('only sign-in, website config and maintenance status are public', () => {
    expect(PRODUCT_ROUTES.filter((r) => !r.product!.auth).map((r) => r.path).sort()).toEqual(PUBLIC)
  })

  it('answers 401 on every other endpoint without a token, with an unknown, an expired or a logged-out token', async () => {
    // logout last: it ends the session the last check uses.
    const protectedRoutes = PRODUCT_ROUTES.filter((r) => r.product!.auth).sort(
      (a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')),
    )
    expect(protectedRoutes).toHaveLength(54) // 58 endpoints less the 4 public ones
    const loggedOut = await signIn(world)
    await loggedOut.api.logout()
    const expiring = await signIn(world)
    const live = await signIn(world)
    world.clock.now += SESSION_TTL_MS
    const fresh = await signIn(world)
    for (const route of protectedRoutes) {
      const body = envelope(sampleFor(route.path))
      for (const token of [undefined, 'f'.repeat(64), loggedOut.user.vcToken, expiring.user.vcToken, live.user.vcToken]) {
        const answer = await post(world, route.path, body, token)
        expect(answer.status, `${route.path} with ${token ? 'a bad' : 'no'} token`).toBe(401)
        expect(answer.body).toEqual({ result: 0, data: null, msg: 'userInfo.vcToken: unknown or expired token' })
      }
      // The token in userInfo counts when no header is sent.
      const viaEnvelope = await post(world, route.path, envelope(sampleFor(route.path), fresh.user.vcToken))
      expect(viaEnvelope.status, route.path).not.toBe(401)
    }
  })

  it('the image host checks the token too', async () => {
    const form = new FormData()
    form.append('token', 'nope')
    form.append('filename', `${'a'.repeat(32)}.png`)
    form.append('file', new Blob([Buffer.from('89504e47', 'hex')]), 'x.png')
    const response = await fetch(`${world.server.url}/upload`, { method: 'POST', body: form })
    expect(response.status).toBe(401)
  })
})
