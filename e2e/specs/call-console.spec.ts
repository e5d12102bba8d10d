/**
 * The anchor console answers and places video calls: a user in the brand app and a host signed in on
 * the dev-server's console (`/dev/anchor`), each in a browser context of its own with Chromium's fake
 * camera and microphone, through Prosody and the hub. Host 200010 is signed in by this spec only.
 */
import { CHROMIUM_ARGS, CHROMIUM_MEDIA_ARGS, CHROMIUM_PATH } from '../support/chromium.ts'
import { callError, callHost, callStatus, consoleCallStatus, consolePage, consoleRemoteVideo, expectFrames, logIn, MEDIA_PERMISSIONS, remoteVideo } from '../support/calls.ts'
import { expect, test } from '../support/fixtures.ts'

const HOST = '200010'

test.use({
  launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...CHROMIUM_MEDIA_ARGS, '--autoplay-policy=no-user-gesture-required'] },
  permissions: MEDIA_PERMISSIONS,
})

// Both cases use the same host, who can be in one call at a time.
test.describe.configure({ mode: 'serial' })

test.describe('anchor console video calls', () => {
  test('a user calls, the console accepts, video flows both ways, the console hangs up', async ({ page, browser, stack, newUser }) => {
    test.slow()
    const user = await newUser({ paid: true, gemsBalance: 500 })
    const anchor = await consolePage(browser, stack.apiUrl, HOST)
    await logIn(page, user.uid)

    await callHost(page, HOST)
    await expect(callStatus(page)).toHaveText('Calling…')

    const incoming = anchor.getByRole('alertdialog', { name: 'Video call' })
    await expect(incoming).toBeVisible()
    await expect(anchor.locator('#call-peer')).toContainText(`${user.jid} is calling you`)
    await expect(incoming.getByRole('button', { name: 'Accept' })).toBeFocused()
    await incoming.getByRole('button', { name: 'Accept' }).click()
    await expect(incoming).toBeHidden()

    await expect(consoleCallStatus(anchor)).toHaveText('Connected')
    await expect(callStatus(page)).toHaveText('Connected')
    await expectFrames(remoteVideo(page))
    await expectFrames(consoleRemoteVideo(anchor))
    await expect(anchor.getByRole('timer', { name: 'Call time' })).toHaveText(/^00:0[1-9]|^00:[1-5]\d/)

    // Mute and camera off are toggles the host can see.
    const mute = anchor.getByRole('button', { name: 'Mute' })
    await mute.click()
    await expect(anchor.getByRole('button', { name: 'Unmute' })).toHaveAttribute('aria-pressed', 'true')
    await anchor.getByRole('button', { name: 'Camera off' }).click()
    await expect(anchor.getByRole('button', { name: 'Camera on' })).toHaveAttribute('aria-pressed', 'true')

    await anchor.getByRole('button', { name: 'Hang up' }).click()
    await expect(consoleCallStatus(anchor)).toHaveText('Call ended')
    await expect(callStatus(page)).toHaveText('Call ended')
    await expect(callError(page)).toHaveText('The other side hung up.')
    await expect.poll(() => consoleRemoteVideo(anchor).evaluate((element: HTMLVideoElement) => element.srcObject === null)).toBe(true)
    await anchor.context().close()
  })

  test('the console calls a user from the thread, the app accepts, the user hangs up', async ({ page, browser, stack, newUser }) => {
    test.slow()
    const user = await newUser({ paid: true, gemsBalance: 500 })
    const anchor = await consolePage(browser, stack.apiUrl, HOST)
    await logIn(page, user.uid)

    await anchor.getByLabel('User jid').fill(user.jid)
    await anchor.getByRole('button', { name: 'Open' }).click()
    await anchor.getByRole('button', { name: 'Video call' }).click()
    await expect(consoleCallStatus(anchor)).toHaveText('Calling…')

    const popup = page.getByRole('alertdialog')
    await expect(popup).toBeVisible()
    await popup.getByRole('button', { name: 'Accept' }).click()
    await expect(page).toHaveURL(/\/videoview$/)

    await expect(callStatus(page)).toHaveText('Connected')
    await expect(consoleCallStatus(anchor)).toHaveText('Connected')
    await expectFrames(remoteVideo(page))
    await expectFrames(consoleRemoteVideo(anchor))

    await page.getByRole('button', { name: 'Hang up' }).click()
    await expect(callStatus(page)).toHaveText('Call ended')
    await expect(consoleCallStatus(anchor)).toHaveText('Call ended')
    await expect(anchor.getByRole('button', { name: 'Close' })).toBeVisible()
    await anchor.context().close()
  })
})
