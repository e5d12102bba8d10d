/**
 * Buying gems against the local backend's payment simulator: every channel (card, saved card with
 * 3-D Secure, UPI, wallet) approved, declined or left to time out; a double submit makes one order;
 * gems are credited exactly once however often the result is polled or reloaded; card numbers and
 * codes go to the provider's vault (the simulator's), never to the product API.
 */
import type { Page } from '@playwright/test'
import { expect, test } from '../support/fixtures.ts'
import type { TestUser } from '../support/fixtures.ts'
import { FLOW_TIMEOUT_MS } from '../support/timeouts.ts'
import { productCall, signInByApi } from '../support/productApi.ts'

async function signIn(page: Page, user: TestUser) {
  await page.goto('/login')
  const dialog = page.getByRole('dialog')
  await dialog.locator('input[name="uid"]').fill(user.uid)
  await dialog.locator('input[name="password"]').fill(user.password)
  await dialog.locator('form:has(input[name="uid"]) button[type="submit"]').click()
  await expect(page).toHaveURL(/\/match$/, { timeout: FLOW_TIMEOUT_MS })
}

/** In-app navigation (no reload), as the app's own links do. */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
  await expect(page).toHaveURL(new RegExp(`${path}$`))
}

async function openStore(page: Page, country: string) {
  await page.goto('/paymenthistory')
  // exact: the header's balance button is named "Gems: N. Buy gems" once the balance has loaded.
  await page.getByRole('button', { name: 'Buy gems', exact: true }).click()
  const store = page.getByRole('dialog')
  await store.getByLabel('Country').selectOption(country)
  return store
}

async function simulator(page: Page, action: 'Approve' | 'Decline' | 'Let it time out', fields: Record<string, string> = {}) {
  await expect(page.getByRole('heading', { name: 'Payment simulator' })).toBeVisible()
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label).fill(value)
  await page.getByRole('button', { name: action }).click()
}

/**
 * Places an order for `user` the way another device would (its own sign-in, straight to the API),
 * so that nothing in the open app waits on this order: only the messaging notice can tell it.
 */
async function orderFromAnotherDevice(apiUrl: string, user: TestUser, order: { sku: string; country: string; channelId: string }) {
  const token = await signInByApi(apiUrl, user)
  return productCall<{ orderId: string; checkoutUrl: string }>(apiUrl, '/api/payment_service/create_order', { clientOrderKey: `e2e-other-device-${user.uid}`, ...order }, token)
}

async function gemsOf(apiUrl: string, orderId: string) {
  const answer = (await (await fetch(`${apiUrl}/dev/payment/order?orderId=${orderId}`)).json()) as { data: { payStatus: string } }
  return answer.data.payStatus
}

