/**
 * Names and faces, not ids: a user meets a host (signed in on the development console) on every
 * surface that names a person — the new-message notice, the conversation list, the conversation's
 * header (which opens her profile), the incoming-call pop-up and the call history — and each shows
 * the name her profile shows, never her jid, uid or "User <number>". Runs at phone and desktop size
 * and in Arabic (project second-arabic).
 */
import type { Page } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_MEDIA_ARGS, CHROMIUM_PATH } from '../support/chromium.ts'
import { consolePage, consoleWrites, logIn, MEDIA_PERMISSIONS, openInApp, RAW_IDENTIFIER } from '../support/calls.ts'
import { expect, test } from '../support/fixtures.ts'
import { FLOW_TIMEOUT_MS, TEST_TIMEOUT_MS } from '../support/timeouts.ts'


// The host's console places a call: it needs the fake camera and microphone.
test.use({
  launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...CHROMIUM_MEDIA_ARGS] },
  permissions: MEDIA_PERMISSIONS,
})

/** A host of its own per project: projects run side by side, and one host is in one call at a time. */
const HOST_BY_PROJECT: Record<string, string> = {
  'second-mobile': '200033',
  'second-desktop': '200034',
  'second-arabic': '200035',
  'default-mobile': '200039',
  'default-desktop': '200040',
  'third-mobile': '200041',
  'third-desktop': '200043',
}

/** The page's visible text has no raw identifier (checked on every surface this spec opens). */
async function expectNoRawIdentifier(page: Page, where: string): Promise<void> {
  const text = await page.locator('body').innerText()
  expect(text.match(RAW_IDENTIFIER)?.[0] ?? null, `a raw identifier on ${where}`).toBeNull()
}

test('the notice, the conversations, the header, the incoming call and the call history name the host as her profile does', async ({ page, browser, newUser, stack }, testInfo) => {
  expect(stack.prosody, 'messaging needs Prosody: npm test installs it, or apt-get install prosody').toBe(true)
  // A console sign-in, a message, a call and five surfaces: twice one test's ceiling.
  test.setTimeout(2 * TEST_TIMEOUT_MS)
  const hostUid = HOST_BY_PROJECT[testInfo.project.name]
  if (!hostUid) throw new Error(`identity.spec has no host for project ${testInfo.project.name}`)
  const hostJid = `anchor_${hostUid}@localhost`
  const user = await newUser({ paid: true, gemsBalance: 500 })
  await logIn(page, user.uid)

  // Her name, as her profile shows it.
  await page.goto(`/anchorprofile?jid=${encodeURIComponent(hostJid)}`)
  const heading = page.locator('#profile-name')
  await expect(heading).not.toBeEmpty({ timeout: FLOW_TIMEOUT_MS })
  const name = (await heading.innerText()).trim()
  expect(name).not.toMatch(RAW_IDENTIFIER)

  // She writes while the user is on another screen: the notice names her.
  await openInApp(page, '/match')
  const anchor = await consolePage(browser, stack.apiUrl, hostUid)
  await consoleWrites(anchor, user.jid, 'Hello there')
  const notice = page.locator('.vc-chat-notice')
  await expect(notice).toContainText(name, { timeout: FLOW_TIMEOUT_MS })
  await expect(notice).toContainText('Hello there')
  await expectNoRawIdentifier(page, 'the new-message notice')

  // The notice opens the conversation: her name in the header; the list names her too.
  await notice.locator('a').click()
  await expect(page).toHaveURL(/\/message\?with=/)
  const title = page.locator('#vc-chat-title')
  await expect(title).toHaveText(name)
  await expectNoRawIdentifier(page, 'the conversation')
  await page.goto('/message')
  const conversations = page.locator('.vc-chat-threads__list')
  await expect(conversations.locator('.vc-chat-threads__name', { hasText: name })).toBeVisible({ timeout: FLOW_TIMEOUT_MS })
  await expectNoRawIdentifier(page, 'the conversation list')

  // Her name in the header opens her profile.
  await conversations.locator('.vc-chat-threads__item', { hasText: name }).click()
  await title.getByRole('link', { name }).click()
  await expect(page).toHaveURL(/\/anchorprofile\?jid=/)
  await expect(heading).toHaveText(name)

  // She calls: the pop-up names her (with her photo); the user declines.
  await anchor.getByRole('button', { name: 'Video call' }).click()
  const popup = page.getByRole('alertdialog')
  await expect(popup).toBeVisible({ timeout: FLOW_TIMEOUT_MS })
  await expect(popup).toContainText(name)
  await expectNoRawIdentifier(page, 'the incoming call')
  await popup.getByRole('button').nth(1).click()
  await expect(popup).toBeHidden()

  // The call history names her.
  await openInApp(page, '/callrecord')
  await expect(page.locator('.vc-callrecord__name', { hasText: name }).first()).toBeVisible({ timeout: FLOW_TIMEOUT_MS })
  await expectNoRawIdentifier(page, 'the call history')
  await anchor.context().close()
})
