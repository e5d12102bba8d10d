import { describe, expect, it } from 'vitest'
import { giftError } from '../../services/messaging'

describe("GiftBuy failures ('xmpp send iq error')", () => {
  it("marks the gift component's gems-insufficient answer", () => {
    const byApplication = giftError(new Error('xmpp send iq error', { cause: { condition: 'not-acceptable', application: { name: 'gems-insufficient' } } }))
    expect(byApplication.message).toBe('xmpp send iq error')
    expect(byApplication.gemsInsufficient).toBe(true)
    expect(giftError(new Error('xmpp send iq error', { cause: { condition: 'not-acceptable', text: 'gems-insufficient' } })).gemsInsufficient).toBe(true)
  })

  it('leaves other failures unmarked', () => {
    const timeout = giftError(new Error('xmpp send iq error', { cause: new Error('time out') }))
    expect(timeout.message).toBe('xmpp send iq error')
    expect(timeout.gemsInsufficient).toBeUndefined()
    expect(giftError('boom').message).toBe('boom')
  })
})
