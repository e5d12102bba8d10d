/**
 * The account has a door: a new user finds every account screen by clicking only — the own face in
 * the header opens the personal home, whose list leads to each account screen and back, the balance
 * opens the coin store — and logs out from there. Locators are the app's own classes and links
 * (not English texts), so the journey runs at phone and desktop size and in Arabic (second-arabic).
 */
import type { Locator, Page } from '@playwright/test'
import { logIn } from '../support/calls.ts'
import { FLOW_TIMEOUT_MS } from '../support/timeouts.ts'
import { expect, test } from '../support/fixtures.ts'

/** Every account screen the personal home lists, in its order. */
const HUB_SCREENS = ['/editprofile', '/paymenthistory', '/friendreq', '/club', '/task', '/settings', '/languagesettings']

/** The element lies inside the viewport (the control is in view, not cut off at the edge). */
async function expectInViewport(page: Page, locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox()
  const viewport = page.viewportSize()
  expect(box, `${what} is rendered`).not.toBeNull()
  expect(viewport).not.toBeNull()
  if (!box || !viewport) return
  expect(box.x, `${what} starts inside the viewport`).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width, `${what} ends inside the viewport`).toBeLessThanOrEqual(viewport.width)
  expect(box.y + box.height, `${what} is above the fold`).toBeLessThanOrEqual(viewport.height)
}

test('a new user finds the personal home, every account screen, the coin store and log out by clicking', async ({ page, newUser }) => {
  // A long walk rather than a slow wait: every account screen in turn, each a lazy page, then the coin
  // store and log out. On a busy two-core machine the sum outgrew one test's ceiling (90 s) while every
  // step stayed within its own; the walk gets three.
  test.slow()
  const user = await newUser({ gemsBalance: 40 })
  await logIn(page, user.uid)

  // The user lands on the match sheet, a dialog over the wall; closing it shows the wall and its header.
  await expect(page.getByRole('dialog')).toBeVisible()
  // Focus moved into the match sheet with it (not left on the removed login form).
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true)
  // Its actions are in view at this size, without scrolling the sheet.
  const actions = page.locator('.vc-matchdeck__actions button')
  await expect(actions).toHaveCount(4)
  for (const index of [0, 3]) await expectInViewport(page, actions.nth(index), `match action ${index + 1}`)
  await page.getByRole('dialog').locator('.vc-sheet__close').click()
  await expect(page).toHaveURL(/\/goddess$/)
  // The cookie banner is answered as a new visitor would (on a phone it covers the bottom of the page).
  await page.locator('.vc-cookie-banner__actions button').first().click()
  await expect(page.locator('.vc-cookie-banner')).toHaveCount(0)

  // The header's account entry: the balance and the own face, in view at this size.
  const gems = page.locator('button.vc-app-header__gems')
  const me = page.locator('.vc-app-header__me')
  await expect(gems).toContainText('40')
  await expectInViewport(page, gems, 'the balance')
  await expectInViewport(page, me, 'the own face')

  // The balance opens the coin store over the page, and it closes back to it.
  await gems.click()
  const store = page.getByRole('dialog')
  await expect(store).toBeVisible()
  await expect(store.locator('.vc-coin-store')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(store).toBeHidden()
  await expect(page).toHaveURL(/\/goddess$/)

  // The own face opens the personal home.
  await me.click()
  await expect(page).toHaveURL(/\/personalhome$/)
  const hub = page.locator('.vc-account-hub')
  await expect(hub).toBeVisible()

  // Each account screen by its row, and back by the screen's back control.
  for (const path of HUB_SCREENS) {
    await hub.locator(`a[href="${path}"]`).click()
    await expect(page).toHaveURL(new RegExp(`${path}$`))
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
    const back = page.locator('.vc-back-link')
    await expectInViewport(page, back, `the back control of ${path}`)
    await back.click()
    await expect(page).toHaveURL(/\/personalhome$/)
  }

  // The coin store from the hub too.
  await hub.locator('button').click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()

  // Log out at the end of the hub: the landing page, and the session is gone after a reload.
  await page.locator('.vc-account__logout').click()
  await expect(page).toHaveURL(/\/$/)
  await page.reload()
  await expect(page.locator('.vc-app-header__me')).toHaveCount(0)
  await expect(page.locator('.vc-app-header__login')).toBeVisible()
})

test('a visitor sees who is live on the landing page, and a face leads through sign-in to her profile', async ({ page, newUser }) => {
  const user = await newUser({})
  await page.goto('/')
  // The public wall: faces with names, live ones first, before any login.
  const cards = page.locator('.vc-landing__live-grid .vc-anchor-card')
  await expect(cards.first()).toBeVisible()
  expect(await cards.count()).toBeGreaterThanOrEqual(6)
  const names = await page.locator('.vc-landing__live-grid .vc-anchor-card__name').allTextContents()
  for (const name of names) expect(name).not.toMatch(/anchor_\d+|user_\d+|^\d{5,}$/)
  await expect(cards.first().locator('.vc-presence')).toHaveAttribute('data-status', 'online')
  const chosen = names[0] ?? ''

  // Intent first, then the sign-in: the login sheet opens over the landing page…
  await cards.first().click()
  const dialog = page.getByRole('dialog')
  await dialog.locator('input[name="uid"]').fill(user.uid)
  await dialog.locator('input[name="password"]').fill(user.password)
  await dialog.locator('form:has(input[name="uid"]) button[type="submit"]').click()
  // …and the app continues to the host she chose, named as on her card.
  await expect(page).toHaveURL(/\/anchorprofile\?jid=anchor_\d+/, { timeout: FLOW_TIMEOUT_MS })
  await expect(page.getByRole('heading', { level: 1, name: chosen })).toBeVisible()
})
