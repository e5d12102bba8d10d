import { z } from 'zod'
import { validate } from '../http/http.ts'
import { ok, refuse, type Route } from '../http/routes.ts'
import { hashPasswordSync } from '../auth/passwords.ts'
import { DEFAULT_ROLE, SEED_PASSWORD } from '../constants.ts'
import { userJid } from '../db/seed.ts'
import { findOrder, orderDetail, payStatusOf, settleOrder, expireOrders } from '../world/payments.ts'

/**
 * Development endpoints (plain JSON, no envelope, no token): the payment simulator's moves, the
 * anchors' presence switch and the development clock.
 */
const settleSchema = z.object({
  orderId: z.string().regex(/^ord_[a-f0-9]{20}$/, 'expected an order id'),
  state: z.enum(['success', 'failed', 'expired']),
})
const orderQuerySchema = z.object({ orderId: z.string().regex(/^ord_[a-f0-9]{20}$/, 'expected an order id') })
const presenceSchema = z.object({
  uid: z.string().regex(/^\d{1,12}$/),
  onlineStatus: z.enum(['online', 'busy', 'offline']),
})

const newUserSchema = z
  .object({
    // An empty nickname makes an account whose profile is not complete yet (completeUserInfoCheck at login).
    nickName: z.string().trim().max(40).optional(),
    paid: z.boolean().optional(),
    gemsBalance: z.number().int().min(0).max(1_000_000).optional(),
    silverBalance: z.number().int().min(0).max(1_000_000).optional(),
  })
  .strict()

const advanceSchema = z
  .object({
    // Up to a day: enough for any wait of the product (ring time-out, order expiry, check-in day).
    ms: z.number().int().min(1).max(86_400_000),
    jid: z.string().regex(/^[^@\s/]+@[^@\s/]+$/, 'expected a bare jid (name@domain)').optional(),
  })
  .strict()

/** Users made on demand start at this uid, far from the seeded ones. */
const FIRST_TEST_UID = 300001
/**
 * …and stay at or below the /match A/B split (SPEC §2: uids above 264457000 alternate between the
 * 'swipe' and 'switch' screens), so every fresh account sees the default screen whatever order tests
 * create accounts in; the demo accounts 264457001/264457002 show both variants.
 */
const LAST_TEST_UID = 264457000

export const devRoutes: Route[] = [
  {
    // A fresh account per test, so end-to-end specs running side by side never share a balance or
    // a thread. The password is the development one (demo1234).
    method: 'POST',
    path: '/dev/users',
    handle({ app, body }) {
      const input = validate(newUserSchema, body ?? {})
      const row = app.db
        .prepare("SELECT MAX(CAST(uid AS INTEGER)) AS max FROM users WHERE kind = 'user' AND CAST(uid AS INTEGER) BETWEEN ? AND ?")
        .get(FIRST_TEST_UID, LAST_TEST_UID) as { max: number | null }
      const uid = String(Math.max(FIRST_TEST_UID, (row.max ?? 0) + 1))
      if (Number(uid) > LAST_TEST_UID) return { status: 409, body: refuse('no test uid left below the A/B split; start with --reset') }
      const jid = userJid(uid, app.domain)
      app.db
        .prepare(
          `INSERT INTO users (uid, jid, kind, role, nick_name, password_hash, paid, gems_balance, silver_balance, created_at)
           VALUES (?, ?, 'user', ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(uid, jid, DEFAULT_ROLE, input.nickName ?? `Tester ${uid}`, hashPasswordSync(SEED_PASSWORD), input.paid ? 1 : 0, input.gemsBalance ?? 0, input.silverBalance ?? 0, app.now())
      app.db.prepare("INSERT OR IGNORE INTO profiles (uid, country, language) VALUES (?, '', '')").run(uid)
      return { body: ok({ uid, jid, password: SEED_PASSWORD }) }
    },
  },
  {
    method: 'POST',
    path: '/dev/payment/settle',
    handle({ app, body }) {
      const { orderId, state } = validate(settleSchema, body)
      const order = settleOrder(app.db, orderId, state, app.now())
      if (typeof order === 'string') return { status: 409, body: refuse(order) }
      app.log(`order ${orderId} settled: ${state}`)
      return { body: ok({ orderId, payStatus: payStatusOf(order.status), gemsCredited: order.gems_credited }) }
    },
  },
  {
    method: 'GET',
    path: '/dev/payment/order',
    handle({ app, url }) {
      const { orderId } = validate(orderQuerySchema, { orderId: url.searchParams.get('orderId') ?? '' })
      expireOrders(app.db, app.now())
      const order = findOrder(app.db, orderId)
      if (!order) return { status: 404, body: refuse('unknown orderId') }
      return { body: ok({ payStatus: payStatusOf(order.status), orderDetail: orderDetail(order), uid: order.uid }) }
    },
  },
  {
    // Moves the development clock forward: with a jid, only the call timers of that jid (so tests side
    // by side do not disturb each other); without, the whole clock.
    method: 'POST',
    path: '/dev/clock/advance',
    handle({ app, body }) {
      const { ms, jid } = validate(advanceSchema, body)
      const fired = app.clock.advance(ms, jid)
      app.log(`clock advanced ${ms} ms${jid ? ` for ${jid}` : ''}: ${fired} timer(s) fired`)
      return { body: ok({ now: app.now(), fired }) }
    },
  },
  {
    method: 'POST',
    path: '/dev/anchors/online',
    handle({ app, body }) {
      const { uid, onlineStatus } = validate(presenceSchema, body)
      const changed = app.db.prepare('UPDATE anchors SET online_status = ? WHERE uid = ?').run(onlineStatus, uid).changes
      if (Number(changed) === 0) return { status: 404, body: refuse('unknown anchor uid') }
      return { body: ok({ uid, onlineStatus }) }
    },
  },
]
