/**
 * Account and the remaining screens against the local backend: the cookie banner,
 * tasks and check-in with real gems, profile editing with an avatar upload, settings that change the
 * look, and a blocked account kept out of chat.
 */
import type { Page } from '@playwright/test'
import { expect, test } from '../support/fixtures.ts'
import type { TestUser } from '../support/fixtures.ts'
import { callHost } from '../support/calls.ts'
import { FLOW_TIMEOUT_MS } from '../support/timeouts.ts'

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

/** The visitor already chose cookies (the banner has its own test). */
async function acceptCookies(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('vchat:cookie-consent', JSON.stringify('all')))
}

async function logIn(page: Page, user: TestUser) {
  await acceptCookies(page)
  await page.goto('/login')
  const dialog = page.getByRole('dialog')
  await dialog.locator('input[name="uid"]').fill(user.uid)
  await dialog.locator('input[name="password"]').fill(user.password)
  await dialog.locator('button[type="submit"]').click()
  await expect(page).toHaveURL(/\/match$/, { timeout: FLOW_TIMEOUT_MS })
}

/** In-app navigation (no reload), as the app's own links do. */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
  await expect.poll(() => {
    const url = new URL(page.url())
    return url.pathname + url.search
  }).toBe(path)
}

/** What the login endpoint answers `user` (another device signing in). */
async function signInAnswer(apiUrl: string, user: TestUser): Promise<{ completeUserInfoCheck: boolean }> {
  const response = await fetch(`${apiUrl}/api/login_service/user_pwd_login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      deviceInfo: {
        localLanguage: 'en', configLanguage: 'en', fingerprint: 'e2e', androidId: 'e2e-device', screenHeight: 800, screenWidth: 400,
        timezoneId: 'UTC', timezoneOffset: 0, platform: 'android', gaClientId: '', deviceModel: 'e2e', webUuid: 'e2e-web-uuid', adid: '',
      },
      clientInfo: { channel: 'B1', pkgName: 'web', versionCode: '1', versionName: '1.0.0', host: 'localhost' },
      userInfo: { id: '', jid: '', vcToken: '', role: 2 },
      data: { uid: user.uid, passwd: user.password },
    }),
  })
  const answer = (await response.json()) as { result: number; data: { completeUserInfoCheck: boolean } }
  expect(answer.result).toBe(1)
  return answer.data
}

/** Blocks (or unblocks) an account through the development endpoint. */
async function blockUser(apiUrl: string, uid: string, reason: string): Promise<void> {
  const response = await fetch(`${apiUrl}/dev/users/block`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ uid, blocked: true, reason }),
  })
  expect(response.status).toBe(200)
}

/** The complete-profile panel shows when the login answer asks for it (completeUserInfoCheck). */
async function closeCompleteProfile(page: Page) {
  const panel = page.getByRole('dialog', { name: 'Complete your profile' })
  if (await panel.isVisible()) {
    await panel.getByRole('button', { name: 'Close' }).click()
    await expect(panel).toBeHidden()
  }
}

test.describe('account', () => {
  test('the cookie banner remembers the choice', async ({ page }) => {
    await page.goto('/')
    const banner = page.getByRole('region', { name: 'Cookie consent' })
    await expect(banner).toBeVisible()
    await banner.getByRole('button', { name: 'Cookies privacy' }).click()
    await expect(page.getByRole('dialog', { name: 'Cookies privacy' })).toBeVisible()
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
    await banner.getByRole('button', { name: 'Accept all' }).click()
    await expect(banner).toBeHidden()
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0)
  })

  test('check-in, profile with avatar upload, then claiming the profile task adds real gems', async ({ page, newUser }) => {
    const user = await newUser({ gemsBalance: 100 })
    await logIn(page, user)
    await closeCompleteProfile(page)

    await page.goto('/task')
    await page.getByRole('button', { name: /Check in and get 10 gems/ }).click()
    await expect(page.getByText('+10 gems added to your balance')).toBeVisible()
    await expect(page.getByRole('timer')).toContainText(/Next check-in in \d\d:\d\d:\d\d/)
    await expect(page.locator('.vc-app-header__gems')).toContainText('110')

    await page.goto('/editprofile')
    await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG })
    await expect(page.locator('.vc-avatar-upload img')).toHaveAttribute('src', /\/files\/uploads\/[0-9a-f]{32}\.png/)
    await page.getByLabel('Female').check()
    await page.getByLabel('Birthday').fill('1995-04-03')
    await page.getByLabel('Country').selectOption('DE')
    await page.getByLabel('About me').fill('Hello there')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Profile saved')).toBeVisible()

    await page.goto('/task')
    const tasksTab = page.getByRole('tab', { name: /Tasks/ })
    await expect(tasksTab.getByTestId('red-dot')).toBeVisible()
    await expect(page.locator('.vc-task-entrance').getByTestId('red-dot')).toBeVisible()
    await tasksTab.click()
    await page.getByRole('button', { name: 'Claim the reward of "Add an avatar, gender and birthday"' }).click()
    await expect(page.locator('.vc-app-header__gems')).toContainText('130')
    await expect(tasksTab.getByTestId('red-dot')).toHaveCount(0)

    await page.goto('/personalhome')
    await expect(page.getByText('Hello there')).toBeVisible()
    await expect(page.getByText('support@vidora.chat')).toBeVisible()
  })

  test('settings persist and change the look; language names are native', async ({ page, newUser }) => {
    await logIn(page, await newUser())
    await closeCompleteProfile(page)
    await page.goto('/settings')
    await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark')
    await page.getByRole('switch', { name: 'Dark mode' }).click()
    await page.getByRole('switch', { name: 'Bordered theme' }).click()
    await page.getByRole('switch', { name: 'Show translations' }).click()
    await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'light')
    await expect(page.locator('html')).toHaveAttribute('data-bordered', 'true')
    await page.reload()
    await expect(page.getByRole('switch', { name: 'Dark mode' })).toHaveAttribute('aria-checked', 'false')
    await expect(page.getByRole('switch', { name: 'Show translations' })).toHaveAttribute('aria-checked', 'false')
    await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'light')

    await page.goto('/languagesettings')
    await expect(page.getByLabel('العربية')).toBeVisible()
    await expect(page.getByLabel('हिन्दी')).toBeVisible()
    await page.getByLabel('العربية').click()
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  })

  test('a blocked account sees why and cannot open chat', async ({ page, newUser, stack }) => {
    const user = await newUser()
    const response = await fetch(`${stack.apiUrl}/dev/users/block`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uid: user.uid, blocked: true, reason: 'Spam reports' }),
    })
    expect(response.status).toBe(200)
    await logIn(page, user)
    await closeCompleteProfile(page)
    await page.goto('/message')
    const guard = page.getByTestId('blocked-guard')
    await expect(guard).toBeVisible()
    await expect(guard).toContainText('Reason: Spam reports')
    await guard.getByRole('button', { name: 'Go to my profile' }).click()
    await expect(page).toHaveURL(/\/personalhome$/)
    await expect(page.getByTestId('blocked-notice')).toContainText('Spam reports')
  })

  test('a block set while signed in: the next message bounces and the app says why', async ({ page, newUser, stack }) => {
    const user = await newUser({ paid: true, gemsBalance: 500 })
    await logIn(page, user)
    await openInApp(page, `/message?with=${encodeURIComponent('anchor_200002@localhost')}`)
    const input = page.getByRole('textbox', { name: 'Message' })
    await input.fill('Hello before the block')
    await input.press('Enter')
    // Delivered: messaging is connected before the block.
    await expect(page.locator('.vc-chat-msg--out').filter({ hasText: 'Hello before the block' })).toHaveAttribute('data-state', 'success', { timeout: FLOW_TIMEOUT_MS })
    await expect(page.getByTestId('blocked-guard')).toHaveCount(0)

    await blockUser(stack.apiUrl, user.uid, 'Spam reports')
    await input.fill('Hello after the block')
    await input.press('Enter')
    await expect(page.locator('.vc-chat-msg--out').filter({ hasText: 'Hello after the block' })).toHaveAttribute('data-state', 'error', { timeout: FLOW_TIMEOUT_MS })
    const guard = page.getByTestId('blocked-guard')
    await expect(guard).toBeVisible()
    await expect(guard).toContainText('Your account is blocked')
    await expect(guard).toContainText('Reason: Spam reports')
  })

  test("a block set while signed in: the hub refuses the next call (CallError 'blocked') and the app says why", async ({ page, newUser, stack }) => {
    const user = await newUser({ paid: true, gemsBalance: 500 })
    // Messaging is live (presence sent) before the block.
    const presenceSent = new Promise<void>((resolve) => {
      page.on('websocket', (socket) =>
        socket.on('framesent', (frame) => {
          if (String(frame.payload).includes('<presence')) resolve()
        }),
      )
    })
    await logIn(page, user)
    await presenceSent
    await blockUser(stack.apiUrl, user.uid, 'Fraud check')
    // Nothing but the hub's refusal tells the app about the block here (no message was sent).
    await callHost(page, '200003')
    await expect(page.locator('.vc-call__status')).toHaveText('Call failed', { timeout: FLOW_TIMEOUT_MS })
    const guard = page.getByTestId('blocked-guard')
    await expect(guard).toBeVisible()
    await expect(guard).toContainText('Reason: Fraud check')
  })

  test('the complete-profile panel after the first login: filled once, never asked again', async ({ page, newUser, stack }) => {
    const user = await newUser({ nickName: '' })
    const firstLogin = page.waitForResponse((response) => response.url().includes('/user_pwd_login'))
    await logIn(page, user)
    expect(((await (await firstLogin).json()) as { data: { completeUserInfoCheck: boolean } }).data.completeUserInfoCheck).toBe(true)
    const panel = page.getByRole('dialog', { name: 'Complete your profile' })
    await expect(panel).toBeVisible()
    await panel.getByLabel('Name').fill('Nova')
    await panel.getByLabel('Female').check()
    await panel.getByLabel('Birthday').fill('1996-02-29')
    await panel.getByRole('button', { name: 'Save' }).click()
    await expect(panel).toBeHidden()
    await openInApp(page, '/personalhome')
    await expect(page.getByRole('heading', { name: 'Nova' })).toBeVisible()

    // Back in the app later: no panel; and the next sign-in (any device) is not asked either.
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Nova' })).toBeVisible()
    await expect(panel).toHaveCount(0)
    expect((await signInAnswer(stack.apiUrl, user)).completeUserInfoCheck).toBe(false)
  })

  test('download, domain and static pages', async ({ page }) => {
    await acceptCookies(page)
    await page.goto('/download')
    await expect(page.getByRole('link', { name: 'Download for Android' })).toHaveAttribute('href', /vchat\.apk$/)
    await page.getByRole('button', { name: 'Terms of service' }).click()
    await expect(page.getByRole('dialog', { name: 'Terms of service' })).toContainText('Gems')
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
    await page.goto('/domain')
    await expect(page.getByText("You're in the right place")).toBeVisible()
  })
})
