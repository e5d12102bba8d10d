/**
 * Calls through TURN when the relay dies under them, in real Chromium with fake media: both sides are
 * held to relayed candidates (`/dev/ice/policy`), so every packet of the call goes through the stack's
 * coturn, and the relay is killed with SIGKILL (`/dev/turn/cut`: every allocation lost, the port
 * refusing until it is started again) — what a carrier's TURN path dying mid-call does. Hosts 200062
 * and 200063 are this spec's own, one per test (their policy is set here; a host is in one call at a
 * time), so no other spec's call is relayed by them.
 *
 * The tests run one after the other: a cut kills the one relay every relayed call uses.
 */
import { CHROMIUM_ARGS, CHROMIUM_MEDIA_ARGS, CHROMIUM_PATH } from '../support/chromium.ts'
import { acceptIncomingCall, callHost, callStatus, expectCallConnected, expectFrames, hostPage, logIn, MEDIA_PERMISSIONS, remoteVideo } from '../support/calls.ts'
import { expect, test } from '../support/fixtures.ts'
import type { TestUser } from '../support/fixtures.ts'
import { productCall, signInByApi } from '../support/productApi.ts'
import type { Browser, Page } from '@playwright/test'

/** The hosts of the two tests. */
const SHORT_CUT_HOST = '200062'
const LONG_CUT_HOST = '200063'

test.use({
  launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...CHROMIUM_MEDIA_ARGS, '--autoplay-policy=no-user-gesture-required'] },
  permissions: MEDIA_PERMISSIONS,
})

async function devPost(apiUrl: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${apiUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
}

const reconnecting = (page: Page) => page.locator('.vc-call-quality[data-level="reconnecting"]')

interface RecordView {
  sid: string
  peerUid: string
  state: string
  reason: string
  connectingTime: number | null
  endTime: number | null
  pausedMs: number
  minutes: number
  price: number
  gemsCharged: number
}

async function callRecordsOf(apiUrl: string, user: TestUser): Promise<RecordView[]> {
  const token = await signInByApi(apiUrl, user)
  return (await productCall<{ list: RecordView[] }>(apiUrl, '/api/common_service/call_records', { size: 10 }, token)).list
}

/** A relayed call between a fresh paying user and the host, connected on both sides. */
async function relayedCall(page: Page, browser: Browser, appUrl: string, apiUrl: string, user: TestUser, hostUid: string): Promise<Page> {
  await devPost(apiUrl, '/dev/ice/policy', { uid: hostUid, policy: 'relay' })
  const host = await hostPage(browser, appUrl, hostUid)
  await logIn(page, user.uid)
  await callHost(page, hostUid)
  await acceptIncomingCall(host)
  await expectCallConnected(page, host)
  return host
}

test.describe('a relayed call whose TURN server dies', () => {
  test.describe.configure({ mode: 'serial' })
  test.beforeEach(({ stack }) => {
    // Not skipped without coturn: a missing relay must fail the run, not hide these tests.
    expect(stack.turnUrl, 'relayed calls need coturn: npm test installs it, or apt-get install coturn').not.toBeNull()
  })

  test('a 5 s cut: both sides say reconnecting, recover without a click within 10 s, the gap is not billed, and the history has one call', async ({ page, browser, appUrl, stack, newUser }) => {
    // Two signed-in browsers, a call, a cut and its recovery.
    test.slow()
    const user = await newUser({ paid: true, gemsBalance: 500 })
    const host = await relayedCall(page, browser, appUrl, stack.apiUrl, user, SHORT_CUT_HOST)

    const cutAt = Date.now()
    await devPost(stack.apiUrl, '/dev/turn/cut', { ms: 5_000 })
    // The relay is gone: media stops, and both screens say so (not a frozen picture that looks live).
    await expect(reconnecting(page)).toBeVisible({ timeout: 10_000 })
    await expect(reconnecting(host)).toBeVisible({ timeout: 10_000 })
    await expect(page.getByRole('timer')).toBeVisible()
    // Back without anyone touching anything: the ICE restarts reach the relay once it is up again.
    await expect(reconnecting(page)).toHaveCount(0, { timeout: 15_000 })
    await expect(reconnecting(host)).toHaveCount(0, { timeout: 15_000 })
    const recoveredAfterMs = Date.now() - cutAt
    test.info().annotations.push({ type: 'recovered after', description: `${recoveredAfterMs} ms from the start of a 5,000 ms cut` })
    expect(recoveredAfterMs).toBeLessThanOrEqual(10_000)
    await expectFrames(remoteVideo(page))
    await expectFrames(remoteVideo(host))
    await expect(callStatus(page)).toHaveText('Connected')
    await expect(callStatus(host)).toHaveText('Connected')

    await page.getByRole('button', { name: 'Hang up' }).click()
    await expect(callStatus(host)).toHaveText('Call ended')
    // One call, ended by the hang-up, whose record keeps the media gap out of its talk time.
    await expect.poll(async () => (await callRecordsOf(stack.apiUrl, user)).filter((record) => record.endTime !== null).length, { timeout: 15_000 }).toBe(1)
    const records = await callRecordsOf(stack.apiUrl, user)
    expect(records).toHaveLength(1)
    const [record] = records
    expect(record).toMatchObject({ peerUid: SHORT_CUT_HOST, state: 'ended', reason: 'hangup', minutes: 1, gemsCharged: record!.price })
    // The gap, from the host's last packet before the cut to the media back: the cut and its recovery,
    // not the call around it (the browser notices a drop seconds late; the pause starts at the silence).
    expect(record!.pausedMs).toBeGreaterThan(3_000)
    expect(record!.pausedMs).toBeLessThanOrEqual(recoveredAfterMs + 1_000)
    await host.context().close()
  })

  test('a cut longer than the recovery bound ends the call as failed for both, with why, and charges only connected time', async ({ page, browser, appUrl, stack, newUser }) => {
    test.slow()
    const user = await newUser({ paid: true, gemsBalance: 500 })
    const host = await relayedCall(page, browser, appUrl, stack.apiUrl, user, LONG_CUT_HOST)

    await devPost(stack.apiUrl, '/dev/turn/cut', { ms: 30_000 })
    await expect(reconnecting(page)).toBeVisible({ timeout: 10_000 })
    const why = 'The call dropped: the connection could not be restored. You pay only for the time you were connected.'
    // The recovery bound (15 s from the drop) on the clients, the hub's (20 s) behind it.
    await expect(page.locator('.vc-call__error')).toHaveText(why, { timeout: 30_000 })
    await expect(host.locator('.vc-call__error')).toHaveText(why, { timeout: 30_000 })
    await expect(callStatus(page)).toHaveText('Call failed')

    await expect.poll(async () => (await callRecordsOf(stack.apiUrl, user))[0]?.endTime ?? null, { timeout: 15_000 }).not.toBeNull()
    const [record] = await callRecordsOf(stack.apiUrl, user)
    // Under a minute of media: the first minute only, held at the start and charged at the answer.
    expect(record).toMatchObject({ peerUid: LONG_CUT_HOST, reason: 'media-lost', minutes: 1, gemsCharged: record!.price })
    expect(record!.pausedMs).toBeGreaterThan(10_000)
    await expect(page.locator('.vc-call__balance, [data-testid="call-cost"]').first()).toBeVisible()
    await host.context().close()
  })
})
