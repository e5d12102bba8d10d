/**
 * Helpers of the call specs: a signed-in page per side with Chromium's fake camera and microphone,
 * in-app navigation, and what the call screen shows.
 */
import type { Browser, Locator, Page } from '@playwright/test'
import { expect } from './fixtures.ts'
import { FLOW_TIMEOUT_MS } from './timeouts.ts'

/** Every seeded account's password (the dev-server's seed). */
export const SEED_PASSWORD = 'demo1234'
const PASSWORD = SEED_PASSWORD
export const MEDIA_PERMISSIONS = ['camera', 'microphone']

export async function logIn(page: Page, uid: string, password = PASSWORD): Promise<void> {
  await page.goto('/login')
  const dialog = page.getByRole('dialog')
  await dialog.locator('input[name="uid"]').fill(uid)
  await dialog.locator('input[name="password"]').fill(password)
  await dialog.locator('form:has(input[name="uid"]) button[type="submit"]').click()
  await expect(page).toHaveURL(/\/match$/, { timeout: FLOW_TIMEOUT_MS })
}

/**
 * After a sign-in the user lands on the match sheet, a dialog over the wall: it is closed as a person
 * does, once the login popup has gone (its close could reach the closing popup) and the match deck has
 * drawn its actions (a close during the lazy deck's load could be lost on a busy machine).
 */
export async function closeMatchSheet(page: Page): Promise<void> {
  await expect(page.locator('input[name="uid"]')).toHaveCount(0)
  await expect(page.locator('.vc-matchdeck__actions button').first()).toBeVisible({ timeout: FLOW_TIMEOUT_MS })
  await page.getByRole('dialog').locator('.vc-sheet__close').click()
  await expect(page).toHaveURL(/\/goddess$/)
}

/** In-app navigation (no reload), as the app's own links and call buttons do. */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
  // The path is matched literally: a query's '?' is not a pattern.
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))
}

/**
 * Opens the call screen of host `uid` as the app's links do and confirms the call: every call to a
 * host passes the confirmation (price, balance or free time) before the hub is asked for anything.
 */
export async function callHost(page: Page, uid: string, start: 'Start video call' | 'Start free call' = 'Start video call'): Promise<void> {
  await openInApp(page, `/video/${uid}`)
  await page.getByRole('region', { name: /^Video call with / }).getByRole('button', { name: start }).click()
}

export const callStatus = (page: Page) => page.locator('.vc-call__status')
export const callError = (page: Page) => page.locator('.vc-call__error')
export const remoteVideo = (page: Page) => page.locator('video.vc-call__video').first()

/** A seeded host signed in to the same app in a browser context of its own (fake camera too). */
export async function hostPage(browser: Browser, appUrl: string, uid: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: appUrl, permissions: MEDIA_PERMISSIONS })
  const host = await context.newPage()
  await logIn(host, uid)
  return host
}

/** The video element plays real frames: its size is known and its playback time moves on. */
export async function expectFrames(video: Locator): Promise<void> {
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth), { timeout: FLOW_TIMEOUT_MS }).toBeGreaterThan(0)
  const first = await video.evaluate((element: HTMLVideoElement) => element.currentTime)
  // Playback moves on as frames are decoded: on two cores busy with four call pages and other work the
  // first seconds of a stream can stall for longer than one expect, so the flow's ceiling applies.
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: FLOW_TIMEOUT_MS }).toBeGreaterThan(first)
}

/** The host accepts the call from the incoming-call pop-up and is taken to the call page. */
export async function acceptIncomingCall(host: Page): Promise<void> {
  await host.getByRole('alertdialog').getByRole('button', { name: 'Accept' }).click()
  await expect(host).toHaveURL(/\/videoview$/)
}

/** Both sides of an app-to-app call say Connected and show the other's video. */
export async function expectCallConnected(caller: Page, callee: Page): Promise<void> {
  await expect(callStatus(caller)).toHaveText('Connected')
  await expect(callStatus(callee)).toHaveText('Connected')
  await expectFrames(remoteVideo(caller))
  await expectFrames(remoteVideo(callee))
}

/** Moves the hub's clock forward for one user's calls only (dev-server's development clock). */
export async function advanceCallClock(apiUrl: string, jid: string, ms: number): Promise<number> {
  const response = await fetch(`${apiUrl}/dev/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ms, jid }),
  })
  if (!response.ok) throw new Error(`advancing the clock failed: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { data: { fired: number } }).data.fired
}

/**
 * A seeded host signed in on the dev-server's anchor console (`/dev/anchor`) in a browser context of
 * its own; the console places and answers calls with the same fake camera.
 */
export async function consolePage(browser: Browser, apiUrl: string, uid: string, password = PASSWORD): Promise<Page> {
  const context = await browser.newContext({ baseURL: apiUrl, permissions: MEDIA_PERMISSIONS })
  const anchor = await context.newPage()
  await anchor.goto('/dev/anchor')
  await anchor.getByLabel('Anchor uid').fill(uid)
  await anchor.getByLabel('Password').fill(password)
  await anchor.getByRole('button', { name: 'Sign in' }).click()
  await expect(anchor.locator('#status')).toHaveText('connected')
  return anchor
}

/** What a person must never read on a screen: a jid, a uid-shaped name, the messaging domain. */
export const RAW_IDENTIFIER = /anchor_\d+|user_\d+|User \d{5,}|@localhost/

/** The host on her console (`consolePage`) opens the user's thread and writes `text` to them. */
export async function consoleWrites(anchor: Page, userJid: string, text: string): Promise<void> {
  await anchor.getByLabel('User jid').fill(userJid)
  await anchor.getByRole('button', { name: 'Open' }).click()
  const composer = anchor.getByRole('textbox', { name: 'Message' })
  await composer.fill(text)
  await composer.press('Enter')
}

export const consoleCallStatus = (anchor: Page) => anchor.locator('#call-status')
export const consoleRemoteVideo = (anchor: Page) => anchor.locator('#remote-video')
