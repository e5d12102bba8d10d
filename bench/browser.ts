/**
 * What the benches that drive the app in Chromium share: the browser's flags for pages that call, a
 * browser context with a camera and a microphone, signing in, and in-app navigation. Not a benchmark
 * itself (scripts/bench.ts registers `*.bench.ts` modules by name).
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test'
import { CHROMIUM_ARGS as QUIET_ARGS, CHROMIUM_MEDIA_ARGS } from '../e2e/support/chromium.ts'

/** Every seeded account's and every `/dev/users` account's development password. */
export const SEED_PASSWORD = 'demo1234'

/**
 * Debian's Chromium kept quiet on a closed network, with fake camera and microphone, and remote video
 * that plays without a user gesture (a call's first frame must not wait for a click).
 */
export const CHROMIUM_ARGS = [...QUIET_ARGS, ...CHROMIUM_MEDIA_ARGS, '--autoplay-policy=no-user-gesture-required']

/**
 * A context of its own (one side of a call never shares the other's camera), English, camera and
 * microphone granted; a 375 × 812 phone screen unless `device` says otherwise.
 */
export async function newContext(browser: Browser, baseURL?: string, device: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ ...(baseURL ? { baseURL } : {}), permissions: ['camera', 'microphone'], locale: 'en-US', viewport: { width: 375, height: 812 }, ...device })
}

/** Signs in through the development sign-in; a signed-in user lands on /match. */
export async function logIn(page: Page, uid: string): Promise<void> {
  await page.goto('/login')
  const form = page.getByRole('dialog').locator('form:has(input[name="uid"])')
  await form.locator('input[name="uid"]').fill(uid)
  await form.locator('input[name="password"]').fill(SEED_PASSWORD)
  await form.locator('button[type="submit"]').click()
  await page.waitForURL(/\/match$/)
}

/** In-app navigation (no reload), as the app's links do. */
export async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
}
