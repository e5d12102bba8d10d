import { DatabaseSync } from 'node:sqlite'
import { beforeEach, describe, expect, it } from 'vitest'
import { migrate } from '../db/migrations.ts'
import { seed } from '../db/seed.ts'
import { buyGift } from './components.ts'
import { GIFT_CATALOGUE, activeGift } from './giftCatalogue.ts'

const USER = 'user_100001@localhost/web_fachat' // paid, 500 gems
const FREE_USER = 'user_100002@localhost/web_fachat' // 0 gems
const ANCHOR = 'anchor_200001@localhost'

function balanceOf(db: DatabaseSync, uid: string): number {
  return (db.prepare('SELECT gems_balance FROM users WHERE uid = ?').get(uid) as { gems_balance: number }).gems_balance
}

describe('GiftBuy on gift.<domain>', () => {
  let db: DatabaseSync
  beforeEach(() => {
    db = new DatabaseSync(':memory:')
    migrate(db)
    seed(db, { domain: 'localhost', now: Date.UTC(2025, 5, 10) })
  })

  it('charges a listed gift at its listed price and answers the new balance', () => {
    const before = balanceOf(db, '100001')
    expect(buyGift(db, USER, { to: ANCHOR, gift: 'rose', price: '50' })).toEqual({ ok: true, gemsBalance: before - 50 })
    expect(balanceOf(db, '100001')).toBe(before - 50)
  })

  it('refuses a price other than the listed one, and charges nothing', () => {
    const before = balanceOf(db, '100001')
    expect(buyGift(db, USER, { to: ANCHOR, gift: 'rose', price: '1' })).toMatchObject({ ok: false, condition: 'bad-request' })
    expect(balanceOf(db, '100001')).toBe(before)
  })

  it('refuses unknown and retired gifts', () => {
    expect(buyGift(db, USER, { to: ANCHOR, gift: 'diamond', price: '50' })).toMatchObject({ ok: false, condition: 'item-not-found' })
    const retired = GIFT_CATALOGUE.find((gift) => !gift.isActive)!
    expect(activeGift(retired.id)).toBeUndefined()
    expect(buyGift(db, USER, { to: ANCHOR, gift: retired.id, price: String(retired.gemsPrice) })).toMatchObject({ ok: false, condition: 'item-not-found' })
  })

  it('without enough gems: gems-insufficient, balance unchanged', () => {
    expect(buyGift(db, FREE_USER, { to: ANCHOR, gift: 'heart', price: '20' })).toEqual({
      ok: false,
      type: 'cancel',
      condition: 'not-acceptable',
      text: 'gems-insufficient',
      gemsInsufficient: true,
    })
    expect(balanceOf(db, '100002')).toBe(0)
  })
})
