/**
 * Platform services end to end (Chromium, local stack): the development sign-in standing in for Google,
 * the fingerprint device id and web uuid sent as deviceInfo, analytics events reaching the development
 * receiver (GET /dev/analytics/events), a page hide sending by beacon, and a reload that loses nothing
 * and repeats nothing.
 */
import type { Page } from '@playwright/test'
import { expect, test } from '../support/fixtures.ts'
import { FLOW_TIMEOUT_MS } from '../support/timeouts.ts'

interface ReceivedEvent {
  eventId: string
  event?: string
  distinctId: string
  accountId?: string
  beacon: boolean
  method: string
  arrivals: number
}

interface QueuedEvent {
  eventId: string
  event?: string
  distinctId: string
}

async function received(apiUrl: string, distinctId: string): Promise<ReceivedEvent[]> {
  const response = await fetch(`${apiUrl}/dev/analytics/events?distinctId=${encodeURIComponent(distinctId)}`)
  return ((await response.json()) as { data: { events: ReceivedEvent[] } }).data.events
}

/** Events the analytics client keeps in localStorage until they are sent. */
async function queued(page: Page): Promise<QueuedEvent[]> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('vchat_analytics_queue')
    return raw ? ((JSON.parse(raw) as { pending: QueuedEvent[] }).pending ?? []) : []
  })
}

/**
 * Every event this browser recorded, queued or already received, each once; and the ones still queued.
 * The queue is read first: an event leaving it in between is then found at the receiver.
 */
async function recorded(page: Page, apiUrl: string, distinctId: string): Promise<{ events: QueuedEvent[]; waiting: QueuedEvent[] }> {
  const waiting = await queued(page)
  const arrived = await received(apiUrl, distinctId)
  const byId = new Map([...waiting, ...arrived].map((e) => [e.eventId, e] as const))
  return { events: [...byId.values()], waiting }
}

/** How many page_show events this browser recorded, queued or already received (each counted once). */
async function pageShows(page: Page, apiUrl: string, distinctId: string): Promise<number> {
  return (await recorded(page, apiUrl, distinctId)).events.filter((e) => e.event === 'page_show').length
}

/** Signs in through the development sign-in on /login (Google's stand-in) and waits for /match. */
async function devSignIn(page: Page, uid: string): Promise<void> {
  await page.goto('/login')
  const dialog = page.getByRole('dialog')
  await dialog.locator('input[name="devUid"]').fill(uid)
  await dialog.getByRole('button', { name: 'Continue with development sign-in' }).click()
  await expect(page).toHaveURL(/\/match$/, { timeout: FLOW_TIMEOUT_MS })
}

/** The analytics client's distinct id, from the state cookie it keeps (`vchat_analytics`), once it has run. */
async function distinctIdOf(page: Page): Promise<string | null> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'vchat_analytics')
  if (!cookie) return null
  try {
    return (JSON.parse(decodeURIComponent(cookie.value)) as { distinct_id?: string }).distinct_id ?? null
  } catch {
    return null
  }
}

/**
 * Waits until the analytics client runs and has recorded login_success, whether still queued or already
 * sent by a batch (on a slow machine the six-second batch can leave before the first look at the queue);
 * answers the distinct id and the ids still queued.
 */
async function loginSuccessRecorded(page: Page, apiUrl: string): Promise<{ distinctId: string; ids: string[] }> {
  let distinctId: string | null = null
  let waiting: QueuedEvent[] = []
  await expect
    .poll(async () => {
      distinctId = await distinctIdOf(page)
      if (!distinctId) return false
      const found = await recorded(page, apiUrl, distinctId)
      waiting = found.waiting
      return found.events.some((e) => e.event === 'login_success')
    })
    .toBe(true)
  return { distinctId: distinctId!, ids: waiting.map((e) => e.eventId) }
}

