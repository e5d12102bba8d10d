import { describe, expect, it } from 'vitest'
import { testBrand, testBrandWithoutAuthRoutes } from '../testing/testBrand'
import { findRoute } from './routeTable'
import { buildRouteTable } from './routes'

// Loading every screen transforms each one's module graph on first import; on a busy machine that is
// the slow part of this file, so it gets a generous bound of its own.
const SCREEN_MODULES_LOAD_MS = 60_000

const defaultRoutes = buildRouteTable(testBrand.routes)
const openRoutes = buildRouteTable(testBrandWithoutAuthRoutes.routes)

function flags(path: string, routes = defaultRoutes) {
  const route = routes.find((r) => r.path === path)
  if (!route) throw new Error(`missing route ${path}`)
  return { popup: route.popup, auth: route.auth, layout: route.layout }
}

describe('route table (SPEC §2)', () => {
  it.each([
    ['/', false, false],
    ['/onlinevideochat', true, false],
    ['/match', true, true],
    ['/goddess', false, true],
    ['/download', false, false],
    ['/message', false, true],
    ['/callrecord', false, true],
    ['/task', false, true],
    ['/domain', false, true],
    ['/call/:uid', false, true],
    ['/login', true, false],
    ['/userpassword', true, false],
    ['/video/:uid', true, true],
    ['/videoview', true, true],
    ['/friendreq', false, true],
    ['/deletemessagesettings', false, true],
    ['/paymenthistory', false, true],
    ['/anchorprofile', false, true],
    ['/languagesettings', false, true],
    ['/personalhome', false, true],
    ['/settings', false, true],
    ['/club', false, true],
    ['/silveranchor', true, false],
    ['/editprofile', false, true],
    ['/messageSetup', false, true],
  ])('%s sits under the home layout: popup %s, auth %s (default brand)', (path, popup, auth) => {
    expect(flags(path)).toEqual({ popup, auth, layout: 'home' })
  })

  it.each(['/test', '/preview', '/checkoutCards', '/bindcheckout', '/upi', '/upiprocess', '/payresult'])(
    '%s is a top-level route outside the layout',
    (path) => {
      expect(flags(path)).toEqual({ popup: false, auth: false, layout: 'top' })
    },
  )

  it('marks the payment screens', () => {
    expect(defaultRoutes.filter((r) => r.payment).map((r) => r.path)).toEqual(['/checkoutCards', '/bindcheckout', '/upi', '/upiprocess', '/payresult'])
  })

  it('has 32 routes in the default brand and no duplicates', () => {
    expect(defaultRoutes).toHaveLength(32)
    expect(new Set(defaultRoutes.map((r) => r.path)).size).toBe(32)
  })

  it('drops auth on /task, /domain and /club and removes /messageSetup for the second/third flags', () => {
    expect(flags('/task', openRoutes).auth).toBe(false)
    expect(flags('/domain', openRoutes).auth).toBe(false)
    expect(flags('/club', openRoutes).auth).toBe(false)
    expect(openRoutes.find((r) => r.path === '/messageSetup')).toBeUndefined()
    expect(openRoutes).toHaveLength(31)
    // Everything else is the same.
    expect(flags('/match', openRoutes)).toEqual(flags('/match'))
  })

  it('assigns the four tabs', () => {
    expect(defaultRoutes.filter((r) => r.tab).map((r) => [r.tab, r.path])).toEqual([
      ['match', '/match'],
      ['discover', '/goddess'],
      ['messages', '/message'],
      ['history', '/callrecord'],
    ])
  })
})

describe('screens', () => {
  it('every route but the landing page loads its screen as its own chunk; the landing page is in the first load', async () => {
    expect(defaultRoutes.filter((r) => !r.load).map((r) => r.screen)).toEqual(['landing', 'onlineVideoChat'])
    const loaded = await Promise.all(defaultRoutes.flatMap((r) => (r.load ? [r.load()] : [])))
    expect(loaded).toHaveLength(30)
    for (const screen of loaded) expect(typeof screen).toBe('function')
  }, SCREEN_MODULES_LOAD_MS)
})

describe('findRoute', () => {
  it('matches parameters and ignores case', () => {
    expect(findRoute(defaultRoutes, '/video/200001')?.screen).toBe('video')
    expect(findRoute(defaultRoutes, '/call/5')?.screen).toBe('call')
    expect(findRoute(defaultRoutes, '/messagesetup')?.screen).toBe('messageSetup')
    expect(findRoute(defaultRoutes, '/')?.screen).toBe('landing')
    expect(findRoute(defaultRoutes, '/nope')).toBeUndefined()
  })
})
