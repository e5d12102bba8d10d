import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PUBLIC_HOSTS_LIMIT, PUBLIC_HOSTS_PATH, fetchPublicHosts, type PublicHostsResponse } from '@vchat/api-client'
import { PUBLIC_WALL_MAX_AGE_S } from '../constants.ts'
import { signIn, startWorld, type TestWorld } from '../test-support/world.ts'

describe('contact pop-up (anchorlist_services/contact_popup_info)', () => {
  let world: TestWorld
  beforeEach(async () => {
    world = await startWorld()
  })
  afterEach(() => world.close())

  it('suggests an online host to a user, with her greeting, after 30 s', async () => {
    const { api } = await signIn(world, '100002')
    const answer = await api.getContactPopupInfo()
    expect(answer.show).toBe(true)
    expect(answer.anchor?.jid).toMatch(/^anchor_\d+@/)
    expect(answer.greeting.length).toBeGreaterThan(0)
    expect(answer.showAfterSeconds).toBe(30)
  })

  it('suggests nobody to a host signed in on the web: she is working, and could be offered herself', async () => {
    const { api } = await signIn(world, '200008')
    expect(await api.getContactPopupInfo()).toEqual({ show: false, anchor: null, greeting: '', showAfterSeconds: 30 })
  })
})

describe('one host by jid (anchorlist_services/anchor_profile)', () => {
  let world: TestWorld
  beforeEach(async () => {
    world = await startWorld()
  })
  afterEach(() => world.close())

  it('answers any seeded host, also one far down every list, and null for a jid that is no host', async () => {
    const { api } = await signIn(world, '100002')
    const hot = await api.getHotAnchors({ page: 1, size: 50 })
    const listedJids = new Set(hot.list.map((anchor) => anchor.jid))
    const total = hot.total
    // The last host of the hot list: beyond its first page.
    const last = await api.getHotAnchors({ page: Math.ceil(total / 50), size: 50 })
    const far = last.list.at(-1)!
    expect(listedJids.has(far.jid)).toBe(false)
    const answer = await api.getAnchorProfile({ jid: far.jid })
    expect(answer.anchor).toMatchObject({ jid: far.jid, uid: far.uid, nickName: far.nickName, privateChatPrice: far.privateChatPrice })

    expect(await api.getAnchorProfile({ jid: 'anchor_999999@localhost' })).toEqual({ anchor: null })
    // A user is not a host.
    expect(await api.getAnchorProfile({ jid: 'user_100002@localhost' })).toEqual({ anchor: null })
  })
})

describe('the public wall (GET /api/public/live_hosts)', () => {
  let world: TestWorld
  beforeEach(async () => {
    world = await startWorld()
  })
  afterEach(() => world.close())

  it('answers a visitor without login: at most twelve hosts, live ones first, nothing paid, cacheable', async () => {
    const response = await fetch(`${world.server.url}/api/public/live_hosts`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe(`public, max-age=${PUBLIC_WALL_MAX_AGE_S}`)
    const body = (await response.json()) as { result: number; data: PublicHostsResponse }
    expect(body.result).toBe(1)
    const { list } = body.data
    expect(list).toHaveLength(PUBLIC_HOSTS_LIMIT)
    for (const host of list) {
      expect(Object.keys(host).sort()).toEqual(['avatarUrl', 'birthday', 'country', 'gender', 'jid', 'nickName', 'onlineStatus', 'uid'])
      expect(host.nickName).not.toMatch(/^anchor_|^User /)
    }
    const rank = { online: 0, busy: 1, offline: 2 } as const
    const ranks = list.map((host) => rank[host.onlineStatus])
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
    expect(ranks[0]).toBe(0)
  })

  it('puts hosts who speak the visitor language first among the live ones, and refuses a malformed code', async () => {
    const { api } = await signIn(world, '100002')
    const arabic = (await api.getHotAnchors({ page: 1, size: 50, language: 'ar' })).list.filter((anchor) => anchor.onlineStatus === 'online')
    expect(arabic.length).toBeGreaterThan(0)
    const response = await fetch(`${world.server.url}/api/public/live_hosts?language=ar`)
    const { data } = (await response.json()) as { data: PublicHostsResponse }
    expect(data.list[0]?.jid).toBe(arabic[0]?.jid)

    const bad = await fetch(`${world.server.url}/api/public/live_hosts?language=%3Cscript%3E`)
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { msg: string }).msg).toMatch(/^query\.language/)
    const unknown = await fetch(`${world.server.url}/api/public/live_hosts?page=2`)
    expect(unknown.status).toBe(400)
  })

  it('is what api-client fetchPublicHosts reads', async () => {
    const answer = await fetchPublicHosts(world.server.url, { language: 'en' })
    expect(answer.list).toHaveLength(PUBLIC_HOSTS_LIMIT)
    expect(PUBLIC_HOSTS_PATH).toBe('/api/public/live_hosts')
  })
})
