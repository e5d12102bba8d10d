/**
 * Discovery on the local stack: the landing variants, the goddess wall (lists, language tabs, infinite
 * scrolling, 480 px pictures), a host profile with its actions, the match deck and its pop-up on a
 * mutual like, the friend requests and likes lists, the silver club and /silveranchor, the lucky box
 * and the exclusive-girl page — at a mobile and a desktop viewport, in English (left-to-right) and
 * Arabic (right-to-left, project second-arabic). Selectors are roles, classes and test ids, never texts.
 */
import type { Locator, Page } from '@playwright/test'
import { expect, test, type TestUser } from '../support/fixtures.ts'
import { FLOW_TIMEOUT_MS } from '../support/timeouts.ts'

/** Panels of other areas that may open over the screen (cookie banner, complete-profile prompt) are dismissed. */
async function dismissOverlays(page: Page): Promise<void> {
  // Cookie choice made (the app's storage wrapper keeps JSON under one key).
  await page.addInitScript(() => localStorage.setItem('vchat:cookie-consent', JSON.stringify('necessary')))
  await page.addLocatorHandler(page.getByRole('dialog').filter({ has: page.getByRole('radio') }), async () => {
    await page.keyboard.press('Escape')
  })
}

async function logIn(page: Page, user: TestUser, { overlaysDismissed = false } = {}): Promise<void> {
  if (!overlaysDismissed) await dismissOverlays(page)
  await page.goto('/login')
  const dialog = page.getByRole('dialog')
  await dialog.locator('input[name="uid"]').fill(user.uid)
  await dialog.locator('input[name="password"]').fill(user.password)
  const answer = page.waitForResponse((response) => response.url().endsWith('/user_pwd_login'))
  await dialog.locator('form:has(input[name="password"]) button[type="submit"]').click()
  expect((await answer).ok()).toBe(true)
  await expect(page).toHaveURL(/\/match$/, { timeout: FLOW_TIMEOUT_MS })
}

/**
 * How far a name's text sits from the start edge (right in RTL, left in LTR) of the content box of its
 * nearest `container`, in CSS pixels. The text is measured, not the element: a stretched element with
 * its text at the wrong side still fills its container.
 */
async function textStartGap(name: Locator, container: string): Promise<number> {
  return name.evaluate((element, selector) => {
    const range = document.createRange()
    range.selectNodeContents(element)
    const text = range.getBoundingClientRect()
    const box = element.closest(selector)
    if (!box) throw new Error(`no ${selector} around the name`)
    const outer = box.getBoundingClientRect()
    const style = getComputedStyle(box)
    if (document.documentElement.dir === 'rtl') return outer.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight) - text.right
    return text.left - (outer.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft))
  }, container)
}

/** A Latin-script name (the seeded hosts'), at the page's start side of its container in either direction. */
async function expectNameAtStart(name: Locator, container: string): Promise<void> {
  await expect(name).toHaveText(/[A-Za-z]/)
  expect(Math.abs(await textStartGap(name, container))).toBeLessThan(2)
}

