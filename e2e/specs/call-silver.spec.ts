/**
 * A silver (low-tier) call from the silver club, in real Chromium with Chromium's fake camera and
 * microphone, through Prosody and the dev-server hub: the user starts it from a club host's entry,
 * confirms the guide, the host accepts, video flows both ways, and the silver balance and the calls
 * left today drop. Runs in one project only (see playwright.config.ts), like the other call specs.
 */
import { CHROMIUM_ARGS, CHROMIUM_MEDIA_ARGS, CHROMIUM_PATH } from '../support/chromium.ts'
import { acceptIncomingCall, callStatus, expectCallConnected, hostPage, logIn, MEDIA_PERMISSIONS, openInApp } from '../support/calls.ts'
import { expect, test } from '../support/fixtures.ts'

test.use({
  launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...CHROMIUM_MEDIA_ARGS, '--autoplay-policy=no-user-gesture-required'] },
  permissions: MEDIA_PERMISSIONS,
})

/** A seeded club host no other spec signs in as: Yasmin, 10 silver coins per minute. */
const CLUB_HOST_UID = '200009'
const CLUB_HOST_JID = `anchor_${CLUB_HOST_UID}@localhost`

test.describe('silver call through the hub', () => {
  test('club → host entry → guide → accept → video both ways → silver and calls left drop', async ({ page, browser, appUrl, newUser }) => {
    // Two signed-in browsers and a whole call: more than one default test time on a shared machine.
    test.slow()
    // A free user: one silver call a day (SPEC silverCall.availableTimes), 100 silver coins.
    const user = await newUser({ silverBalance: 100 })
    const host = await hostPage(browser, appUrl, CLUB_HOST_UID)
    await logIn(page, user.uid)

    await openInApp(page, '/club')
    await expect(page.getByTestId('silver-balance')).toHaveText('100')
    await expect(page.getByText('1 of 1 calls left today, 60 s each')).toBeVisible()
    const entry = page.getByRole('listitem').filter({ has: page.locator(`[data-jid="${CLUB_HOST_JID}"]`) })
    await expect(entry).toContainText('10 silver per minute')
    await expect(entry).toContainText('1 call left today · 60 s each')
    await entry.getByRole('button', { name: 'Silver call with Yasmin' }).click()

    // The guide first: what a silver call is, how long, how many are left; nothing rings before the start.
    await expect(page).toHaveURL(new RegExp(`/video/${CLUB_HOST_UID}\\?tier=silver$`))
    await expect(page.getByRole('heading', { name: 'Silver call' })).toBeVisible()
    await expect(page.getByText('You have 1 silver call left today.')).toBeVisible()
    await expect(page.getByText('Each silver call lasts up to 60 seconds.')).toBeVisible()
    await page.getByRole('button', { name: 'Start silver call' }).click()
    await expect(callStatus(page)).toHaveText('Calling…')

    const popup = host.getByRole('alertdialog')
    // Named as the directory names the caller (a new account is "Tester <uid>"), never by jid.
    await expect(popup).toContainText(`Tester ${user.uid} is calling you`)
    await acceptIncomingCall(host)
    await expectCallConnected(page, host)

    // The hub held the first minute in silver and reports the calls left after this one.
    await expect(page.locator('.vc-call__price')).toHaveText('10 silver coins per minute')
    await expect(page.getByText('Silver balance: 90 coins')).toBeVisible()
    await expect(page.getByText('You have 0 silver calls left today.')).toBeVisible()

    await page.getByRole('button', { name: 'Hang up' }).click()
    await expect(callStatus(page)).toHaveText('Call ended')
    await expect(callStatus(host)).toHaveText('Call ended')
    await page.locator('.vc-call__controls').getByRole('button', { name: 'Close' }).click()

    // Back in the club: the silver price was charged and today's silver call is used.
    await openInApp(page, '/club')
    await expect(page.getByTestId('silver-balance')).toHaveText('90')
    await expect(page.getByText('0 of 1 calls left today, 60 s each')).toBeVisible()
    const action = entry.getByRole('button', { name: 'Silver call with Yasmin' })
    await expect(action).toBeDisabled()
    await expect(entry).toContainText('No silver calls left today')
    await host.context().close()
  })
})
