import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { clientInfo, deviceInfo, post, signIn, startWorld, type TestWorld } from '../test-support/world.ts'

describe('settings that follow the account (get/update_manual_personal_info_v2 settings)', () => {
  let world: TestWorld
  beforeEach(async () => {
    world = await startWorld()
  })
  afterEach(() => world.close())

  it('an account that never chose has no settings; a choice made on one device is what another device reads', async () => {
    const phone = await signIn(world, '100002')
    expect((await phone.api.getPersonalInfo()).settings).toEqual({})

    const answer = await phone.api.updatePersonalInfo({ settings: { readReceipt: false, messageRetentionDays: 7 } })
    expect(answer.settings).toEqual({ readReceipt: false, messageRetentionDays: 7 })

    // A second device changes another setting: both choices stay.
    const laptop = await signIn(world, '100002')
    expect((await laptop.api.getPersonalInfo()).settings).toEqual({ readReceipt: false, messageRetentionDays: 7 })
    await laptop.api.updatePersonalInfo({ settings: { show_translate: 'off', readReceipt: true } })
    expect((await phone.api.getPersonalInfo()).settings).toEqual({ readReceipt: true, messageRetentionDays: 7, show_translate: 'off' })
    // The profile fields are untouched by a settings change.
    expect((await phone.api.getPersonalInfo()).nickName).toBe(answer.nickName)
  })

  it('refuses unknown settings, wrong values and an empty change, and stores nothing of them', async () => {
    const { user, api } = await signIn(world, '100002')
    const send = (settings: unknown) => post(world, '/api/common_service/update_manual_personal_info_v2', { deviceInfo, clientInfo, userInfo: user, data: { settings } })
    for (const bad of [{ darkMode: false }, { readReceipt: 'no' }, { messageRetentionDays: 3 }, {}]) {
      expect((await send(bad)).status).toBe(400)
    }
    expect((await api.getPersonalInfo()).settings).toEqual({})
  })
})
