import type { AppContext } from '../app/context.ts'
import type { RawResult, Route, RouteResult } from '../http/routes.ts'
import { cardNeedsCode, expireOrders, findOrder, settleOrder, takeCardCode, type OrderRow } from '../world/payments.ts'
import { checkoutKind, renderCheckoutPage, renderFinishedPage, renderMessagePage, type CheckoutView } from './checkoutPage.ts'
import { validateCard, validateCode, validateVpa } from './validation.ts'

const ORDER_ID = /^ord_[a-f0-9]{20}$/
const FORM_LIMIT_BYTES = 16 * 1024

function html(status: number, text: string, headers: Record<string, string> = {}): RouteResult {
  const body: RawResult = {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:",
      ...headers,
    },
    bytes: Buffer.from(text, 'utf8'),
  }
  return { status, body }
}

/** Only http(s) addresses are followed back; anything else is dropped. */
export function safeReturnUrl(value: string | null): string | null {
  if (!value) return null
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null
  } catch {
    return null
  }
}

function attribution(app: AppContext, orderId: string): { fbp: string; fbc: string } {
  const row = app.db.prepare('SELECT fbp, fbc FROM orders WHERE order_id = ?').get(orderId) as { fbp: string | null; fbc: string | null } | undefined
  return { fbp: row?.fbp ?? '', fbc: row?.fbc ?? '' }
}

function loadOrder(app: AppContext, orderId: string): OrderRow | null {
  if (!ORDER_ID.test(orderId)) return null
  expireOrders(app.db, app.now())
  return findOrder(app.db, orderId)
}

/** A saved card's challenge asks for the security code unless it came with the card just now. */
function needsCode(app: AppContext, order: OrderRow): boolean {
  return checkoutKind(order) === 'challenge' && order.card_id !== null && cardNeedsCode(app.db, order.card_id)
}

const ACTIONS = { approve: 'success', decline: 'failed', timeout: 'expired' } as const

/**
 * The payment simulator's hosted pages (development only): `GET /dev/payment/checkout?orderId=…
 * [&returnUrl=…][&vpa=…]` shows a pending order with the fields its channel needs; the form posts
 * back here with approve, decline or timeout. Approving checks the card (Luhn, expiry, code), a saved
 * card's security code when it did not come with the card (3-D Secure challenge), or the UPI id, and
 * leaves the order pending when they are wrong; any move settles the order through
 * `settleOrder` (gems credited once) and returns to `returnUrl` (303) when one was given.
 */
export const simulatorRoutes: Route[] = [
  {
    method: 'GET',
    path: '/dev/payment/checkout',
    handle({ app, url }) {
      const order = loadOrder(app, url.searchParams.get('orderId') ?? '')
      if (!order) return html(404, renderMessagePage('Unknown order', 'No order has this id.'))
      const returnUrl = safeReturnUrl(url.searchParams.get('returnUrl'))
      const view = { order, returnUrl, ...attribution(app, order.order_id) }
      if (order.status !== 'pending') return html(200, renderFinishedPage(view))
      const vpa = url.searchParams.get('vpa')
      return html(200, renderCheckoutPage({ ...view, problems: {}, values: vpa ? { vpa } : {}, needsCode: needsCode(app, order) }))
    },
  },
  {
    method: 'POST',
    path: '/dev/payment/checkout',
    raw: { maxBytes: FORM_LIMIT_BYTES },
    handle({ app, rawBody }) {
      const form = new URLSearchParams((rawBody ?? Buffer.alloc(0)).toString('utf8'))
      const order = loadOrder(app, form.get('orderId') ?? '')
      if (!order) return html(404, renderMessagePage('Unknown order', 'No order has this id.'))
      const returnUrl = safeReturnUrl(form.get('returnUrl'))
      const base = { order, returnUrl, ...attribution(app, order.order_id) }
      const action = form.get('action') ?? ''
      if (!(action in ACTIONS)) return html(400, renderMessagePage('Unknown action', 'Choose approve, decline or let it time out.'))
      if (order.status !== 'pending') return html(409, renderFinishedPage(base))
      if (action === 'approve') {
        const kind = checkoutKind(order)
        const values = { cardNumber: '', expiry: form.get('expiry') ?? '', cvv: '', vpa: form.get('vpa') ?? '' }
        const codeNeeded = needsCode(app, order)
        const problems =
          kind === 'card'
            ? validateCard({ cardNumber: form.get('cardNumber') ?? '', expiry: values.expiry, cvv: form.get('cvv') ?? '' }, app.now())
            : kind === 'upi'
              ? validateVpa(values.vpa)
              : kind === 'challenge' && codeNeeded
                ? validateCode(form.get('cvv') ?? '')
                : {}
        if (Object.keys(problems).length > 0) {
          const view: CheckoutView = { ...base, problems, values, needsCode: codeNeeded }
          return html(422, renderCheckoutPage(view))
        }
        // The code that came with the card pays this authorization only.
        if (kind === 'challenge' && order.card_id) takeCardCode(app.db, order.card_id)
      }
      const settled = settleOrder(app.db, order.order_id, ACTIONS[action as keyof typeof ACTIONS], app.now())
      if (typeof settled === 'string') {
        const now = findOrder(app.db, order.order_id) ?? order
        return html(409, renderFinishedPage({ ...base, order: now }))
      }
      app.log(`order ${settled.order_id} settled in the simulator: ${settled.status}`)
      if (returnUrl) return html(303, renderFinishedPage({ ...base, order: settled }), { Location: returnUrl })
      return html(200, renderFinishedPage({ ...base, order: settled }))
    },
  },
]
