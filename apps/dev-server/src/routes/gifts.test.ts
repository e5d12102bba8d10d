import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiError } from '@vchat/api-client'
import { PAID_IMAGE_VIEW_TTL_MS, PRIVATE_PHOTO_COUNT } from '../constants.ts'
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

  /** The image host's answer to a GET of `url` (absolute or same-origin path). */
  const fetchImage = (url: string) => fetch(url.startsWith('/') ? `${world.server.url}${url}` : url)

  it('unlocks a host private photo once: charged the first time, free afterwards; each answer opens it through a signed URL', async () => {
    const { api } = await signIn(world, '100001')
    const before = (await api.getAccount()).gemsBalance
    const url = `${world.server.url}/files/private/200002_1.svg`
    // The name alone opens nothing, before or after the unlock; its placeholder is public.
    expect((await fetchImage(url)).status).toBe(403)
    expect((await fetchImage('/files/private-previews/200002_1.svg')).status).toBe(200)
    const first = await api.unlockImage({ url, anchorJid: 'anchor_200002@localhost', price: 30 })
    expect(first).toEqual({ url, unlocked: true, reason: 'none', price: 30, gemsBalance: before - 30, viewUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/files\/private\/200002_1\.svg\?exp=\d+&sig=[\w-]+$/) })
    const shown = await fetchImage(first.viewUrl)
    expect(shown.status).toBe(200)
    expect(shown.headers.get('content-type')).toContain('image/svg+xml')
    expect(shown.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/)
    expect((await fetchImage(url)).status).toBe(403)
    const again = await api.unlockImage({ url, anchorJid: 'anchor_200002@localhost', price: 30 })
    expect(again).toMatchObject({ url, unlocked: true, reason: 'none', price: 30, gemsBalance: before - 30 })
    expect((await fetchImage(again.viewUrl)).status).toBe(200)
    expect((await api.getAccount()).gemsBalance).toBe(before - 30)
  })

  it('a signed URL stops opening the photo when it expires, and for any other photo or a changed signature', async () => {
    const { api } = await signIn(world, '100001')
    const { viewUrl } = await api.unlockImage({ url: '/files/private/200007_2.svg', anchorJid: 'anchor_200007@localhost', price: 30 })
    expect((await fetchImage(viewUrl)).status).toBe(200)
    // Another photo of the album, or another host's, with this signature: refused.
    expect((await fetchImage(viewUrl.replace('200007_2', '200007_3'))).status).toBe(403)
    expect((await fetchImage(viewUrl.replace('200007_2', '200008_2'))).status).toBe(403)
    // A longer life written into the URL, or a signature changed by one character: refused.
    const exp = Number(new URL(viewUrl).searchParams.get('exp'))
    expect((await fetchImage(viewUrl.replace(`exp=${exp}`, `exp=${exp + 3_600_000}`))).status).toBe(403)
    const sig = new URL(viewUrl).searchParams.get('sig') ?? ''
    expect((await fetchImage(viewUrl.replace(sig, `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`))).status).toBe(403)
    // Past its life: refused; unlocked_images answers a fresh one, which opens it.
    world.clock.now += PAID_IMAGE_VIEW_TTL_MS + 1_000
    expect((await fetchImage(viewUrl)).status).toBe(403)
    const { viewUrls } = await api.getUnlockedImages({ urls: ['/files/private/200007_2.svg'] })
    expect(viewUrls['/files/private/200007_2.svg']).not.toBe(viewUrl)
    expect((await fetchImage(viewUrls['/files/private/200007_2.svg'] ?? '')).status).toBe(200)
  })

  it('charges the server\'s price only: a client-sent price is never charged; another one is answered with the real price', async () => {
    const { api } = await signIn(world, '100001')
    const before = (await api.getAccount()).gemsBalance
    const url = '/files/private/200004_2.svg'
    for (const price of [1, 29, 31, 5_000]) {
      expect(await api.unlockImage({ url, anchorJid: 'anchor_200004@localhost', price })).toEqual({ url, unlocked: false, reason: 'price_changed', price: 30, gemsBalance: before, viewUrl: '' })
    }
    expect((await api.getUnlockedImages({ urls: [url] })).urls).toEqual([])
    // Asked again at the price it was told: unlocked, charged exactly that.
    expect(await api.unlockImage({ url, anchorJid: 'anchor_200004@localhost', price: 30 })).toMatchObject({ url, unlocked: true, reason: 'none', price: 30, gemsBalance: before - 30 })
  })

  it('without enough gems nothing is charged, nothing is opened, and the answer says why', async () => {
    const { api } = await signIn(world, '100002')
    const answer = await api.unlockImage({ url: '/files/private/200003_1.svg', anchorJid: 'anchor_200003@localhost', price: 30 })
    expect(answer).toMatchObject({ unlocked: false, reason: 'gems_insufficient', gemsBalance: 0, viewUrl: '' })
  })

  it('says which images the user has unlocked, without charging, by the URLs as asked, each with a signed URL', async () => {
    const { api } = await signIn(world, '100001')
    const absolute = `${world.server.url}/files/private/200005_1.svg`
    expect(await api.getUnlockedImages({ urls: [absolute, '/files/private/200006_1.svg'] })).toEqual({ urls: [], viewUrls: {} })
    await api.unlockImage({ url: absolute, anchorJid: 'anchor_200005@localhost', price: 30 })
    const before = (await api.getAccount()).gemsBalance
    // The same image by its same-origin path counts too; a foreign URL is simply not unlocked.
    const asked = [absolute, '/files/private/200005_1.svg', '/files/private/200006_1.svg', 'https://elsewhere.example/x.png']
    const answer = await api.getUnlockedImages({ urls: asked })
    expect(answer.urls).toEqual([absolute, '/files/private/200005_1.svg'])
    expect(Object.keys(answer.viewUrls)).toEqual([absolute, '/files/private/200005_1.svg'])
    for (const viewUrl of Object.values(answer.viewUrls)) expect((await fetchImage(viewUrl)).status).toBe(200)
    expect((await api.getAccount()).gemsBalance).toBe(before)
    // Another user has unlocked none of them.
    const other = await signIn(world, '100002')
    expect(await other.api.getUnlockedImages({ urls: asked })).toEqual({ urls: [], viewUrls: {} })
  })

  it("refuses another host's photo, a public gallery photo, a photo past the album, foreign URLs and unknown hosts", async () => {
    const { api } = await signIn(world, '100001')
    const refused = (params: Parameters<typeof api.unlockImage>[0]) => api.unlockImage(params).then(() => null, (error: unknown) => error)
    expect(await refused({ url: '/files/private/200004_1.svg', anchorJid: 'anchor_200002@localhost', price: 30 })).toBeInstanceOf(ApiError)
    expect(await refused({ url: '/files/photos/200002_1.svg', anchorJid: 'anchor_200002@localhost', price: 30 })).toBeInstanceOf(ApiError)
    expect(await refused({ url: `/files/private/200002_${PRIVATE_PHOTO_COUNT + 1}.svg`, anchorJid: 'anchor_200002@localhost', price: 30 })).toBeInstanceOf(ApiError)
    expect(await refused({ url: 'https://elsewhere.example/x.png', anchorJid: 'anchor_200002@localhost', price: 30 })).toBeInstanceOf(ApiError)
    expect(await refused({ url: '/files/private/200002_1.svg', anchorJid: 'anchor_999999@localhost', price: 30 })).toBeInstanceOf(ApiError)
  })
})
