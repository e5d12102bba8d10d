/**
 * One-to-one video calls in real Chromium with Chromium's fake camera and microphone, through
 * Prosody and the dev-server hub. Runs in one project only (see playwright.config.ts): the seeded
 * hosts are shared, so repeating it per brand and viewport would only make the run slower.
 */
import type { Page } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_MEDIA_ARGS, CHROMIUM_PATH } from '../support/chromium.ts'
import { expect, test } from '../support/fixtures.ts'

const PASSWORD = 'demo1234'
const MEDIA_PERMISSIONS = ['camera', 'microphone']

test.use({
  // Fake devices, no permission prompt, and remote audio may autoplay on the caller's page, which
  // was opened by a navigation rather than a click.
  launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...CHROMIUM_MEDIA_ARGS, '--autoplay-policy=no-user-gesture-required'] },
  permissions: MEDIA_PERMISSIONS,
})

async function logIn(page: Page, uid: string, password = PASSWORD): Promise<void> {
  await page.goto('/login')
  const dialog = page.getByRole('dialog')
  await dialog.locator('input[name="uid"]').fill(uid)
  await dialog.locator('input[name="password"]').fill(password)
  await dialog.locator('form:has(input[name="uid"]) button[type="submit"]').click()
  await expect(page).toHaveURL(/\/match$/)
}

/** In-app navigation (no reload), as the app's own links and call buttons do. */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
  await expect(page).toHaveURL(new RegExp(`${path}$`))
}

const callStatus = (page: Page) => page.locator('.vc-call__status')

test.describe('one-to-one video call through the hub', () => {
  test('without gems the call is refused with on_call_insuffic and the coin store opens', async ({ page, newUser }) => {
    const user = await newUser({ gemsBalance: 0 })
    await logIn(page, user.uid)

    await openInApp(page, '/video/200003')
    await expect(callStatus(page)).toHaveText('Call failed')
    await expect(page.locator('.vc-call__error')).toHaveText("You don't have enough gems for this call.")
    await page.getByRole('link', { name: 'Buy gems' }).click()
    await expect(page.getByRole('dialog', { name: /store|gems/i })).toBeVisible()
  })
})
