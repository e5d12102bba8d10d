import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deviceInfo, signIn, startWorld, type TestWorld } from '../test-support/world.ts'

describe('push token upload', () => {
  let world: TestWorld
  beforeAll(async () => {
    world = await startWorld()
  })
  afterAll(() => world.close())

  async function tokens(uid: string) {
    const response = await fetch(`${world.server.url}/dev/push/tokens?uid=${uid}`)
    return ((await response.json()) as { data: { tokens: { deviceId: string; token: string; updatedAt: number }[] } }).data.tokens
  }

  it('stores one token per user and device, replacing it when a new one is uploaded', async () => {
    const { api } = await signIn(world, '100002')
    const first = await api.uploadPushToken({ pushToken: 'fcm-token-aaaaaaaaaaaaaaaa', platform: 'web' })
    expect(first.updatedAt).toBe(world.clock.now)
    world.clock.now += 6 * 24 * 3600 * 1000
    await api.uploadPushToken({ pushToken: 'fcm-token-bbbbbbbbbbbbbbbb', platform: 'web' })
    expect(await tokens('100002')).toEqual([{ deviceId: deviceInfo.androidId, token: 'fcm-token-bbbbbbbbbbbbbbbb', platform: 'web', updatedAt: world.clock.now }])
    expect(world.logs.some((line) => line.includes('fcm-token'))).toBe(false)
  })

  it('refuses a malformed token (400 naming the field)', async () => {
    const { api } = await signIn(world, '100002')
    await expect(api.uploadPushToken({ pushToken: 'short', platform: 'web' })).rejects.toMatchObject({ name: 'ApiError' })
    const response = await fetch(`${world.server.url}/dev/push/tokens?uid=abc`)
    expect(response.status).toBe(400)
  })
})
