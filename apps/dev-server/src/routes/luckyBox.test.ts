import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { clientInfo, deviceInfo, post, signIn, startWorld, type TestWorld } from '../test-support/world.ts'
import { luckyBoxGems, LUCKY_BOXES } from './luckyBox.ts'

const gemsOf = (uid: string, rule: string) => {
  const box = LUCKY_BOXES.find((item) => item.rule === rule)
  if (!box) throw new Error(`no rule ${rule}`)
  return luckyBoxGems(uid, box)
}

describe('lucky box (common_service/lucky_box_info, open_lucky_box)', () => {
  let world: TestWorld
  beforeEach(async () => {
    world = await startWorld()
  })
  afterEach(() => world.close())

  it('opens each rule once when met, credits the drawn gems and reports them opened', async () => {
    // 100002 (free) has no relations: only the welcome box is ready.
    const { api, user } = await signIn(world, '100002')
    const before = await api.getLuckyBoxInfo()
    expect(before.enabled).toBe(true)
    expect(before.boxes.map((box) => [box.rule, box.status])).toEqual([
      ['welcome', 'ready'],
      ['first_like', 'locked'],
      ['first_match', 'locked'],
    ])
    const balance = (await api.getAccount()).gemsBalance

    const opened = await api.openLuckyBox({ rule: 'welcome' })
    const gems = gemsOf('100002', 'welcome')
    expect(opened.gems).toBe(gems)
    expect(gems).toBeGreaterThanOrEqual(5)
    expect(gems).toBeLessThanOrEqual(20)
    expect(opened.gemsBalance).toBe(balance + gems)
    expect(opened.box).toEqual({ rule: 'welcome', status: 'opened', minGems: 5, maxGems: 20, gems, openedAt: world.clock.now })
    expect((await api.getAccount()).gemsBalance).toBe(balance + gems)

    // A second opening is refused and pays nothing.
    await expect(api.openLuckyBox({ rule: 'welcome' })).rejects.toMatchObject({ code: 'BACKEND_ERROR' })
    const raw = await post(world, '/api/common_service/open_lucky_box', { deviceInfo, clientInfo, userInfo: user, data: { rule: 'welcome' } })
    expect(raw.body).toMatchObject({ result: 0, msg: 'lucky box already opened' })
    expect((await api.getAccount()).gemsBalance).toBe(balance + gems)

    // Locked until met: the first like unlocks first_like; a like back makes a match.
    await expect(api.openLuckyBox({ rule: 'first_like' })).rejects.toMatchObject({ code: 'BACKEND_ERROR' })
    await api.changeRelation({ targetJid: 'anchor_200007@localhost', action: 'like' })
    expect((await api.getLuckyBoxInfo()).boxes.map((box) => box.status)).toEqual(['opened', 'ready', 'locked'])
    await post(world, '/dev/anchors/like', { anchorUid: '200007', userUid: '100002' })
    expect((await api.getLuckyBoxInfo()).boxes.map((box) => box.status)).toEqual(['opened', 'ready', 'ready'])
    const match = await api.openLuckyBox({ rule: 'first_match' })
    expect(match.gems).toBe(gemsOf('100002', 'first_match'))
    expect(match.gemsBalance).toBe(balance + gems + match.gems)
  })

  it('validates the rule and the relation helper', async () => {
    const { user } = await signIn(world, '100002')
    const bad = await post(world, '/api/common_service/open_lucky_box', { deviceInfo, clientInfo, userInfo: user, data: { rule: 'jackpot' } })
    expect(bad.status).toBe(400)
    expect((await post(world, '/dev/anchors/like', { anchorUid: '100001', userUid: '100002' })).status).toBe(404)
    expect((await post(world, '/dev/anchors/like', { anchorUid: '200001', userUid: '999999' })).status).toBe(404)
  })

  it('draws different amounts for different users within each range', () => {
    for (const box of LUCKY_BOXES) {
      const amounts = ['100001', '100002', '300001', '300002', '300003'].map((uid) => luckyBoxGems(uid, box))
      for (const amount of amounts) {
        expect(amount).toBeGreaterThanOrEqual(box.minGems)
        expect(amount).toBeLessThanOrEqual(box.maxGems)
      }
      expect(new Set(amounts).size).toBeGreaterThan(1)
    }
  })
})

describe('exclusive-girl page (anchorlist_services/exclusive_anchor_list)', () => {
  let world: TestWorld
  beforeEach(async () => {
    world = await startWorld()
  })
  afterEach(() => world.close())

  it('lists the seeded exclusive hosts at twice their price, unlocked for paid users only', async () => {
    const paid = await signIn(world, '100001')
    const page = await paid.api.getExclusiveAnchors({ page: 1, size: 50 })
    expect(page.unlocked).toBe(true)
    expect(page.total).toBe(8)
    expect(page.list.every((anchor) => Number(anchor.uid) % 8 === 3)).toBe(true)
    for (const anchor of page.list) {
      expect(anchor.exclusivePrice).toBe(anchor.privateChatPrice * 2)
      expect(anchor.exclusiveIntro.length).toBeGreaterThan(0)
    }
    const order = { online: 0, busy: 1, offline: 2 } as const
    const ranks = page.list.map((anchor) => order[anchor.onlineStatus])
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b))

    const free = await signIn(world, '100002')
    const second = await free.api.getExclusiveAnchors({ page: 2, size: 5 })
    expect(second.unlocked).toBe(false)
    expect(second.list).toHaveLength(3)
    expect(second.hasMore).toBe(false)
  })
})
