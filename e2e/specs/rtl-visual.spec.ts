/**
 * Right-to-left visual baselines: the main screens in Arabic and Hebrew (brand second, phone size),
 * compared with reviewed screenshots kept in the repo (project second-rtl-visual). Each test makes its
 * own account; what differs from run to run (the account's uid, message times) is masked, the clock
 * is fixed and animations are off.
 */
import type { Locator, Page } from '@playwright/test'
import { logIn, SEED_PASSWORD } from '../support/calls.ts'
import { expect, test } from '../support/fixtures.ts'
import { consoleApi, imagesLoaded, prepareScreens } from '../support/screens.ts'
import { TEST_TIMEOUT_MS } from '../support/timeouts.ts'

/** Hosts whose development console talks in the thread (one per language so both can run at once). */
const HOST_BY_LANGUAGE = { ar: '200031', he: '200032' } as const

const LANGUAGES = [
  { lng: 'ar', locale: 'ar-SA', greeting: 'مرحبا! كيف حالك اليوم؟', reply: 'أنا بخير، شكرا لك' },
  { lng: 'he', locale: 'he-IL', greeting: 'שלום! מה שלומך היום?', reply: 'אני בסדר, תודה' },
] as const

async function expectScreen(page: Page, name: string, mask: Locator[] = []): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await imagesLoaded(page)
  await expect(page).toHaveScreenshot(`${name}.png`, { mask })
}

for (const { lng, locale, greeting, reply } of LANGUAGES) {
  test.describe(`right-to-left screens in ${lng}`, () => {
    test.use({ locale })
    // Several screens per test, each waiting for two identical screenshots in a row.
    test.describe.configure({ timeout: 2 * TEST_TIMEOUT_MS })

    test('login popup', async ({ page }) => {
      await prepareScreens(page)
      await page.goto('/login')
      await expect(page.getByRole('dialog').locator('input[name="uid"]')).toBeVisible()
      await expectScreen(page, `${lng}-login`)
    })

    test('signed-in screens: match, goddess wall, wallet and coin store, settings, personal home', async ({ page, newUser }) => {
      const user = await newUser({ nickName: lng === 'ar' ? 'سارة' : 'נועה', gemsBalance: 120 })
      await prepareScreens(page)
      await logIn(page, user.uid, user.password)
      await expect(page.locator('button.vc-app-header__gems')).toContainText('120')
      await expect(page.locator('.vc-match__greeting')).toBeVisible()
      await expectScreen(page, `${lng}-match`)

      await page.goto('/goddess')
      await expect(page.getByTestId('wall-rows')).toHaveAttribute('data-count', '50')
      await expectScreen(page, `${lng}-goddess`)

      await page.goto('/paymenthistory')
      await expect(page.locator('.vc-pay-history')).toBeVisible()
      await expectScreen(page, `${lng}-wallet`)
      await page.locator('.vc-pay-history__top button').click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await expectScreen(page, `${lng}-coin-store`)

      await page.goto('/settings')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectScreen(page, `${lng}-settings`)

      await page.goto('/personalhome')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectScreen(page, `${lng}-personalhome`, [page.locator('.vc-profile-head .vc-account__hint')])
    })

    test('a message thread', async ({ page, newUser, stack }) => {
      expect(stack.prosody, 'messaging needs Prosody: npm test installs it, or apt-get install prosody').toBe(true)
      const user = await newUser({ paid: true, gemsBalance: 500 })
      const hostUid = HOST_BY_LANGUAGE[lng]
      const host = await consoleApi<{ id: string; jid: string }>(stack.apiUrl, '/dev/anchor/login', { uid: hostUid, password: SEED_PASSWORD })
      await prepareScreens(page)
      await logIn(page, user.uid, user.password)
      await page.goto(`/message?with=${encodeURIComponent(host.jid)}`)
      const input = page.locator('#vc-chat-input')
      await input.fill(greeting)
      await input.press('Enter')
      const thread = page.locator('.vc-chat-view__messages')
      await expect(thread.locator('li[data-state="success"]', { hasText: greeting })).toBeVisible()
      await consoleApi(stack.apiUrl, '/dev/anchor/send', { id: host.id, to: user.jid, content: reply })
      await expect(thread.getByText(reply)).toBeVisible()
      await expectScreen(page, `${lng}-message-thread`, [thread.locator('time')])
    })
  })
}
