import { FIRST_RECHARGE_BONUS_PERCENT, ORDER_TTL_MS } from '../constants.ts'
import { createLedger } from '../db/ledger.ts'
import type { AppContext } from '../app/context.ts'
import { ok, productRoute, refuse, signedIn, type Route } from '../http/routes.ts'
import {
  DEFAULT_PAY_COUNTRY,
  cardsOf,
  createOrder,
  expireOrders,
  findOrder,
  hasPaidOrder,
  orderDetail,
  ownsCard,
  payCountries,
  paymentCountry,
  payStatusOf,
  saveCard,
  type OrderRow,
} from '../world/payments.ts'
import { cardVaultRoutes } from '../simulator/cardVault.ts'
import { simulatorRoutes } from '../simulator/routes.ts'

/** The payment simulator page of an order (`simulator/routes.ts`). */
function checkoutUrl(app: AppContext, orderId: string): string {
  return `${app.publicUrl}/dev/payment/checkout?orderId=${orderId}`
}

function gemsBalance(app: AppContext, uid: string): number {
  return createLedger(app.db).gemsOf({ uid })
}

function ownOrder(app: AppContext, uid: string, orderId: string): OrderRow | null {
  expireOrders(app.db, app.now())
  const order = findOrder(app.db, orderId)
  return order && order.uid === uid ? order : null
}

export const paymentRoutes: Route[] = [
  productRoute('getPaymentChannels', {
    handle(request) {
      const { app, data } = request
      const user = signedIn(request)
      const profile = app.db.prepare('SELECT country, email FROM profiles WHERE uid = ?').get(user.uid) as
        | { country: string; email: string }
        | undefined
      const home = paymentCountry(profile?.country ?? '') ? (profile?.country ?? DEFAULT_PAY_COUNTRY) : DEFAULT_PAY_COUNTRY
      const wanted = data.country ?? home
      const country = paymentCountry(wanted)
      if (!country) return refuse(`no payment in country ${wanted}`)
      return ok({
        countries: [country, ...payCountries().filter((c) => c !== wanted).flatMap((c) => paymentCountry(c) ?? [])],
        cards: cardsOf(app.db, user.uid),
        gpayIsHide: wanted === 'IN',
        userPayInfo: { paid: user.paid === 1, firstRecharge: !hasPaidOrder(app.db, user.uid), email: profile?.email ?? '', name: user.nick_name },
        extend_info: {
          defaultCountry: home,
          firstRechargeBonusPercent: FIRST_RECHARGE_BONUS_PERCENT,
          orderExpiresInSeconds: ORDER_TTL_MS / 1000,
        },
      })
    },
  }),
  productRoute('createOrder', {
    handle(request) {
      const { app, data, envelope } = request
      const user = signedIn(request)
      const order = createOrder(
        app.db,
        user.uid,
        { ...data, fbp: envelope.deviceInfo.fbp ?? '', fbc: envelope.deviceInfo.fbc ?? '' },
        app.now(),
      )
      if (typeof order === 'string') return refuse(order)
      app.log(`order ${order.order_id} for uid ${user.uid}: ${order.sku} (${order.status})`)
      return ok({
        orderId: order.order_id,
        payStatus: payStatusOf(order.status),
        orderDetail: orderDetail(order),
        checkoutUrl: checkoutUrl(app, order.order_id),
      })
    },
  }),
  productRoute('saveBankCard', {
    handle(request) {
      const result = saveCard(request.app.db, signedIn(request).uid, request.data, request.app.now())
      return typeof result === 'string' ? refuse(result) : ok(result)
    },
  }),
  productRoute('getPayOrderStatus', {
    handle(request) {
      const { app, data } = request
      const user = signedIn(request)
      const order = ownOrder(app, user.uid, data.orderId)
      if (!order) return refuse('unknown orderId')
      return ok({
        payStatus: payStatusOf(order.status),
        orderDetail: orderDetail(order),
        gemsCredited: order.gems_credited,
        gemsBalance: gemsBalance(app, user.uid),
      })
    },
  }),
  productRoute('authenticatePayment', {
    handle(request) {
      const { app, data } = request
      const user = signedIn(request)
      const order = ownOrder(app, user.uid, data.orderId)
      if (!order) return refuse('unknown orderId')
      if (order.status !== 'pending') return refuse(`order is already ${order.status}`)
      if (!ownsCard(app.db, user.uid, data.cardId)) return refuse('unknown cardId')
      // The provider's 3-D Secure page asks for the card's security code unless it came with the card.
      app.db.prepare('UPDATE orders SET card_id = ? WHERE order_id = ?').run(data.cardId, order.order_id)
      return ok({
        orderId: order.order_id,
        payStatus: payStatusOf(order.status),
        requiresChallenge: true,
        authenticationUrl: checkoutUrl(app, order.order_id),
      })
    },
  }),
  ...simulatorRoutes,
  ...cardVaultRoutes,
]
