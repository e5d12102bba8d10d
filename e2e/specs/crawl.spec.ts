/**
 * A crawl of every signed-in screen, as a user with a conversation, a call behind them and a friend
 * request would see it: no screen shows a raw identifier (a jid, a uid-shaped name, the messaging
 * domain), and no control overlaps another control a person could tap. Runs at phone and desktop size
 * and in Arabic (project second-arabic). The incoming-call pop-up, the call screens and the
 * new-message notice are covered, with the host's own name, by identity.spec.
 */
import type { Page } from '@playwright/test'
import { consolePage, consoleWrites, logIn, openInApp, RAW_IDENTIFIER } from '../support/calls.ts'
import { expect, test } from '../support/fixtures.ts'
import { FLOW_TIMEOUT_MS, TEST_TIMEOUT_MS } from '../support/timeouts.ts'

/** The signed-in screens, each reached in the app as its links do (no reload between them). */
function screensFor(hostJid: string, hostUid: string): string[] {
  return [
    '/match',
    '/goddess',
    '/message',
    `/message?with=${encodeURIComponent(hostJid)}`,
    `/anchorprofile?jid=${encodeURIComponent(hostJid)}`,
    `/video/${hostUid}`,
    '/callrecord',
    '/task',
    '/friendreq',
    '/paymenthistory',
    '/personalhome',
    '/editprofile',
    '/settings',
    '/languagesettings',
    '/deletemessagesettings',
    '/club',
    '/download',
  ]
}

/**
 * Controls that overlap: pairs of visible interactive elements of one layer (each the top element at
 * its own centre; a fixed or sticky bar is a layer of its own, and page content scrolling under it is
 * not an overlap) whose boxes share more than 2 px each way.
 */
async function overlappingControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="switch"], [role="button"], [role="tab"], [role="link"]'
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/)[0]}` : ''} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30)}"`
    const controls = [...document.querySelectorAll(selector)].filter((element) => {
      const box = element.getBoundingClientRect()
      if (box.width < 2 || box.height < 2) return false
      if (box.bottom <= 0 || box.right <= 0 || box.top >= window.innerHeight || box.left >= window.innerWidth) return false
      const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1)
      const y = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1)
      const top = document.elementFromPoint(x, y)
      return top !== null && (top === element || element.contains(top))
    })
    /** The nearest fixed or sticky ancestor: the layer an element scrolls (or does not scroll) with. */
    const layerOf = (element: Element): Element | null => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const position = getComputedStyle(node).position
        if (position === 'fixed' || position === 'sticky') return node
      }
      return null
    }
    const found: string[] = []
    for (let i = 0; i < controls.length; i += 1) {
      for (let j = i + 1; j < controls.length; j += 1) {
        const a = controls[i]!
        const b = controls[j]!
        if (a.contains(b) || b.contains(a) || layerOf(a) !== layerOf(b)) continue
        const p = a.getBoundingClientRect()
        const q = b.getBoundingClientRect()
        const width = Math.min(p.right, q.right) - Math.max(p.left, q.left)
        const height = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top)
        if (width > 2 && height > 2) found.push(`${describe(a)} overlaps ${describe(b)}`)
      }
    }
    return found
  })
}

test('every signed-in screen names people, never ids, and no control covers another', async ({ page, browser, newUser, stack }, testInfo) => {
  expect(stack.prosody, 'messaging needs Prosody: npm test installs it, or apt-get install prosody').toBe(true)
  // Seventeen screens, each waited for, after a console sign-in and a message: twice one test's ceiling.
  test.setTimeout(2 * TEST_TIMEOUT_MS)
  const hostUid = testInfo.project.name.endsWith('desktop') ? '200037' : testInfo.project.name.endsWith('arabic') ? '200038' : '200036'
  const hostJid = `anchor_${hostUid}@localhost`
  // The visitor already chose cookies (the banner has its own tests).
  await page.addInitScript(() => window.localStorage.setItem('vchat:cookie-consent', JSON.stringify('necessary')))
  const user = await newUser({ paid: true, gemsBalance: 500 })
  await logIn(page, user.uid)
  // A conversation with a host, started by her: the thread list, the chat and the notice name her.
  await consoleWrites(await consolePage(browser, stack.apiUrl, hostUid), user.jid, 'Hello from the crawl')
  await expect(page.locator('.vc-chat-notice')).toBeVisible({ timeout: FLOW_TIMEOUT_MS })

  const problems: string[] = []
  for (const path of screensFor(hostJid, hostUid)) {
    await openInApp(page, path)
    // The screen has drawn its content: its heading, and no loading placeholder left.
    await expect(page.getByRole('heading').first()).toBeVisible({ timeout: FLOW_TIMEOUT_MS })
    await expect(page.locator('.vc-skeleton, [aria-busy="true"]')).toHaveCount(0, { timeout: FLOW_TIMEOUT_MS })
    const raw = (await page.locator('body').innerText()).match(RAW_IDENTIFIER)?.[0]
    if (raw) problems.push(`${path}: shows "${raw}"`)
    for (const overlap of await overlappingControls(page)) problems.push(`${path}: ${overlap}`)
    // A sheet opened over the screen (the match deck, the call confirmation) is closed before the next.
    await page.keyboard.press('Escape')
  }
  expect(problems).toEqual([])
})
