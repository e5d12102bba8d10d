/**
 * The installable app, in every brand at phone and desktop size: the browser finds the brand's
 * manifest and service worker and reports nothing that keeps it from installing (Chromium's own
 * installability check, the one Lighthouse's installability audit reads), and with the network gone
 * the app still starts from the shell its service worker keeps.
 */
import { expect, test } from '../support/fixtures.ts'

test.describe('installable app', () => {
  test('the brand is an installable PWA: manifest and app-shell service worker found by the browser', async ({ page, context }) => {
    await page.goto('/')
    const href = await page.locator('link[rel="manifest"]').getAttribute('href')
    expect(href).toBe('/manifest.webmanifest')
    const manifest = (await (await page.request.get(href ?? '')).json()) as { name: string; display: string; icons: { sizes: string }[] }
    expect(manifest.display).toBe('standalone')
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']))
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)
    expect(scope).toMatch(/\/sw\.js$/)
    expect(await page.evaluate(async () => (await caches.keys()).some((key) => key.startsWith('vchat-shell-')))).toBe(true)
    const cdp = await context.newCDPSession(page)
    const appManifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] }
    expect(appManifest.url).toContain('/manifest.webmanifest')
    expect(appManifest.errors).toEqual([])
    const installability = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }
    // Test browsers run in a private profile, which Chromium reports itself; the app adds no error.
    const errors = installability.installabilityErrors.filter((error) => error.errorId !== 'in-incognito')
    expect(errors, JSON.stringify(errors)).toEqual([])
  })

  test('offline, the app starts from the shell its service worker keeps', async ({ page, context }) => {
    await page.goto('/')
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await expect.poll(() => page.evaluate(async () => (await caches.keys()).some((key) => key.startsWith('vchat-shell-')))).toBe(true)
    await context.setOffline(true)
    try {
      await page.reload()
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    } finally {
      await context.setOffline(false)
    }
  })
})
