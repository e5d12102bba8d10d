/**
 * The walking skeleton's thin slice, in every brand at a phone and a desktop size and once in Arabic:
 * a visitor opens the brand app, logs in with uid and password against the local backend, and lands
 * on /match with their own account shown.
 */
import type { Page } from '@playwright/test'
import { closeMatchSheet } from '../support/calls.ts'
import { expect, test } from '../support/fixtures.ts'
import { FLOW_TIMEOUT_MS } from '../support/timeouts.ts'

const DEMO = { uid: '100001', password: 'demo1234' }

/** Signs in through the login popup and waits for /match, where a login lands. */
async function signInAt(page: Page, user: { uid: string; password: string }): Promise<void> {
  await page.goto('/login')
  const dialog = page.getByRole('dialog')
  await dialog.locator('input[name="uid"]').fill(user.uid)
  await dialog.locator('input[name="password"]').fill(user.password)
  await dialog.locator('form button[type="submit"]').click()
  await expect(page).toHaveURL(/\/match$/, { timeout: FLOW_TIMEOUT_MS })
}

test.describe('visitor → login → /match', () => {
  test('the landing page greets a visitor and loads no messaging, database or push code', async ({ page }) => {
    const scripts: string[] = []
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.push(await response.text())
    })
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle')
    const loaded = scripts.join('\n')
    expect(loaded).not.toContain('urn:ietf:params:xml:ns:xmpp-sasl')
    expect(loaded).not.toMatch(/DexieError|dexie\.org/)
    expect(loaded).not.toContain('@firebase/')
  })

  test('logs in with uid and password and lands on /match', async ({ page, newUser }) => {
    const user = await newUser({ paid: true, gemsBalance: 500 })
    await page.goto('/login')
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await dialog.locator('input[name="uid"]').fill(user.uid)
    await dialog.locator('input[name="password"]').fill(user.password)
    await dialog.locator('form button[type="submit"]').click()

    await expect(page).toHaveURL(/\/match$/, { timeout: FLOW_TIMEOUT_MS })
    // The header holds the account's door: the balance and the user's own face.
    await expect(page.locator('.vc-app-header__gems')).toContainText('500')
    await expect(page.locator('.vc-app-header__me')).toBeVisible()

    // The session survives a reload (redux-persist on localforage) and / sends a logged-in user to /match.
    await page.goto('/')
    await expect(page).toHaveURL(/\/match$/)
    await expect(page.locator('.vc-app-header__me')).toBeVisible()
  })

  test('the seeded demo user can log in', async ({ page }) => {
    await page.goto('/login')
    const dialog = page.getByRole('dialog')
    await dialog.locator('input[name="uid"]').fill(DEMO.uid)
    await dialog.locator('input[name="password"]').fill(DEMO.password)
    await dialog.locator('form button[type="submit"]').click()
    await expect(page).toHaveURL(/\/match$/, { timeout: FLOW_TIMEOUT_MS })
    await expect(page.locator('.vc-app-header__me')).toBeVisible()
  })

  test('a wrong password is refused with a clear message and no session', async ({ page, newUser }) => {
    // An account of its own: this test runs in every project against one server, and the demo
    // account's wrong passwords would add up to the login throttle's lock for the tests signing it in.
    const user = await newUser()
    await page.goto('/login')
    const dialog = page.getByRole('dialog')
    await dialog.locator('input[name="uid"]').fill(user.uid)
    await dialog.locator('input[name="password"]').fill('not-the-password')
    await dialog.locator('form button[type="submit"]').click()
    await expect(dialog.getByRole('alert')).toBeVisible()
    await expect(page).toHaveURL(/\/login$/)
  })

  test('an auth-only route opens the login popup and continues there after login', async ({ page }) => {
    await page.goto('/message')
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await expect(page).toHaveURL(/\/login$/)
    await dialog.locator('input[name="uid"]').fill(DEMO.uid)
    await dialog.locator('input[name="password"]').fill(DEMO.password)
    await dialog.locator('form button[type="submit"]').click()
    await expect(page).toHaveURL(/\/message$/)
  })

  test('a session that ends mid-use signs out with a word why and comes back to the same screen after signing in', async ({ page, newUser, stack }) => {
    const user = await newUser()
    await signInAt(page, user)
    await closeMatchSheet(page)
    await page.locator('.vc-cookie-banner__actions button').first().click()

    // The token's time runs out on the server while the app is open (what a phone meets after seven days).
    const expired = await fetch(`${stack.apiUrl}/dev/users/expire-sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uid: user.uid }),
    })
    expect(expired.ok).toBe(true)

    // The next screen's server call is refused: the login popup opens over it, saying why.
    await page.locator('.vc-app-header__me').click()
    await expect(page.locator('.vc-login__notice')).toBeVisible({ timeout: FLOW_TIMEOUT_MS })
    await expect(page).toHaveURL(/\/login$/)
    const login = page.getByRole('dialog')
    await login.locator('input[name="uid"]').fill(user.uid)
    await login.locator('input[name="password"]').fill(user.password)
    await login.locator('form:has(input[name="uid"]) button[type="submit"]').click()
    await expect(page).toHaveURL(/\/personalhome$/, { timeout: FLOW_TIMEOUT_MS })
    await expect(page.locator('.vc-login__notice')).toHaveCount(0)
  })

  test('logout clears the session', async ({ page, newUser }) => {
    const user = await newUser()
    await signInAt(page, user)
    await expect(page.locator('.vc-app-header__gems')).toContainText('0')
    // Log out lives on the personal home, behind the user's own face in the header (the match sheet
    // the user lands on closes first: it is a dialog over the wall).
    await closeMatchSheet(page)
    // The cookie banner is answered first: on a phone it covers the bottom of the page.
    await page.locator('.vc-cookie-banner__actions button').first().click()
    await page.locator('.vc-app-header__me').click()
    await expect(page).toHaveURL(/\/personalhome$/)
    await page.locator('.vc-account__logout').click()
    await expect(page).toHaveURL(/\/$/)
    await page.reload()
    await expect(page).toHaveURL(/\/$/)
  })

  test('the document direction follows the language', async ({ page }, testInfo) => {
    await page.goto('/')
    const arabic = String(testInfo.project.use.locale ?? '').startsWith('ar')
    await expect(page.locator('html')).toHaveAttribute('dir', arabic ? 'rtl' : 'ltr')
    await expect(page.locator('html')).toHaveAttribute('lang', arabic ? 'ar' : 'en')
  })
})
