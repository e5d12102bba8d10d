import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GIFT_CATALOGUE } from '../xmpp/giftCatalogue.ts'
import { signIn, startWorld, type TestWorld } from '../test-support/world.ts'

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')

async function upload(world: TestWorld, token: string, filename: string, bytes: Buffer) {
  const form = new FormData()
  form.set('token', token)
  form.set('filename', filename)
  form.set('file', new Blob([bytes], { type: 'image/png' }), filename)
  const response = await fetch(`${world.server.url}/upload`, { method: 'POST', body: form })
  return { status: response.status, body: (await response.json()) as { url?: string } }
}

describe('image host', () => {
  let world: TestWorld
  beforeAll(async () => {
    world = await startWorld()
  })
  afterAll(() => world.close())

  it('stores each upload under a random name of its own: the same client name twice keeps both files', async () => {
    const { user } = await signIn(world)
    const name = 'a'.repeat(32) + '.png'
    const other = Buffer.concat([PNG, Buffer.from([1, 2, 3])])
    const first = await upload(world, user.vcToken, name, PNG)
    const second = await upload(world, user.vcToken, name, other)
    expect(first.status).toBe(200)
    expect(second.status).toBe(200)
    expect(first.body.url).toMatch(/\/files\/uploads\/[0-9a-f]{32}\.png$/)
    expect(first.body.url).not.toContain(name)
    expect(second.body.url).not.toBe(first.body.url)
    expect(Buffer.from(await (await fetch(first.body.url!)).arrayBuffer()).equals(PNG)).toBe(true)
    expect(Buffer.from(await (await fetch(second.body.url!)).arrayBuffer()).equals(other)).toBe(true)
  })

  it('refuses a file that is not the image its name says, and an unknown token', async () => {
    const { user } = await signIn(world)
    expect((await upload(world, user.vcToken, 'b'.repeat(32) + '.png', Buffer.from('GIF89a not a png'))).status).toBe(400)
    expect((await upload(world, 'nobody', 'c'.repeat(32) + '.png', PNG)).status).toBe(401)
  })

  it('serves an icon for every listed gift and none for unknown ones', async () => {
    for (const gift of GIFT_CATALOGUE.filter((g) => g.isActive)) {
      const response = await fetch(`${world.server.url}/files/gifts/${gift.id}.svg`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toContain('image/svg+xml')
    }
    expect((await fetch(`${world.server.url}/files/gifts/diamond.svg`)).status).toBe(404)
  })
})
