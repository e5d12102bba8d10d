/**
 * Buying gems against the local backend's payment simulator: every channel (card, saved card with
 * 3-D Secure, UPI, wallet) approved, declined or left to time out; a double submit makes one order;
 * gems are credited exactly once however often the result is polled or reloaded.
 */
import type { Page } from '@playwright/test'
import { expect, test } from '../support/fixtures.ts'
import type { TestUser } from '../support/fixtures.ts'

async function signIn(page: Page, user: TestUser) {
  await page.goto('/login')
  const dialog = page.getByRole('dialog')
  await dialog.locator('input[name="uid"]').fill(user.uid)
  await dialog.locator('input[name="password"]').fill(user.password)
  await dialog.locator('form:has(input[name="uid"]) button[type="submit"]').click()
  await expect(page).toHaveURL(/\/match$/)
}

async function openStore(page: Page, country: string) {
  await page.goto('/paymenthistory')
  await page.getByRole('button', { name: 'Buy gems' }).click()
  const store = page.getByRole('dialog')
  await store.getByLabel('Country').selectOption(country)
  return store
}

async function simulator(page: Page, action: 'Approve' | 'Decline' | 'Let it time out', fields: Record<string, string> = {}) {
  await expect(page.getByRole('heading', { name: 'Payment simulator' })).toBeVisible()
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label).fill(value)
  await page.getByRole('button', { name: action }).click()
}

async function gemsOf(apiUrl: string, orderId: string) {
  const answer = (await (await fetch(`${apiUrl}/dev/payment/order?orderId=${orderId}`)).json()) as { data: { payStatus: string } }
  return answer.data.payStatus
}

test.describe('wallet', () => {
  test('card: a new card, approved in the simulator, credits the gems once; fbp and fbc reach the order', async ({ page, newUser, context, appUrl }) => {
    const user = await newUser({ gemsBalance: 0 })
    await context.addCookies([
      { name: '_fbp', value: 'fb.1.1700000000.42', url: appUrl },
      { name: '_fbc', value: 'fb.1.1700000000.click', url: appUrl },
    ])
    await signIn(page, user)
    const store = await openStore(page, 'US')
    await store.getByText('770 gems').click()
    await store.getByRole('radio', { name: 'Credit or debit card' }).check()
    await store.getByRole('button', { name: 'Pay $9.99' }).click()
    await expect(page).toHaveURL(/\/checkoutCards\?/)
    await page.getByLabel('Card number').fill('4242424242424241')
    await page.getByLabel('Expiry date').fill('12/30')
    await page.getByLabel('Security code').fill('123')
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
    await expect(page.getByTestId('pay-balance')).toHaveText('770')
    // polled again after a reload: still 770
    await page.reload()
    await expect(page.getByTestId('pay-balance')).toHaveText('770')
    await page.goto('/paymenthistory')
    await expect(page.locator('.vc-pay-record')).toHaveCount(1)
    await expect(page.locator('.vc-pay-record')).toContainText('Paid')
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
    await page.getByLabel('Security code').fill('123')
    await page.getByRole('button', { name: 'Pay $0.99' }).click()
    await expect(page.getByText(/3-D Secure/)).toBeVisible()
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
    await expect(page).toHaveURL(/\/payresult\?orderId=/, { timeout: 15_000 })
    await expect(page.getByTestId('pay-balance')).toHaveText('320')
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