test.describe('platform services', () => {
  // Analytics, attribution and the fingerprint run only after "Accept all" (consent.spec tests the other answer).
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('vchat:cookie-consent', JSON.stringify('all')))
  })

  test('development sign-in, device id and web uuid in deviceInfo, events reach the receiver', async ({ page, newUser, stack }) => {
    const user = await newUser()
    const login = page.waitForRequest((request) => request.url().endsWith('/api/login_service/login'))
    await devSignIn(page, user.uid)
    const body = (await login).postDataJSON() as { deviceInfo: { androidId: string; webUuid: string }; data: { token: string; channel: string } }
    expect(body.data).toMatchObject({ token: `dev:${user.uid}`, channel: 'google' })
    const storedId = await page.evaluate(() => JSON.parse(localStorage.getItem('vchat_device_id') ?? '{}') as { id?: string })
    expect(body.deviceInfo.androidId).toBe(storedId.id)
    expect(body.deviceInfo.androidId.length).toBeGreaterThan(8)
    expect(body.deviceInfo.webUuid.length).toBeGreaterThan(8)

    const { distinctId } = await loginSuccessRecorded(page, stack.apiUrl)
    // The 6 s batch interval sends them (POST form to /dev/analytics/sync).
    await expect.poll(async () => (await received(stack.apiUrl, distinctId)).map((e) => e.event), { timeout: FLOW_TIMEOUT_MS }).toEqual(
      expect.arrayContaining(['page_show', 'login_success']),
    )
    const success = (await received(stack.apiUrl, distinctId)).find((e) => e.event === 'login_success')
    expect(success).toMatchObject({ accountId: user.uid, method: 'POST', beacon: false, arrivals: 1 })
  })

  test('a page hide sends the pending events by beacon', async ({ page, newUser, stack }) => {
    // Batches posted by fetch fail here, so what is pending stays pending until the page is hidden: the
    // queue read below is exactly what the page leaves with (no 6 s batch can slip out in between).
    // The page's own fetch refuses the receiver: intercepting the network instead would also hold the
    // beacon, and a held beacon can be dropped with the page that sent it.
    await page.addInitScript(() => {
      const platformFetch = window.fetch.bind(window)
      window.fetch = (input, init) => {
        const url = input instanceof Request ? input.url : String(input)
        return url.includes('/dev/analytics/sync') ? Promise.reject(new TypeError('Failed to fetch')) : platformFetch(input, init)
      }
    })
    const user = await newUser()
    await devSignIn(page, user.uid)
    const { distinctId, ids } = await loginSuccessRecorded(page, stack.apiUrl)
    // The page is hidden in place, as when the user switches to another app (visibilitychange, then
    // pagehide): navigating away in this headless browser sometimes tears the renderer down before the
    // beacon has left, which is the browser's part (beacons outlive the page), not the app's.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
      document.dispatchEvent(new Event('visibilitychange'))
      window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }))
    })
    await expect
      .poll(async () => (await received(stack.apiUrl, distinctId)).filter((e) => e.beacon).map((e) => e.event), { timeout: FLOW_TIMEOUT_MS })
      .toEqual(expect.arrayContaining(['page_hide', 'login_success']))
    const events = await received(stack.apiUrl, distinctId)
    for (const id of ids) expect(events.find((e) => e.eventId === id)).toMatchObject({ beacon: true, arrivals: 1 })
  })

  test('a reload loses nothing and repeats nothing', async ({ page, newUser, stack }) => {
    // No beacon at all: what is pending when the page goes must survive in storage and go after the reload.
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'sendBeacon', { value: () => false, configurable: true })
    })
    const user = await newUser()
    await devSignIn(page, user.uid)
    const { distinctId } = await loginSuccessRecorded(page, stack.apiUrl)
    // Each page leaves only once its analytics client runs (its page_show recorded): a page reloaded
    // before that would never have shown itself to analytics.
    // …and once nothing it sent is still awaiting its answer: a batch whose POST reached the receiver
    // but whose answer came after the unload is sent again from the next load by design (the receiver
    // keeps each eventId once, and counts the second arrival, which this test reads as a repeat).
    await expect.poll(() => pageShows(page, stack.apiUrl, distinctId)).toBe(1)
    await expect.poll(async () => (await queued(page)).length).toBe(0)
    await page.reload()
    await expect(page).toHaveURL(/\/match$/)
    await expect.poll(() => pageShows(page, stack.apiUrl, distinctId)).toBe(2)
    await expect.poll(async () => (await queued(page)).length).toBe(0)
    await page.reload()
    await expect(page).toHaveURL(/\/match$/)
    await expect.poll(() => pageShows(page, stack.apiUrl, distinctId)).toBe(3)
    // Three page loads: three page_show and two page_hide of the pages that went, plus login_success.
    await expect
      .poll(async () => (await received(stack.apiUrl, distinctId)).map((e) => e.event).sort(), { timeout: FLOW_TIMEOUT_MS })
      .toEqual(['login_success', 'page_hide', 'page_hide', 'page_show', 'page_show', 'page_show'])
    const events = await received(stack.apiUrl, distinctId)
    expect(new Set(events.map((e) => e.eventId)).size).toBe(events.length)
    expect(events.every((e) => e.arrivals === 1 && !e.beacon)).toBe(true)
  })

  test('the receiver lists the events on a page for people', async ({ page, stack }) => {
    await page.goto(`${stack.apiUrl}/dev/analytics`)
    await expect(page.getByRole('heading', { name: 'Analytics events' })).toBeVisible()
    await expect(page.getByRole('table')).toBeVisible()
  })
})
