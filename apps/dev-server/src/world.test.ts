import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { withImageQuality, type ApiError } from '@vchat/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDevServer } from './index.ts'
import { DAY_MS } from './world/time.ts'
import { CARD_TOKEN_TTL_MS, TOKENS_PATH } from './simulator/cardVault.ts'
import { deviceInfo, post, signIn, startWorld, tokenizeAtProvider, type TestWorld } from './test-support/world.ts'

const FLAGS = 'BH OM GB SA DE AE QA KW IN FR EG US AU CA DK IE IT NZ CH TR BR MX PE AT SE NO ES NL NG'.split(' ')

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  return (await promise.then(
    () => {
      throw new Error('expected a failure')
    },
    (e: unknown) => e,
  )) as ApiError
}

describe('the seeded world', () => {
  let world: TestWorld
  beforeAll(async () => {
    // 2025-06-10 12:00 UTC = 17:30 in Asia/Kolkata (deviceInfo offset 330)
    world = await startWorld(Date.UTC(2025, 5, 10, 12, 0, 0))
  })
  afterAll(() => world.close())

  it('has ≥ 60 anchors of varied countries, languages, genders, prices and presence; uids 200001+', async () => {
    const { api } = await signIn(world)
    const first = await api.getNewAnchors({ page: 1, size: 50 })
    const second = await api.getNewAnchors({ page: 2, size: 50 })
    const all = [...first.list, ...second.list]
    expect(first.total).toBeGreaterThanOrEqual(60)
    expect(all).toHaveLength(first.total)
    expect(first.hasMore).toBe(true)
    expect(second.hasMore).toBe(false)
    expect(new Set(all.map((a) => a.uid)).size).toBe(all.length)
    for (const anchor of all) {
      expect(Number(anchor.uid)).toBeGreaterThanOrEqual(200001)
      expect(anchor.jid).toBe(`anchor_${anchor.uid}@localhost`)
      expect(FLAGS).toContain(anchor.country)
    }
    expect(new Set(all.map((a) => a.country)).size).toBeGreaterThanOrEqual(20)
    for (const language of ['en', 'ar', 'hi', 'tr', 'fr', 'es', 'de', 'pt']) expect(all.some((a) => a.language === language)).toBe(true)
    expect(new Set(all.map((a) => a.gender))).toEqual(new Set(['female', 'male']))
    expect(new Set(all.map((a) => a.privateChatPrice)).size).toBeGreaterThan(5)
    expect(new Set(all.map((a) => a.onlineStatus))).toEqual(new Set(['online', 'busy', 'offline']))
    // new list: newest first
    expect(Number(all[0]?.uid)).toBeGreaterThan(Number(all.at(-1)?.uid))
  })

  it('serves hot lists online first, filtered by language, and club lists with silver prices', async () => {
    const { api } = await signIn(world)
    const hot = await api.getHotAnchors({ page: 1, size: 50 })
    const order = { online: 0, busy: 1, offline: 2 }
    const ranks = hot.list.map((a) => order[a.onlineStatus])
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
    const arabic = await api.getHotAnchors({ page: 1, size: 50, language: 'ar' })
    expect(arabic.list.length).toBeGreaterThan(5)
    expect(arabic.list.every((a) => a.language === 'ar')).toBe(true)
    const club = await api.getClubAnchors({ page: 1, size: 50 })
    expect(club.status).toBe(1)
    expect(club.clubAnchorItem.length).toBeGreaterThan(10)
    expect(club.clubAnchorItem.every((a) => a.isClubAnchor && a.silverCallPrice > 0)).toBe(true)
    const recommended = await api.getRecommendedAnchors({ page: 1, size: 5 })
    expect(recommended.list.every((a) => a.language === 'en')).toBe(true)
  })

  it('swipe leaves out liked and passed anchors', async () => {
    const { api } = await signIn(world, '100002')
    const before = await api.getSwipeAnchors({ size: 3 })
    const [a, b] = before.list
    await api.changeRelation({ targetJid: a!.jid, action: 'like' })
    await api.changeRelation({ targetJid: b!.jid, action: 'pass' })
    const after = await api.getSwipeAnchors({ size: 50 })
    expect(after.list.map((x) => x.jid)).not.toContain(a!.jid)
    expect(after.list.map((x) => x.jid)).not.toContain(b!.jid)
    expect(after.remaining + after.list.length).toBe(before.remaining + before.list.length - 2)
  })

  it('generates images locally and honours the 480 px quality suffix', async () => {
    const { api } = await signIn(world)
    const [anchor] = (await api.getHotAnchors({ page: 1, size: 1 })).list
    expect(anchor!.avatarUrl.startsWith(world.server.url)).toBe(true)
    const original = await fetch(anchor!.avatarUrl)
    expect(original.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    expect(await original.text()).toMatch(/^<svg [^>]*width="960"/)
    const small = await fetch(withImageQuality(anchor!.avatarUrl))
    expect(await small.text()).toMatch(/^<svg [^>]*width="480" height="480"/)
    const photo = await fetch(withImageQuality(anchor!.photos[0]!))
    expect(await photo.text()).toMatch(/^<svg [^>]*width="480" height="640"/)
    expect((await fetch(`${anchor!.avatarUrl}?x-oss-process=bogus`)).status).toBe(400)
    expect((await fetch(`${world.server.url}/files/photos/${anchor!.uid}_99.svg`)).status).toBe(404)
  })

  it('check-in: once per local day, a streak over days, countdown to the local midnight', async () => {
    const client = await signIn(world, '100002')
    const start = await client.api.getUserTasksInfo()
    expect(start.checkInTaskInfo).toMatchObject({ status: 2, day: 1 })
    expect(start.nextCheckInCountdown).toBe(0)
    const first = await client.api.claimCheckInReward()
    // 17:30 in Kolkata: 6 h 30 min to midnight
    expect(first).toMatchObject({ rewardType: 3, coins: 10, gemsBalance: 10, checkInDays: 1, nextCheckInCountdown: 6.5 * 3600 })
    expect((await failure(client.api.claimCheckInReward())).code).toBe('BACKEND_ERROR')
    const done = await client.api.getUserTasksInfo()
    expect(done).toMatchObject({ checkInDays: 1, coins: 10, nextCheckInCountdown: 6.5 * 3600, checkInTaskInfo: { status: 3, day: 1 } })
    // In New York (UTC−4) it is still 08:00 of the same day: the same local day, no second check-in.
    client.device = { ...deviceInfo, timezoneId: 'America/New_York', timezoneOffset: -240 }
    expect((await client.api.getUserTasksInfo()).checkInTaskInfo.status).toBe(3)
    client.device = deviceInfo
    world.clock.now += DAY_MS
    const second = await client.api.claimCheckInReward()
    expect(second).toMatchObject({ coins: 10, checkInDays: 2, gemsBalance: 20 })
    world.clock.now += 2 * DAY_MS // a missed day starts the run again
    const info = await client.api.getUserTasksInfo()
    expect(info).toMatchObject({ checkInDays: 0, checkInTaskInfo: { status: 2, day: 1 } })
    expect(await client.api.setCheckInNotification({ enable: false })).toEqual({ isRemindCheckIn: false })
    expect((await client.api.getUserTasksInfo()).isRemindCheckIn).toBe(false)
  })

  it('tasks become claimable from real state and pay out once', async () => {
    const client = await signIn(world, '264457001')
    const status = async (key: string) => (await client.api.getUserTasksInfo()).userTaskInfos.find((t) => t.taskKey === key)
    expect(await status('add_friend')).toMatchObject({ taskStatus: 1, progress: 0 })
    expect((await failure(client.api.completeUserTask({ taskKey: 'add_friend' }))).code).toBe('BACKEND_ERROR')
    await client.api.autoAddFriend({ targetJid: 'anchor_200011@localhost' })
    expect(await status('add_friend')).toMatchObject({ taskStatus: 2, progress: 1 })
    expect(await client.api.completeUserTask({ taskKey: 'add_friend' })).toEqual({ taskKey: 'add_friend', taskStatus: 3, coins: 10, gemsBalance: 10 })
    expect((await failure(client.api.completeUserTask({ taskKey: 'add_friend' }))).code).toBe('BACKEND_ERROR')
    expect((await client.api.getAccount()).gemsBalance).toBe(10)
  })

  it('friends, likes and favourites are stateful relations', async () => {
    const { api } = await signIn(world)
    expect((await api.getFriendList({ page: 1, size: 10, type: 'friends' })).list.map((u) => u.jid)).toContain('anchor_200001@localhost')
    const requests = await api.getFriendList({ page: 1, size: 10, type: 'received' })
    expect(requests.list.map((u) => u.jid)).toEqual(['anchor_200004@localhost'])
    expect(await api.changeRelation({ targetJid: 'anchor_200004@localhost', action: 'accept_friend' })).toMatchObject({ friendStatus: 'friends' })
    expect((await api.getFriendList({ page: 1, size: 10, type: 'received' })).total).toBe(0)
    expect((await api.getLikeList({ page: 1, size: 10, type: 'match' })).list.map((u) => u.jid)).toEqual(['anchor_200010@localhost'])
    await api.changeRelation({ targetJid: 'user_100002@localhost', action: 'add_friend' })
    expect(await api.getFriendsRelative({ targetJid: 'user_100002@localhost' })).toMatchObject({ friendStatus: 'sent' })
    const other = await signIn(world, '100002')
    expect(await other.api.getFriendsRelative({ targetJid: 'user_100001@localhost' })).toMatchObject({ friendStatus: 'received' })
    await other.api.changeRelation({ targetJid: 'user_100001@localhost', action: 'reject_friend' })
    expect(await api.getFriendsRelative({ targetJid: 'user_100002@localhost' })).toMatchObject({ friendStatus: 'none' })
    expect((await failure(api.changeRelation({ targetJid: 'user_100001@localhost', action: 'like' }))).code).toBe('BACKEND_ERROR')
    expect(await api.changeUserFavorite({ targetJid: 'anchor_200020@localhost', favorite: true })).toEqual({ targetJid: 'anchor_200020@localhost', favorite: true })
    expect(await api.queryUserFavorite({ targetJid: 'anchor_200020@localhost' })).toEqual({ targetJid: 'anchor_200020@localhost', favorite: true })
    expect((await api.getFavoriteList({ page: 1, size: 10 })).list.map((u) => u.jid)).toEqual(['anchor_200020@localhost', 'anchor_200002@localhost'])
    expect(await api.getFavoriteCapability()).toEqual({ enabled: true, limit: 100, count: 2 })
  })

  it('payment: idempotent orders, the simulator moves pending → success once, gems credited exactly once', async () => {
    const client = await signIn(world, '264457002')
    const order = await client.api.createOrder({ clientOrderKey: 'key-0000001', sku: 'gems_700', country: 'IN', channelId: 'upi' })
    const again = await client.api.createOrder({ clientOrderKey: 'key-0000001', sku: 'gems_700', country: 'IN', channelId: 'upi' })
    expect(again.orderId).toBe(order.orderId)
    expect(order).toMatchObject({ payStatus: 'PENDING', orderDetail: { currency: 'INR', gems: 770 } })
    expect((await failure(client.api.createOrder({ clientOrderKey: 'key-0000001', sku: 'gems_60', country: 'IN', channelId: 'upi' }))).code).toBe('BACKEND_ERROR')
    const row = world.server.db.prepare('SELECT fbp, fbc FROM orders WHERE order_id = ?').get(order.orderId)
    expect(row).toEqual({ fbp: 'fb.1.1', fbc: 'fb.1.2' })
    const settle = (state: string) => post(world, '/dev/payment/settle', { orderId: order.orderId, state })
    const [a, b] = await Promise.all([settle('success'), settle('success')])
    expect([a.status, b.status].sort()).toEqual([200, 409])
    expect((await settle('failed')).status).toBe(409)
    const status = await client.api.getPayOrderStatus({ orderId: order.orderId })
    // The user's first purchase: the package's 770 gems and the 20% first-purchase bonus (154).
    expect(status).toMatchObject({ payStatus: 'TXN_SUCCESS', gemsCredited: 924, gemsBalance: 924 })
    expect(await client.api.getAccount()).toMatchObject({ paid: true, gemsBalance: 924 })
    // a retried create_order after success still returns the same, settled order
    expect((await client.api.createOrder({ clientOrderKey: 'key-0000001', sku: 'gems_700', country: 'IN', channelId: 'upi' })).payStatus).toBe('TXN_SUCCESS')

    const stale = await client.api.createOrder({ clientOrderKey: 'key-0000002', sku: 'gems_60', country: 'US', channelId: 'card' })
    world.clock.now += 31 * 60_000
    expect((await client.api.getPayOrderStatus({ orderId: stale.orderId })).payStatus).toBe('EXPIRED')
    expect((await post(world, '/dev/payment/settle', { orderId: stale.orderId, state: 'success' })).status).toBe(409)
    const records = await client.api.getPayRecords({ size: 1 })
    expect(records.list.map((r) => r.orderId)).toEqual([stale.orderId])
    const next = await client.api.getPayRecords({ size: 1, cursor: records.nextCursor! })
    expect(next).toMatchObject({ list: [{ orderId: order.orderId, payStatus: 'TXN_SUCCESS' }], nextCursor: null })
    expect((await client.api.getAccount()).gemsBalance).toBe(924)
  })

  it('first-purchase bonus: the store offers it until an order succeeds, and the server credits it to that order alone', async () => {
    const created = await post(world, '/dev/users', {})
    const client = await signIn(world, (created.body?.data as { uid: string }).uid)
    const start = (await client.api.getAccount()).gemsBalance
    const channels = await client.api.getPaymentChannels({ country: 'US' })
    expect(channels.userPayInfo.firstRecharge).toBe(true)
    expect(channels.extend_info.firstRechargeBonusPercent).toBe(20)
    // Two orders opened before either is paid: the one paid first is the first purchase.
    const later = await client.api.createOrder({ clientOrderKey: 'bonus-0000001', sku: 'gems_300', country: 'US', channelId: 'card' })
    const first = await client.api.createOrder({ clientOrderKey: 'bonus-0000002', sku: 'gems_60', country: 'US', channelId: 'card' })
    const declined = await client.api.createOrder({ clientOrderKey: 'bonus-0000003', sku: 'gems_700', country: 'US', channelId: 'card' })
    expect((await post(world, '/dev/payment/settle', { orderId: declined.orderId, state: 'failed' })).status).toBe(200)
    // A declined order is not a purchase: the offer still stands.
    expect((await client.api.getPaymentChannels({ country: 'US' })).userPayInfo.firstRecharge).toBe(true)
    expect((await post(world, '/dev/payment/settle', { orderId: first.orderId, state: 'success' })).status).toBe(200)
    expect(await client.api.getPayOrderStatus({ orderId: first.orderId })).toMatchObject({ gemsCredited: 72, gemsBalance: start + 72 })
    expect((await client.api.getPaymentChannels({ country: 'US' })).userPayInfo.firstRecharge).toBe(false)
    expect((await post(world, '/dev/payment/settle', { orderId: later.orderId, state: 'success' })).status).toBe(200)
    expect(await client.api.getPayOrderStatus({ orderId: later.orderId })).toMatchObject({ gemsCredited: 320, gemsBalance: start + 72 + 320 })
    expect(await client.api.getPayOrderStatus({ orderId: declined.orderId })).toMatchObject({ payStatus: 'TXN_FAILURE', gemsCredited: 0 })
  })

  it('cards reach the product as provider tokens: brand and last 4 digits kept, a token pays once, a bad card stops at the provider', async () => {
    const { api } = await signIn(world, '100002')
    const { token } = await tokenizeAtProvider(world, { number: '5555555555554444', expMonth: 1, expYear: 2031 })
    const card = await api.saveBankCard({ cardToken: token, keep: true })
    expect(card).toMatchObject({ brand: 'mastercard', last4: '4444', expiryMonth: 1, expiryYear: 2031, holderName: 'A B' })
    expect(JSON.stringify(world.server.db.prepare('SELECT * FROM cards').all())).not.toContain('5555555555554444')
    expect(JSON.stringify(world.server.db.prepare('SELECT * FROM vault_tokens').all())).not.toContain('5555555555554444')
    expect(world.logs.join('\n')).not.toContain('5555555555554444')
    // The same token again, a token the provider never issued, one older than ten minutes: refused.
    expect((await failure(api.saveBankCard({ cardToken: token, keep: true }))).code).toBe('BACKEND_ERROR')
    expect((await failure(api.saveBankCard({ cardToken: 'tok_ffffffffffffffffffffffff', keep: true }))).code).toBe('BACKEND_ERROR')
    const late = await tokenizeAtProvider(world, { number: '4242424242424242' })
    world.clock.now += CARD_TOKEN_TTL_MS + 1
    expect((await failure(api.saveBankCard({ cardToken: late.token, keep: true }))).code).toBe('BACKEND_ERROR')
    expect((await api.getPaymentChannels({})).cards).toEqual([card])
  })

  it('the provider refuses a bad card with the field to fix, and a request without a publishable key', async () => {
    const refused = async (card: Parameters<typeof tokenizeAtProvider>[1]) => {
      const answer = await tokenizeAtProvider(world, card)
      return [answer.status, (answer.body as { error: { code: string; param: string } }).error]
    }
    expect(await refused({ number: '4111111111111112' })).toEqual([402, expect.objectContaining({ code: 'incorrect_number', param: 'number' })])
    expect(await refused({ number: '4242424242424242', expMonth: 5, expYear: 2025 })).toEqual([402, expect.objectContaining({ code: 'invalid_expiry_year', param: 'exp_year' })])
    expect(await refused({ number: '4242424242424242', cvc: '12' })).toEqual([402, expect.objectContaining({ code: 'invalid_cvc', param: 'cvc' })])
    expect(await refused({ number: '4242424242424242', name: ' ' })).toEqual([402, expect.objectContaining({ param: 'name' })])
    const noKey = await fetch(world.server.url + TOKENS_PATH, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'card[number]=4242424242424242' })
    expect(noKey.status).toBe(401)
    // Saved for later without a code: accepted (the code is asked when it pays).
    expect((await tokenizeAtProvider(world, { number: '4242424242424242', cvc: null })).status).toBe(200)
  })

  it('a card is offered again only when its owner chose to save it', async () => {
    const { api } = await signIn(world, '264457002')
    const save = async (keep: boolean) => api.saveBankCard({ cardToken: (await tokenizeAtProvider(world, { number: '4242424242424242' })).token, keep })
    const once = await save(false)
    expect(once).toMatchObject({ brand: 'visa', last4: '4242' })
    expect((await api.getPaymentChannels({})).cards).toEqual([])
    // Used again without the choice: still not offered. Chosen later: offered from then on, and stays.
    await save(false)
    expect((await api.getPaymentChannels({})).cards).toEqual([])
    const kept = await save(true)
    expect(kept.cardId).toBe(once.cardId)
    await save(false)
    expect((await api.getPaymentChannels({})).cards).toEqual([kept])
  })

  it('user_profiles names hosts and users by jid (names a user chose included), in the order asked, unknown jids left out', async () => {
    const { api } = await signIn(world, '264457001')
    await api.updatePersonalInfo({ nickName: 'Ravi' })
    const { users } = await api.getUserProfiles({ jids: ['user_264457001@localhost', 'ghost_1@localhost', 'anchor_200001@localhost', 'user_264457001@localhost'] })
    expect(users.map((user) => [user.jid, user.kind])).toEqual([
      ['user_264457001@localhost', 'user'],
      ['anchor_200001@localhost', 'anchor'],
    ])
    expect(users[0]).toMatchObject({ uid: '264457001', nickName: 'Ravi' })
    expect(users[1]?.nickName).not.toMatch(/^(User )?\d+$|anchor_/)
    expect(users[1]?.avatarUrl).toMatch(/^http:\/\/.+/)
    // A bad jid, none or too many is a clear refusal, not an empty answer.
    for (const jids of [['not a jid'], [], Array.from({ length: 101 }, (_, i) => `user_${i}@localhost`)]) {
      expect((await failure(api.getUserProfiles({ jids }))).status).toBe(400)
    }
  })

  it('online status, notices, the development translator, website config and maintenance switch', async () => {
    const { api } = await signIn(world)
    expect((await post(world, '/dev/anchors/online', { uid: '200001', onlineStatus: 'busy' })).status).toBe(200)
    expect(await api.getMultiOnlineStatus({ jids: ['anchor_200001@localhost', 'user_100001@localhost', 'ghost_1@localhost'] })).toEqual({
      statusList: [
        { jid: 'anchor_200001@localhost', onlineStatus: 'busy' },
        { jid: 'user_100001@localhost', onlineStatus: 'online' },
        { jid: 'ghost_1@localhost', onlineStatus: 'offline' },
      ],
    })
    expect(await api.setAnchorOnlineNotice({ anchorJid: 'anchor_200001@localhost', enable: true })).toEqual({
      anchorJid: 'anchor_200001@localhost',
      enabled: true,
      onlineStatus: 'busy',
    })
    expect(await api.translate({ targetLang: 'es', sourceText: 'Hello friend!' })).toEqual({
      translatedText: '[dev-es] hola amigo!',
      targetLang: 'es',
      translator: 'development',
    })
    expect((await api.getWebsiteConfig()).appDownloadInfo.enabled).toBe(true)
    await post(world, '/dev/maintenance', { status: 2 })
    expect(await api.getMaintenanceStatus()).toEqual({ maintananceStatus: 2 })
    await post(world, '/dev/maintenance', { status: 0 })
  })
})

describe('start-up', () => {
  // How fast it starts is a benchmark (`pnpm bench stack`: stack.devServer.freshStart), not a test.
  it('creates and seeds a fresh database with 60+ anchors', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vchat-startup-'))
    try {
      const server = await startDevServer({ port: 0, dataDir, log: () => {} })
      const anchors = (server.db.prepare('SELECT COUNT(*) AS n FROM anchors').get() as { n: number }).n
      await server.close()
      expect(anchors).toBeGreaterThanOrEqual(60)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
