import { afterEach, beforeEach, describe, expect, it } from 'vitest'
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
