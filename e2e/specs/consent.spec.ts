/**
 * Tracking only after consent: a visitor who answers the cookie banner "Only necessary" goes through a
 * whole journey — landing, sign-in, the wall, a host's profile, a message, the coin store, settings,
 * the page hidden and reloaded — and no request reaches the analytics receiver or the attribution
 * vendor's script origin; nothing of analytics is left in the browser to be sent later, and the device
 * id is a random one, not a fingerprint. The control: "Accept all" sends events and loads the vendor's
 * script on the same path, and turning the switch off in settings stops both at once.
 */
import { createRequire } from 'node:module'
import type { BrowserContext, Page, Request } from '@playwright/test'
import { closeMatchSheet, logIn, openInApp } from '../support/calls.ts'
import { expect, test } from '../support/fixtures.ts'
import { FLOW_TIMEOUT_MS } from '../support/timeouts.ts'

/** The attribution vendor's origins: its CDN (`VENDOR_ATTRIBUTION_SDK_URL` in @vchat/analytics) and its API. */
const VENDOR_ORIGIN = /^https:\/\/[a-z]+\.adjust\.com\//
/** The SDK file the vendor's CDN serves for the pinned version (the npm package of that version). */
const VENDOR_SDK_FILE = createRequire(import.meta.url).resolve('@adjustcom/adjust-web-sdk/dist/adjust-latest.min.js')
/** The local analytics receiver (VITE_ANALYTICS_URL of the localstack build). */
const RECEIVER_PATH = '/dev/analytics/'
const HOST_JID = 'anchor_200012@localhost'

/**
 * Every request of the context to the receiver or the vendor, from any page. The vendor cannot be
 * reached from here, so it is played at exactly that boundary: its CDN answers the pinned SDK file
 * (the browser checks it against the integrity hash the app gives), its API refuses; every request to
 * either is seen whatever the network does.
 */
async function watchTracking(context: BrowserContext): Promise<{ receiver: Request[]; vendor: Request[] }> {
  const seen = { receiver: [] as Request[], vendor: [] as Request[] }
  await context.route(VENDOR_ORIGIN, (route) =>
    route.request().url().startsWith('https://cdn.adjust.com/')
      ? route.fulfill({ path: VENDOR_SDK_FILE, contentType: 'application/javascript', headers: { 'Access-Control-Allow-Origin': '*' } })
      : route.fulfill({ status: 503, headers: { 'Access-Control-Allow-Origin': '*' }, body: '' }),
  )
  context.on('request', (request) => {
    if (VENDOR_ORIGIN.test(request.url())) seen.vendor.push(request)
    else if (new URL(request.url()).pathname.startsWith(RECEIVER_PATH)) seen.receiver.push(request)
  })
  return seen
}

/** What analytics keeps in this browser: its state cookie, its pending queue and the pre-load journal. */
async function analyticsTraces(page: Page): Promise<string[]> {
  const traces: string[] = (await page.context().cookies()).filter((c) => c.name === 'vchat_analytics').map((c) => `cookie ${c.name}`)
  const stored = await page.evaluate(() => ['vchat_analytics_queue', 'vchat_analytics_preload'].filter((key) => localStorage.getItem(key) !== null))
  return [...traces, ...stored.map((key) => `localStorage ${key}`)]
}

/** The page hidden in place, as when the user switches apps: the moment analytics sends by beacon. */
async function hidePage(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
    document.dispatchEvent(new Event('visibilitychange'))
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }))
  })
}

/** The journey after the sign-in: the wall, a host's profile, a message to her, the coin store, settings. */
async function journey(page: Page): Promise<void> {
  await closeMatchSheet(page)
  await openInApp(page, `/anchorprofile?jid=${encodeURIComponent(HOST_JID)}`)
  await expect(page.locator('#profile-name')).not.toBeEmpty({ timeout: FLOW_TIMEOUT_MS })
  await page.goto(`/message?with=${encodeURIComponent(HOST_JID)}`)
  await page.getByRole('textbox', { name: 'Message' }).fill('Hello, only necessary cookies here')
  await page.getByRole('button', { name: 'Send' }).click()
  const thread = page.getByRole('list', { name: /^Messages with / })
  await expect(thread.locator('li[data-state="success"]', { hasText: 'Hello, only necessary cookies here' })).toBeVisible({ timeout: FLOW_TIMEOUT_MS })
  await page.locator('button.vc-app-header__gems').click()
  await expect(page.getByRole('dialog').locator('.vc-coin-store')).toBeVisible()
  await page.keyboard.press('Escape')
  await openInApp(page, '/settings')
  await expect(page.getByRole('switch', { name: 'Analytics and attribution' })).toBeVisible()
}

