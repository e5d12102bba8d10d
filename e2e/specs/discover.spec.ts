/**
 * Discovery on the local stack: the goddess wall (lists, language tabs, infinite scrolling, 480 px
 * pictures), a host profile with its actions, the match deck and the social lists — at a mobile and a
 * desktop viewport, in English (left-to-right) and Arabic (right-to-left, project second-arabic).
 */
import type { Page } from '@playwright/test'
import { expect, test, type TestUser } from '../support/fixtures.ts'

/** Panels of other areas that may open over the screen (cookie banner, complete-profile prompt) are dismissed. */
async function dismissOverlays(page: Page): Promise<void> {
  // Cookie choice made (the app's storage wrapper keeps JSON under one key).
  await page.addInitScript(() => localStorage.setItem('vchat:cookie-consent', JSON.stringify('necessary')))
  await page.addLocatorHandler(page.getByRole('dialog').filter({ has: page.getByRole('radio') }), async () => {
    await page.keyboard.press('Escape')
  })
}

async function logIn(page: Page, user: TestUser): Promise<void> {
  await dismissOverlays(page)
  await page.goto('/login')
  const dialog = page.getByRole('dialog')
  await dialog.locator('input[name="uid"]').fill(user.uid)
  await dialog.locator('input[name="password"]').fill(user.password)
  await dialog.locator('form:has(input[name="password"]) button[type="submit"]').click()
  await expect(page).toHaveURL(/\/match$/)
}

function requestData(body: string | null): Record<string, unknown> {
  const parsed = JSON.parse(body ?? '{}') as { data?: Record<string, unknown> }
  return parsed.data ?? {}
}

test.describe('discovery', () => {
  test('goddess wall: lists, language filter, infinite scroll and 480 px pictures', async ({ page, newUser }) => {
    const user = await newUser()
    await logIn(page, user)
    await page.goto('/goddess')
    const rows = page.getByTestId('wall-rows')
    await expect(rows).toHaveAttribute('data-count', '50')
    const firstImage = rows.locator('.vc-anchor-card img').first()
    await expect(firstImage).toHaveAttribute('src', /x-oss-process=image\/resize,w_480$/)
    await expect.poll(() => firstImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480)
    // Virtualised: far fewer cards in the document than loaded.
    expect(await rows.locator('.vc-anchor-card').count()).toBeLessThan(50)

    // Scrolling to the end loads the next page (64 seeded hosts).
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await expect(rows).toHaveAttribute('data-count', '64')

    // Language tabs: the third tab is Arabic.
    await page.evaluate(() => window.scrollTo(0, 0))
    const languageRequest = page.waitForRequest((request) => request.url().endsWith('/anchor_list_hot') && requestData(request.postData()).language === 'ar')
    const languageTabs = page.getByRole('tablist').nth(1)
    await expect(languageTabs.getByRole('tab')).toHaveCount(7)
    await languageTabs.getByRole('tab').nth(2).click()
    await languageRequest
    await expect(page.getByTestId('wall-rows')).toBeVisible()

    // New list.
    const newRequest = page.waitForRequest((request) => request.url().endsWith('/anchor_list_new'))
    await page.getByRole('tablist').first().getByRole('tab').nth(1).click()
    await newRequest
  })

  test('host profile: facts, price, presence, like, favourite, add friend and call', async ({ page, newUser }) => {
    const user = await newUser()
    await logIn(page, user)
    await page.goto('/anchorprofile?uid=200001')
    const profile = page.locator('.vc-profile')
    await expect(profile.locator('h1')).toBeVisible()
    await expect(profile.locator('.vc-profile__photos img').first()).toHaveAttribute('src', /w_480$/)
    await expect(profile.locator('.vc-presence')).toBeVisible()
    const actions = profile.locator('.vc-profile__actions')
    // like → pressed; favourite → pressed; add friend → disabled (request sent).
    await actions.getByRole('button').nth(2).click()
    await expect(actions.getByRole('button').nth(2)).toHaveAttribute('aria-pressed', 'true')
    await actions.getByRole('button').nth(3).click()
    await expect(actions.getByRole('button').nth(3)).toHaveAttribute('aria-pressed', 'true')
    await actions.getByRole('button').nth(4).click()
    await expect(actions.getByRole('button').nth(4)).toBeDisabled()
    // A reload reads the same relation back from the server.
    await page.reload()
    await expect(page.locator('.vc-profile__actions').getByRole('button').nth(2)).toHaveAttribute('aria-pressed', 'true')
    await page.locator('.vc-profile__actions').getByRole('button').first().click()
    await expect(page).toHaveURL(/\/video\/200001$/)
  })

  test('match deck: skip and like move to the next card', async ({ page, newUser }) => {
    const user = await newUser()
    await logIn(page, user)
    const deck = page.locator('.vc-matchdeck')
    const card = deck.locator('.vc-matchdeck__card[data-jid]')
    await expect(card).toBeVisible()
    const first = await card.getAttribute('data-jid')
    const buttons = deck.locator('.vc-matchdeck__actions').getByRole('button')
    await buttons.first().click()
    await expect(card).not.toHaveAttribute('data-jid', first ?? '')
    const second = await card.getAttribute('data-jid')
    const like = page.waitForRequest((request) => request.url().endsWith('/change_relation') && requestData(request.postData()).action === 'like')
    await buttons.last().click()
    await like
    await expect(card).not.toHaveAttribute('data-jid', second ?? '')
  })

  test('social lists and the Arabic direction', async ({ page, newUser }) => {
    const user = await newUser()
    await logIn(page, user)
    await page.goto('/friendreq')
    const panel = page.locator('#social-panel')
    // A fresh account has no requests: the empty state.
    await expect(panel.locator('.vc-empty')).toBeVisible()
    await page.locator('.vc-social').getByRole('tab').last().click()
    await expect(panel.locator('.vc-anchor-card').first()).toBeVisible()
    const lang = await page.evaluate(() => document.documentElement.lang)
    const dir = await page.evaluate(() => document.documentElement.dir)
    expect(dir).toBe(lang.startsWith('ar') ? 'rtl' : 'ltr')
  })
})
