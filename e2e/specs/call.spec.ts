/**
 * One-to-one video calls in real Chromium with Chromium's fake camera and microphone, through
 * Prosody and the dev-server hub. Runs in one project only (see playwright.config.ts): the seeded
 * hosts are shared, so repeating it per brand and viewport would only make the run slower.
 */
import { CHROMIUM_ARGS, CHROMIUM_MEDIA_ARGS, CHROMIUM_PATH } from '../support/chromium.ts'
import { acceptIncomingCall, callHost, callStatus, expectCallConnected, hostPage, logIn, MEDIA_PERMISSIONS, openInApp, remoteVideo } from '../support/calls.ts'
import { expect, test } from '../support/fixtures.ts'

test.use({
  // Fake devices, no permission prompt, and remote audio may autoplay on the caller's page, which
  // was opened by a navigation rather than a click.
  launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...CHROMIUM_MEDIA_ARGS, '--autoplay-policy=no-user-gesture-required'] },
  permissions: MEDIA_PERMISSIONS,
})

test.describe('one-to-one video call through the hub', () => {
  test('without gems for the first minute the confirmation offers the coin store, and nothing is asked of the hub', async ({ page, newUser }) => {
    // Paid before, so no free first call is left; no gems now.
    const user = await newUser({ paid: true, gemsBalance: 0 })
    await logIn(page, user.uid)
    const hubRequests: string[] = []
    page.on('websocket', (socket) => socket.on('framesent', (frame) => {
      if (String(frame.payload).includes('SessionRequest')) hubRequests.push(String(frame.payload))
    }))

    await openInApp(page, '/video/200003')
    const sheet = page.getByRole('region', { name: /^Video call with / })
    await expect(sheet.getByRole('alert')).toHaveText('You need 50 gems for the first minute.')
    await expect(sheet.getByRole('button', { name: 'Start video call' })).toHaveCount(0)
    await sheet.getByRole('button', { name: 'Buy gems' }).click()
    await expect(page.getByRole('dialog', { name: /store|gems/i })).toBeVisible()
    expect(hubRequests).toEqual([])
  })

  test('call → pop-up → accept → video both ways → billed → hang up ends both sides → video history', async ({ page, browser, appUrl, newUser }) => {
    // Two signed-in browsers, a whole call and the history page: more than one default test time on a shared machine.
    test.slow()
    const user = await newUser({ paid: true, gemsBalance: 500 })
    const host = await hostPage(browser, appUrl, '200001') // price 60 gems per minute
    await logIn(page, user.uid)

    await callHost(page, '200001')
    await expect(callStatus(page)).toHaveText('Calling…')

    const popup = host.getByRole('alertdialog')
    // Named as the directory names the caller (a new account is "Tester <uid>"), never by jid.
    await expect(popup).toContainText(`Tester ${user.uid} is calling you`)
    await expect(popup).toContainText('60 gems per minute')
    await acceptIncomingCall(host)
    await expectCallConnected(page, host)
    await expect(page.getByRole('timer')).toBeVisible()

    // The hub held the first minute when the call was set up: the caller's balance shows it.
    await expect(page.locator('.vc-call__balance')).toHaveText('Balance: 440 gems')

    await page.getByRole('button', { name: 'Hang up' }).click()
    await expect(callStatus(page)).toHaveText('Call ended')
    await expect(callStatus(host)).toHaveText('Call ended')
    await expect(host.locator('.vc-call__error')).toHaveText('The other side hung up.')
    // The end screen takes the stage's place (no video element left) and shows what the server charged.
    await expect(remoteVideo(page)).toHaveCount(0)
    await expect(page.getByTestId('call-cost')).toHaveText('Spent: 60 gems')
    // Aisha is a silver-club host: the minute paid in gems earned silver, as the server recorded it.
    await expect(page.getByTestId('call-silver-earned')).toHaveText('Earned: 5 silver coins')

    // The video history shows the finished call with what the hub charged (one started minute).
    await page.locator('.vc-call__controls').getByRole('button', { name: 'Close' }).click()
    await openInApp(page, '/callrecord')
    const latest = page.getByRole('list', { name: 'Past calls' }).getByRole('listitem').first()
    await expect(latest).toContainText('Aisha')
    await expect(latest).toContainText('Outgoing')
    await expect(latest).toContainText('Completed')
    await expect(latest).toContainText('60 gems')
    await expect(latest).toContainText(/Duration \d\d:\d\d/)
    await host.context().close()
  })

  test('the host declines: the pop-up goes and the caller sees the call ended, nothing charged', async ({ page, browser, appUrl, newUser }) => {
    const user = await newUser({ paid: true, gemsBalance: 500 })
    const host = await hostPage(browser, appUrl, '200002')
    await logIn(page, user.uid)

    await callHost(page, '200002')
    const popup = host.getByRole('alertdialog')
    await expect(popup).toBeVisible()
    await popup.getByRole('button', { name: 'Decline' }).click()
    await expect(popup).toBeHidden()
    await expect(callStatus(page)).toHaveText('Call ended')
    await expect(host).toHaveURL(/\/match$/)

    // The held minute came back.
    await page.locator('.vc-call__controls').getByRole('button', { name: 'Close' }).click()
    await openInApp(page, '/match')
    await expect(page.locator('.vc-app-header__gems')).toContainText('500')
    await host.context().close()
  })
})
