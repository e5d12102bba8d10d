import type { OrderRow } from '../world/payments.ts'

/** What the simulator page shows for one order. */
export interface CheckoutView {
  order: OrderRow
  fbp: string
  fbc: string
  returnUrl: string | null
  /** Field → problem from the last submission. */
  problems: Record<string, string>
  /** Values to show again after a refused submission (never the card number or code). */
  values: Record<string, string>
  /** A saved card's challenge asks for its security code (it did not come with the card just now). */
  needsCode?: boolean
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c)
}

/** Which kind of form an order needs: card entry, a 3-D Secure challenge for a saved card, UPI or a wallet. */
export function checkoutKind(order: OrderRow): 'card' | 'challenge' | 'upi' | 'wallet' {
  if (order.channel_id === 'upi') return 'upi'
  if (order.channel_id === 'card') return order.card_id ? 'challenge' : 'card'
  return 'wallet'
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:1rem;background:#f4f4f7;color:#1a1a1a}
main{max-inline-size:28rem;margin-inline:auto;background:#fff;border-radius:12px;padding:1rem 1.25rem}
h1{font-size:1.25rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{color:#555}dd{margin:0}
label{display:block;margin-block-start:.75rem;font-weight:600}input{display:block;inline-size:100%;box-sizing:border-box;padding:.5rem;font-size:1rem;border:1px solid #767676;border-radius:6px}
.problem{color:#b00020;margin:.25rem 0 0}.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin-block-start:1rem}
button{padding:.6rem 1rem;font-size:1rem;border-radius:8px;border:1px solid #333;background:#fff;cursor:pointer}
button[value=approve]{background:#0a6b2d;color:#fff;border-color:#0a6b2d}.note{color:#555;font-size:.875rem}`

function field(name: string, label: string, view: CheckoutView, attributes: string): string {
  const problem = view.problems[name]
  const value = view.values[name] ?? ''
  const problemId = `${name}-problem`
  return `<label for="${name}">${escapeHtml(label)}</label>
<input id="${name}" name="${name}" value="${escapeHtml(value)}" ${attributes}${problem ? ` aria-invalid="true" aria-describedby="${problemId}"` : ''}>
${problem ? `<p class="problem" id="${problemId}" role="alert">${escapeHtml(problem)}</p>` : ''}`
}

function fields(view: CheckoutView): string {
  switch (checkoutKind(view.order)) {
    case 'card':
      return [
        field('cardNumber', 'Card number', view, 'inputmode="numeric" autocomplete="off"'),
        field('expiry', 'Expiry (MM/YY)', view, 'autocomplete="off" placeholder="MM/YY"'),
        field('cvv', 'Security code', view, 'inputmode="numeric" autocomplete="off"'),
      ].join('\n')
    case 'challenge':
      return `<p class="note">3-D Secure: the card issuer asks you to confirm this payment with the saved card ${escapeHtml(view.order.card_id ?? '')}.</p>${
        view.needsCode ? field('cvv', 'Security code', view, 'inputmode="numeric" autocomplete="cc-csc"') : ''
      }`
    case 'upi':
      return field('vpa', 'UPI id', view, 'autocomplete="off" placeholder="name@bank"')
    default:
      return '<p class="note">Wallet payment: confirm in the wallet.</p>'
  }
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`
}

function summary(view: Pick<CheckoutView, 'order' | 'fbp' | 'fbc'>): string {
  const { order } = view
  return `<dl>
<dt>Order</dt><dd data-testid="order-id">${escapeHtml(order.order_id)}</dd>
<dt>Amount</dt><dd>${escapeHtml((order.amount_cents / 100).toFixed(2))} ${escapeHtml(order.currency)}</dd>
<dt>Gems</dt><dd>${order.gems}</dd>
<dt>Channel</dt><dd>${escapeHtml(order.channel_id)}</dd>
<dt>Status</dt><dd data-testid="order-status">${escapeHtml(order.status)}</dd>
<dt>Attribution</dt><dd data-testid="attribution">fbp=${escapeHtml(view.fbp)} fbc=${escapeHtml(view.fbc)}</dd>
</dl>`
}

/** The hosted page of a pending order: the fields its channel needs and approve / decline / let time out. */
export function renderCheckoutPage(view: CheckoutView): string {
  const hidden = `<input type="hidden" name="orderId" value="${escapeHtml(view.order.order_id)}">${
    view.returnUrl ? `<input type="hidden" name="returnUrl" value="${escapeHtml(view.returnUrl)}">` : ''
  }`
  return page(
    'Payment simulator',
    `<h1>Payment simulator</h1>
<p class="note">Development only: nothing is charged.</p>
${summary(view)}
<form method="post" action="/dev/payment/checkout" novalidate>
${hidden}
${fields(view)}
<div class="actions">
<button type="submit" name="action" value="approve">Approve</button>
<button type="submit" name="action" value="decline">Decline</button>
<button type="submit" name="action" value="timeout">Let it time out</button>
</div>
</form>`,
  )
}

/** The page of an order that is no longer pending (or was just settled without a return address). */
export function renderFinishedPage(view: Pick<CheckoutView, 'order' | 'fbp' | 'fbc' | 'returnUrl'>): string {
  const back = view.returnUrl ? `<p><a href="${escapeHtml(view.returnUrl)}">Back to the shop</a></p>` : ''
  return page('Payment finished', `<h1>Payment ${escapeHtml(view.order.status)}</h1>${summary(view)}${back}`)
}

export function renderMessagePage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`)
}
