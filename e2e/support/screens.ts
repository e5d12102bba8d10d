/**
 * What the screenshot specs (visual.spec, rtl-visual.spec) share: a page made repeatable (fixed
 * clock, the cookie and notification prompts answered, the complete-profile prompt dismissed), the
 * wait for the viewport's images, and the anchor console's JSON routes. They sign in with `logIn`
 * (calls.ts).
 */
import type { Page } from '@playwright/test'
import { expect } from './fixtures.ts'

/** A fixed day and time for everything that reads the browser clock. */
const FIXED_NOW = new Date('2026-03-14T10:30:00Z')

/**
 * The page's clock is fixed (what shows a date or a time is then the same every run), unless
 * `fixedClock` is false: a call's engine and the hub's timing need the real clock.
 */
export async function prepareScreens(page: Page, { fixedClock = true } = {}): Promise<void> {
  if (fixedClock) await page.clock.setFixedTime(FIXED_NOW)
  // Cookie choice made and the notification prompt answered (the app's storage wrapper keeps JSON under
  // one key each), so neither card covers the screen.
  await page.addInitScript(() => {
    localStorage.setItem('vchat:cookie-consent', JSON.stringify('necessary'))
    localStorage.setItem('vchat:notificationPrompt', JSON.stringify('later'))
  })
  // The complete-profile prompt of a fresh account is dismissed whenever it opens.
  await page.addLocatorHandler(page.getByRole('dialog').filter({ has: page.locator('input[name="gender"]') }), async () => {
    await page.keyboard.press('Escape')
  })
}

/**
 * Waits until every image in the viewport has loaded, so a screenshot never catches one half drawn.
 * Only the viewport: a lazy picture further down is not fetched until it comes near, and is not in the
 * screenshot either.
 */
export async function imagesLoaded(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.locator('img:visible').evaluateAll((images) =>
        images
          .filter((img) => {
            const box = img.getBoundingClientRect()
            return box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth
          })
          .every((img) => (img as HTMLImageElement).complete),
      ),
    )
    .toBe(true)
}

/** One of the anchor console's JSON routes (login, send, logout…), from the test runner. */
export async function consoleApi<T>(apiUrl: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${apiUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}