test.describe('cookie consent', () => {
  test('"Only necessary": a whole journey sends nothing to the analytics receiver or the attribution vendor', async ({ page, context, newUser }) => {
    test.slow()
    const seen = await watchTracking(context)
    const user = await newUser({ paid: true, gemsBalance: 500 })

    await page.goto('/')
    const banner = page.getByRole('region', { name: 'Cookie consent' })
    await banner.getByRole('button', { name: 'Only necessary' }).click()
    await expect(banner).toHaveCount(0)
    const login = page.waitForRequest((request) => request.url().endsWith('/api/login_service/user_pwd_login'))
    await logIn(page, user.uid, user.password)
    const { deviceInfo } = (await login).postDataJSON() as { deviceInfo: { androidId: string; adid: string } }
    await journey(page)
    await expect(page.getByRole('switch', { name: 'Analytics and attribution' })).toHaveAttribute('aria-checked', 'false')
    await hidePage(page)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()

    // No client ran, so nothing is queued for later either: a request can never follow.
    expect(await analyticsTraces(page)).toEqual([])
    expect(seen.receiver.map((r) => r.url())).toEqual([])
    expect(seen.vendor.map((r) => r.url())).toEqual([])
    // The API still gets a device id: a random one kept in this browser, not a fingerprint.
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('vchat_device_id') ?? '{}') as { id?: string; source?: string })
    expect(stored).toEqual({ id: deviceInfo.androidId, source: 'random' })
    expect(deviceInfo.adid).toBe('')
  })

  test('"Accept all" sends events and asks the vendor; the switch in settings stops both at once', async ({ page, context, newUser }) => {
    test.slow()
    const seen = await watchTracking(context)
    const user = await newUser({ paid: true, gemsBalance: 500 })

    await page.goto('/')
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept all' }).click()
    await logIn(page, user.uid, user.password)
    await journey(page)
    // The control: the same path with consent reaches both (events by the six-second batch or a beacon).
    await expect.poll(() => seen.vendor.length, { timeout: FLOW_TIMEOUT_MS }).toBeGreaterThan(0)
    // The pinned SDK passed the browser's integrity check and ran (a wrong hash leaves no global).
    await expect.poll(() => page.evaluate(() => typeof (window as { Adjust?: unknown }).Adjust), { timeout: FLOW_TIMEOUT_MS }).toBe('object')
    await expect.poll(() => seen.receiver.length, { timeout: FLOW_TIMEOUT_MS }).toBeGreaterThan(0)

    const choice = page.getByRole('switch', { name: 'Analytics and attribution' })
    await expect(choice).toHaveAttribute('aria-checked', 'true')
    await choice.click()
    await expect(choice).toHaveAttribute('aria-checked', 'false')
    const receiverBefore = seen.receiver.length
    const vendorBefore = seen.vendor.length
    // At once, without a reload: what waited is dropped, and the page hidden sends no beacon.
    expect(await page.evaluate(() => (JSON.parse(localStorage.getItem('vchat_analytics_queue') ?? '{"pending":[]}') as { pending: unknown[] }).pending)).toEqual([])
    await hidePage(page)
    // A new page load (the beacon of the hide above would have left before it) with the choice kept.
    await page.reload()
    await expect(page.getByRole('switch', { name: 'Analytics and attribution' })).toHaveAttribute('aria-checked', 'false')
    await hidePage(page)
    await openInApp(page, '/personalhome')
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
    expect(seen.receiver.slice(receiverBefore).map((r) => r.url())).toEqual([])
    expect(seen.vendor.slice(vendorBefore).map((r) => r.url())).toEqual([])
  })
})
