import { z } from 'zod'
import { validate } from '../http/http.ts'
import { ok, refuse, type Route } from '../http/routes.ts'
import { findOrder, orderDetail, payStatusOf, settleOrder, expireOrders } from '../world/payments.ts'

/**
 * Development endpoints (plain JSON, no envelope, no token): the payment simulator's moves and the
 * anchors' presence switch.
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

export const devRoutes: Route[] = [
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