test.describe('wallet', () => {
  test('card: a new card, approved in the simulator, credits the gems once; fbp and fbc reach the order; the card reaches the provider only', async ({ page, newUser, context, appUrl }) => {
    const user = await newUser({ gemsBalance: 0 })
    // Every request body the page sends: the product API must never see the card number or code.
    const sent: { path: string; body: string }[] = []
    page.on('request', (request) => {
      sent.push({ path: new URL(request.url()).pathname, body: request.postData() ?? '' })
    })
    await context.addCookies([
      { name: '_fbp', value: 'fb.1.1700000000.42', url: appUrl },
      { name: '_fbc', value: 'fb.1.1700000000.click', url: appUrl },
    ])
    await signIn(page, user)
    const store = await openStore(page, 'US')
    // A new account is offered the first-purchase bonus, and the server keeps that promise below.
    await expect(store.getByText('First purchase: 20% extra gems')).toBeVisible()
    await store.getByText('770 gems').click()
    await store.getByRole('radio', { name: 'Credit or debit card' }).check()
    await store.getByRole('button', { name: 'Pay $9.99' }).click()
    await expect(page).toHaveURL(/\/checkoutCards\?/)
    await page.getByLabel('Card number').fill('4242424242424241')
    await page.getByLabel('Expiry date').fill('12/30')
    await page.getByLabel('Security code').fill('7391')
    await page.getByLabel('Name on card').fill('Test Payer')
    await page.getByRole('button', { name: 'Pay $9.99' }).click()
    await expect(page.getByText("This card number isn't valid. Check for a typo.")).toBeVisible()
    await page.getByLabel('Card number').fill('4242424242424242')
    // double submit: one order
    await page.getByRole('button', { name: 'Pay $9.99' }).dblclick()
    await expect(page.getByRole('heading', { name: 'Payment simulator' })).toBeVisible()
    await expect(page.getByTestId('attribution')).toHaveText('fbp=fb.1.1700000000.42 fbc=fb.1.1700000000.click')
    await simulator(page, 'Approve')
    await expect(page).toHaveURL(/\/payresult\?orderId=ord_/)
    await expect(page.getByText('Payment successful — your gems are in your account')).toBeVisible()
    // The 770-gem package and its first-purchase bonus (20%: 154).
    await expect(page.getByTestId('pay-credited')).toHaveText('924Includes 154 bonus gems for your first purchase')
    await expect(page.getByTestId('pay-balance')).toHaveText('924')
    // The number and the code went to the provider's vault, and nowhere else.
    const toProvider = sent.filter((r) => r.path === '/dev/payment/provider/v1/tokens')
    expect(toProvider).toHaveLength(1)
    expect(toProvider[0]?.body).toContain('card%5Bnumber%5D=4242424242424242')
    expect(toProvider[0]?.body).toContain('card%5Bcvc%5D=7391')
    const toProduct = sent.filter((r) => r.path.startsWith('/api/'))
    expect(toProduct.map((r) => r.path)).toEqual(expect.arrayContaining(['/api/payment_service/save_bank_card', '/api/payment_service/create_order', '/api/payment_service/checkout/authentication_payment']))
    for (const { path, body } of sent.filter((r) => r.path !== '/dev/payment/provider/v1/tokens')) {
      expect(body, path).not.toMatch(/(?<!\d)4242\s?4242\s?4242\s?4242(?!\d)|(?<!\d)7391(?!\d)|cardNumber|"cvv"|card%5Bnumber/)
    }
    // polled again after a reload: still 924
    await page.reload()
    await expect(page.getByTestId('pay-balance')).toHaveText('924')
    await page.goto('/paymenthistory')
    await expect(page.locator('.vc-pay-record')).toHaveCount(1)
    await expect(page.locator('.vc-pay-record')).toContainText('Paid')
    // "Save this card for later payments" was left unticked: the card is not offered next time.
    await page.goto('/checkoutCards?sku=gems_60&country=US&channel=card')
    await expect(page.getByRole('radio', { name: 'A new card' })).toBeChecked()
    await expect(page.getByText(/ending 4242/)).toHaveCount(0)
  })

  test('saved card: 3-D Secure challenge declined → declined, nothing credited', async ({ page, newUser, stack }) => {
    const user = await newUser({ gemsBalance: 5 })
    await signIn(page, user)
    await page.goto('/bindcheckout?sku=gems_60&country=US&channel=card')
    await page.getByLabel('Card number').fill('5555 5555 5555 4444')
    await page.getByLabel('Expiry date').fill('11/31')
    await page.getByLabel('Name on card').fill('Test Payer')
    await page.getByRole('button', { name: 'Save card' }).click()
    await expect(page).toHaveURL(/\/checkoutCards\?/)
    await expect(page.getByText(/mastercard ending 4444/)).toBeVisible()
    // A saved card's code is asked by the provider's 3-D Secure page, not by the app.
    await expect(page.getByLabel('Security code')).toHaveCount(0)
    await page.getByRole('button', { name: 'Pay $0.99' }).click()
    await expect(page.getByText(/3-D Secure/)).toBeVisible()
    await expect(page.getByLabel('Security code')).toBeVisible()
    const orderId = (await page.getByTestId('order-id').textContent()) ?? ''
    await simulator(page, 'Decline')
    await expect(page.getByText('The payment was declined. Nothing was charged.')).toBeVisible()
    expect(await gemsOf(stack.apiUrl, orderId)).toBe('TXN_FAILURE')
  })

  test('UPI: id checked, waiting screen, approved in the simulator', async ({ page, newUser }) => {
    const user = await newUser({ gemsBalance: 0 })
    await signIn(page, user)
    const store = await openStore(page, 'IN')
    await store.getByText('320 gems').click()
    await store.getByRole('radio', { name: 'UPI' }).check()
    await store.getByRole('button', { name: /Pay/ }).click()
    await expect(page).toHaveURL(/\/upi\?/)
    await page.getByLabel('UPI ID').fill('payer')
    await page.getByRole('button', { name: 'Send payment request' }).click()
    await expect(page.getByText('A UPI ID looks like name@bank.')).toBeVisible()
    await page.getByLabel('UPI ID').fill('payer@okaxis')
    await page.getByRole('button', { name: 'Send payment request' }).click()
    await expect(page).toHaveURL(/\/upiprocess\?/)
    await expect(page.getByText(/We sent a payment request to payer@okaxis/)).toBeVisible()
    const checkout = (await page.getByRole('link', { name: 'Open the UPI app' }).getAttribute('href')) ?? ''
    const upiApp = await page.context().newPage()
    await upiApp.goto(checkout)
    await simulator(upiApp, 'Approve')
    // the waiting screen notices by itself
    await expect(page).toHaveURL(/\/payresult\?orderId=/, { timeout: FLOW_TIMEOUT_MS })
    // The 320-gem package and its first-purchase bonus (64).
    await expect(page.getByTestId('pay-balance')).toHaveText('384')
  })

  test('an order approved in another tab: the ReChargeSuccess notice updates the balance on screen without a reload', async ({ page, newUser, stack }) => {
    const user = await newUser({ gemsBalance: 0 })
    // Messaging is live (presence sent) before the payment, so the notice has a session to reach.
    const presenceSent = new Promise<void>((resolve) => {
      page.on('websocket', (socket) =>
        socket.on('framesent', (frame) => {
          if (String(frame.payload).includes('<presence')) resolve()
        }),
      )
    })
    await signIn(page, user)
    await presenceSent
    await openInApp(page, '/paymenthistory')
    const balance = page.locator('.vc-pay-history__top .vc-coin-store__balance')
    await expect(balance).toHaveText('0 gems')
    await page.evaluate(() => {
      document.documentElement.dataset.e2eSamePage = 'yes'
    })

    const order = await orderFromAnotherDevice(stack.apiUrl, user, { sku: 'gems_700', country: 'US', channelId: 'gpay' })
    const simulatorTab = await page.context().newPage()
    await simulatorTab.goto(order.checkoutUrl)
    await simulator(simulatorTab, 'Approve')
    await expect(simulatorTab.getByRole('heading', { name: 'Payment success' })).toBeVisible()
    expect(await gemsOf(stack.apiUrl, order.orderId)).toBe('TXN_SUCCESS')

    // The 770-gem package and its first-purchase bonus (154).
    await expect(balance).toHaveText('924 gems', { timeout: FLOW_TIMEOUT_MS })
    // Same document: no reload, no navigation.
    await expect(page.locator('html')).toHaveAttribute('data-e2e-same-page', 'yes')
    expect(new URL(page.url()).pathname).toBe('/paymenthistory')
    await simulatorTab.close()
  })

  test('wallet: left to time out → expired, nothing credited', async ({ page, newUser }) => {
    const user = await newUser({ gemsBalance: 0 })
    await signIn(page, user)
    const store = await openStore(page, 'US')
    await store.getByText('60 gems').click()
    await store.getByRole('radio', { name: 'Google Pay' }).check()
    await store.getByRole('button', { name: 'Pay $0.99' }).click()
    await simulator(page, 'Let it time out')
    await expect(page.getByText('The payment timed out. Nothing was charged.')).toBeVisible()
    await page.goto('/paymenthistory')
    await expect(page.locator('.vc-pay-record')).toContainText('Timed out')
  })
})
