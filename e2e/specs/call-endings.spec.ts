/**
 * How a call can end besides the caller hanging up or the host declining (call.spec.ts): the caller
 * cancels while it rings, nobody answers (the hub's ring time-out, driven by the development clock
 * rather than a 60 s wait), and the host hangs up. Runs in one project only, like call.spec.ts; each
 * test signs in a host of its own so tests side by side never share a host's session.
 */
import { CHROMIUM_ARGS, CHROMIUM_MEDIA_ARGS, CHROMIUM_PATH } from '../support/chromium.ts'
import { advanceCallClock, callError, callHost, callStatus, expectFrames, hostPage, logIn, MEDIA_PERMISSIONS, openInApp, remoteVideo } from '../support/calls.ts'
import { expect, test } from '../support/fixtures.ts'

/** SPEC §9: a call unanswered for 60 s ends with 'timeOut'. */
const RING_TIMEOUT_MS = 60_000

test.use({
  launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...CHROMIUM_MEDIA_ARGS, '--autoplay-policy=no-user-gesture-required'] },
  permissions: MEDIA_PERMISSIONS,
})

test.describe('ways a call ends', () => {
  // Two signed-in browsers and a real media path: more than the default 30 s on a busy machine.
  test.slow()

  test('the caller cancels while it rings: the pop-up goes, nothing is charged', async ({ page, browser, appUrl, newUser }) => {
    const user = await newUser({ paid: true, gemsBalance: 500 })
    const host = await hostPage(browser, appUrl, '200006') // 45 gems per minute
    await logIn(page, user.uid)

    await callHost(page, '200006')
    await expect(callStatus(page)).toHaveText('Calling…')
    const popup = host.getByRole('alertdialog')
    await expect(popup).toBeVisible()

    await page.getByRole('button', { name: 'Hang up' }).click()
    await expect(callStatus(page)).toHaveText('Call ended')
    await expect(popup).toBeHidden()
    await expect(host).not.toHaveURL(/\/videoview$/)

    // The minute held while it rang came back.
    await page.locator('.vc-call__controls').getByRole('button', { name: 'Close' }).click()
    await openInApp(page, '/match')
    await expect(page.locator('.vc-app-header__gems')).toContainText('500')
    await host.context().close()
  })

  test("nobody answers: after the hub's ring time-out the caller sees 'No answer' and the host's pop-up goes", async ({ page, browser, appUrl, newUser, stack }) => {
    const user = await newUser({ paid: true, gemsBalance: 500 })
    const host = await hostPage(browser, appUrl, '200007') // 30 gems per minute
    await logIn(page, user.uid)

    await callHost(page, '200007')
    const popup = host.getByRole('alertdialog')
    await expect(popup).toBeVisible()
    await expect(callStatus(page)).toHaveText('Calling…')

    // A minute passes for this call only: the ring timer fires in the hub.
    expect(await advanceCallClock(stack.apiUrl, user.jid, RING_TIMEOUT_MS)).toBeGreaterThan(0)
    await expect(callStatus(page)).toHaveText('Call failed')
    await expect(callError(page)).toHaveText('No answer. Please try again later.')
    await expect(popup).toBeHidden()

    await page.locator('.vc-call__controls').getByRole('button', { name: 'Close' }).click()
    await openInApp(page, '/match')
    await expect(page.locator('.vc-app-header__gems')).toContainText('500')
    await host.context().close()
  })

  test('the host hangs up: both sides end and the caller is told', async ({ page, browser, appUrl, newUser }) => {
    const user = await newUser({ paid: true, gemsBalance: 500 })
    const host = await hostPage(browser, appUrl, '200008') // 55 gems per minute
    await logIn(page, user.uid)

    await callHost(page, '200008')
    await host.getByRole('alertdialog').getByRole('button', { name: 'Accept' }).click()
    await expect(callStatus(page)).toHaveText('Connected')
    await expect(callStatus(host)).toHaveText('Connected')
    await expectFrames(remoteVideo(page))

    await host.getByRole('button', { name: 'Hang up' }).click()
    await expect(callStatus(host)).toHaveText('Call ended')
    await expect(callStatus(page)).toHaveText('Call ended')
    await expect(callError(page)).toHaveText('The other side hung up.')
    // One started minute was charged, as the end screen says from the server's record of the call.
    await expect(page.getByTestId('call-cost')).toHaveText('Spent: 55 gems')

    // The user rates the call and reports the host; the server keeps both (the screen says so only
    // after it answered).
    await page.getByRole('radio', { name: '4 out of 5' }).check()
    await expect(page.getByText('Thanks! You rated this call 4 out of 5.')).toBeVisible()
    await page.getByRole('button', { name: /^Report / }).click()
    const sheet = page.getByRole('dialog', { name: /^Report / })
    await sheet.getByRole('radio', { name: 'Scam or asking for money' }).check()
    await sheet.getByRole('button', { name: 'Send report' }).click()
    await expect(page.getByText('Thanks. Our team will review your report.')).toBeVisible()
    await expect(sheet).toBeHidden()
    await host.context().close()
  })
})
