import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiError } from '@vchat/api-client'
import { signIn, startWorld, type TestWorld } from '../test-support/world.ts'

describe('gift list and paid-image unlock', () => {
  let world: TestWorld
  beforeAll(async () => {
    world = await startWorld()
  })
  afterAll(() => world.close())

  it('lists the active gifts by priority with icons on the image host', async () => {
    const { api } = await signIn(world)
    const { list } = await api.getGiftList()
    expect(list.length).toBeGreaterThan(3)
    expect(list.every((gift) => gift.isActive)).toBe(true)
    expect(list.map((gift) => gift.priority)).toEqual([...list.map((gift) => gift.priority)].sort((a, b) => a - b))
    expect(list.find((gift) => gift.id === 'rose')).toMatchObject({ gemsPrice: 50, iconUrl: `${world.server.url}/files/gifts/rose.svg` })
  })

  it('unlocks a host photo once: charged the first time, free afterwards', async () => {
    const { api } = await signIn(world, '100001')
    const before = (await api.getAccount()).gemsBalance
    const url = `${world.server.url}/files/photos/200002_1.svg`
    const first = await api.unlockImage({ url, anchorJid: 'anchor_200002@localhost', price: 30 })
    expect(first).toEqual({ url, unlocked: true, reason: 'none', price: 30, gemsBalance: before - 30 })
    const again = await api.unlockImage({ url, anchorJid: 'anchor_200002@localhost', price: 30 })
    expect(again).toEqual({ url, unlocked: true, reason: 'none', price: 30, gemsBalance: before - 30 })
    expect((await api.getAccount()).gemsBalance).toBe(before - 30)
  })

  it('charges the server\'s price only: a client-sent price is never charged; another one is answered with the real price', async () => {
    const { api } = await signIn(world, '100001')
    const before = (await api.getAccount()).gemsBalance
    const url = '/files/photos/200004_2.svg'
    for (const price of [1, 29, 31, 5_000]) {
      expect(await api.unlockImage({ url, anchorJid: 'anchor_200004@localhost', price })).toEqual({ url, unlocked: false, reason: 'price_changed', price: 30, gemsBalance: before })
    }
    expect((await api.getUnlockedImages({ urls: [url] })).urls).toEqual([])
    // Asked again at the price it was told: unlocked, charged exactly that.
    expect(await api.unlockImage({ url, anchorJid: 'anchor_200004@localhost', price: 30 })).toEqual({ url, unlocked: true, reason: 'none', price: 30, gemsBalance: before - 30 })
  })

  it('without enough gems nothing is charged and the answer says why', async () => {
    const { api } = await signIn(world, '100002')
    const answer = await api.unlockImage({ url: '/files/photos/200003_1.svg', anchorJid: 'anchor_200003@localhost', price: 30 })
    expect(answer).toMatchObject({ unlocked: false, reason: 'gems_insufficient', gemsBalance: 0 })
  })

  it('says which images the user has unlocked, without charging, by the URLs as asked', async () => {
    const { api } = await signIn(world, '100001')
    const absolute = `${world.server.url}/files/photos/200005_1.svg`
    expect(await api.getUnlockedImages({ urls: [absolute, '/files/photos/200006_1.svg'] })).toEqual({ urls: [] })
    await api.unlockImage({ url: absolute, anchorJid: 'anchor_200005@localhost', price: 30 })
    const before = (await api.getAccount()).gemsBalance
    // The same image by its same-origin path counts too; a foreign URL is simply not unlocked.
    const asked = [absolute, '/files/photos/200005_1.svg', '/files/photos/200006_1.svg', 'https://elsewhere.example/x.png']
    expect(await api.getUnlockedImages({ urls: asked })).toEqual({ urls: [absolute, '/files/photos/200005_1.svg'] })
    expect((await api.getAccount()).gemsBalance).toBe(before)
    // Another user has unlocked none of them.
    const other = await signIn(world, '100002')
    expect(await other.api.getUnlockedImages({ urls: asked })).toEqual({ urls: [] })
  })

  it("refuses another host's photo, foreign URLs and unknown hosts", async () => {
    const { api } = await signIn(world, '100001')
    const refused = (params: Parameters<typeof api.unlockImage>[0]) => api.unlockImage(params).then(() => null, (error: unknown) => error)
    expect(await refused({ url: '/files/photos/200004_1.svg', anchorJid: 'anchor_200002@localhost', price: 30 })).toBeInstanceOf(ApiError)
    expect(await refused({ url: 'https://elsewhere.example/x.png', anchorJid: 'anchor_200002@localhost', price: 30 })).toBeInstanceOf(ApiError)
    expect(await refused({ url: '/files/photos/200002_1.svg', anchorJid: 'anchor_999999@localhost', price: 30 })).toBeInstanceOf(ApiError)
  })
})