/** A host likes the user on the local backend (development route), as hosts do from their own app. */
async function hostLikes(apiUrl: string, anchorUid: string, userUid: string): Promise<void> {
  const response = await fetch(`${apiUrl}/dev/anchors/like`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ anchorUid, userUid }),
  })
  expect(response.ok).toBe(true)
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
    // Half and full SPEC §9 quality to choose from: a phone's two columns take the smaller one.
    await expect(firstImage).toHaveAttribute('srcset', /w_240 240w, \S+w_480 480w$/)
    await expect
      .poll(() => firstImage.evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth > 0 ? img.currentSrc : '')))
      .toMatch(/x-oss-process=image\/resize,w_(240|480)$/)
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
    // The name is beside the picture at the page's start side, in Arabic too (right).
    await expectNameAtStart(profile.locator('.vc-profile__name'), '.vc-profile__head > div')
    await expect(profile.locator('.vc-profile__photos img').first()).toHaveAttribute('src', /w_480$/)
    await expect(profile.locator('.vc-presence')).toBeVisible()
    // The row's own buttons: call, chat, like, favourite, add friend (the silver call action, shown once its
    // offer has loaded, is a block of its own after the call button, so it never shifts these).
    const actions = profile.locator('.vc-profile__actions > button')
    // like → pressed; favourite → pressed; add friend → disabled (request sent).
    await actions.nth(2).click()
    await expect(actions.nth(2)).toHaveAttribute('aria-pressed', 'true')
    await actions.nth(3).click()
    await expect(actions.nth(3)).toHaveAttribute('aria-pressed', 'true')
    await actions.nth(4).click()
    await expect(actions.nth(4)).toBeDisabled()
    // A reload reads the same relation back from the server.
    await page.reload()
    await expect(actions.nth(2)).toHaveAttribute('aria-pressed', 'true')
    await actions.first().click()
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

  test('landing variants for visitors; signed-in visitors go to /match', async ({ page, newUser }) => {
    // Several pages and a sign-in: more than one quick check on a busy machine.
    test.slow()
    await dismissOverlays(page)
    // The second brand's own variant on /: the one-tap call leads, two features follow.
    await page.goto('/')
    await expect(page.locator('.vc-landing--call h1')).toBeVisible()
    await expect(page.locator('.vc-landing__feature')).toHaveCount(2)
    // A campaign link picks the classic variant: three features and the footer.
    await page.goto('/?v=classic')
    await expect(page.locator('.vc-landing--classic h1')).toBeVisible()
    await expect(page.locator('.vc-landing__feature')).toHaveCount(3)
    await expect(page.locator('.vc-landing__footer')).toBeVisible()
    // /onlinevideochat: the compact variant in a pop-up; its call-to-action opens the login.
    await page.goto('/onlinevideochat')
    const popup = page.getByRole('dialog')
    await expect(popup.locator('.vc-landing--compact h1')).toBeVisible()
    await popup.locator('.vc-landing__cta').first().click()
    await expect(page).toHaveURL(/\/login$/)

    await logIn(page, await newUser(), { overlaysDismissed: true })
    await page.goto('/onlinevideochat')
    await expect(page).toHaveURL(/\/match$/)
    await page.goto('/')
    await expect(page).toHaveURL(/\/match$/)
  })

  test('match pop-up on a mutual like, then the match and likes lists', async ({ page, newUser, stack }) => {
    test.slow()
    const user = await newUser()
    await logIn(page, user)
    const deck = page.locator('.vc-matchdeck')
    const card = deck.locator('.vc-matchdeck__card[data-jid]')
    await expect(card).toBeVisible()
    const jid = (await card.getAttribute('data-jid')) ?? ''
    const anchorUid = /^anchor_(\d+)@/.exec(jid)?.[1] ?? ''
    // The host on top already likes the user: liking her back is a match.
    await hostLikes(stack.apiUrl, anchorUid, user.uid)
    await deck.locator('.vc-matchdeck__actions').getByRole('button').last().click()
    const popup = page.getByRole('dialog').filter({ has: page.locator('.vc-match-popup') })
    await expect(popup).toBeVisible()
    // Its first action opens the chat with her.
    await popup.locator('.vc-match-popup').getByRole('button').first().click()
    await expect(page).toHaveURL((url) => url.pathname === '/message' && url.searchParams.get('with') === jid)

    // Lists (tabs: received, friends, sent, match, liked me, like, favourites, recommended).
    await page.goto('/friendreq')
    const tabs = page.locator('.vc-social').getByRole('tab')
    const panel = page.locator('#social-panel')
    for (const index of [3, 4, 5]) {
      await tabs.nth(index).click()
      await expect(panel.locator(`.vc-social__item[data-jid="${jid}"]`)).toBeVisible()
    }
    // Her name in the row starts where the row's text starts (right in Arabic), like her presence below it.
    await expectNameAtStart(panel.locator(`.vc-social__item[data-jid="${jid}"] .vc-social__name`), '.vc-social__who')
  })

  test('silver club and /silveranchor: balance, silver prices and the anchor list', async ({ page, newUser }) => {
    const user = await newUser({ silverBalance: 25 })
    await logIn(page, user)
    await page.goto('/club')
    await expect(page.getByTestId('silver-balance')).toHaveText('25')
    await expect(page.getByTestId('silver-spent')).toHaveText('0')
    await expect(page.locator('.vc-club__item').first()).toBeVisible()
    await expect(page.locator('.vc-club__item .vc-club__price').first()).toBeVisible()
    await page.goto('/silveranchor')
    const popup = page.getByRole('dialog')
    await expect(popup.locator('.vc-club__item').first()).toBeVisible()
    await expect(popup.getByTestId('silver-balance')).toHaveCount(0)
  })

  test('lucky box: the welcome box opens once, its reward panel shows and the balance follows', async ({ page, newUser }) => {
    const user = await newUser({ gemsBalance: 0 })
    await logIn(page, user)
    await page.goto('/goddess')
    await page.getByTestId('luckybox-entry').click()
    const sheet = page.getByRole('dialog')
    const welcome = sheet.locator('li[data-rule="welcome"]')
    await expect(welcome).toHaveAttribute('data-status', 'ready')
    await expect(sheet.locator('li[data-rule="first_match"]')).toHaveAttribute('data-status', 'locked')
    await welcome.getByRole('button').click()
    const reward = sheet.getByTestId('luckybox-reward')
    await expect(reward).toBeVisible()
    const won = Number(/\d+/.exec((await reward.getByTestId('luckybox-reward-gems').textContent()) ?? '')?.[0])
    expect(won).toBeGreaterThanOrEqual(5)
    expect(won).toBeLessThanOrEqual(20)
    await reward.getByRole('button').click()
    await expect(welcome).toHaveAttribute('data-status', 'opened')
    await expect(welcome.getByRole('button')).toHaveCount(0)
    // The server credited the gems: the match header shows the new balance after a reload.
    await page.goto('/match')
    await expect(page.locator('.vc-app-header__gems-value')).toHaveText(String(won))
  })

  test('exclusive-girl page: locked for a free user', async ({ page, newUser }) => {
    await logIn(page, await newUser())
    await page.goto('/goddess')
    await page.getByTestId('exclusive-entry').click()
    await expect(page).toHaveURL(/\/goddess\?view=exclusive$/)
    await expect(page.getByTestId('exclusive-list')).toHaveAttribute('data-count', '8')
    await expect(page.getByTestId('exclusive-locked')).toBeVisible()
    await expect(page.getByTestId('exclusive-list').getByRole('button')).toHaveCount(0)
  })

  test('exclusive-girl page: a paid user calls an exclusive host', async ({ page, newUser }) => {
    await logIn(page, await newUser({ paid: true, gemsBalance: 1000 }))
    await page.goto('/goddess?view=exclusive')
    await expect(page.getByTestId('exclusive-list')).toHaveAttribute('data-count', '8')
    await expect(page.getByTestId('exclusive-locked')).toHaveCount(0)
    await expect(page.locator('.vc-exclusive__item img').first()).toHaveAttribute('src', /w_480$/)
    await page.getByTestId('exclusive-list').locator('li').first().getByRole('button').first().click()
    await expect(page).toHaveURL(/\/video\/\d+$/)
  })
})
