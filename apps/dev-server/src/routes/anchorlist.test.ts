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
