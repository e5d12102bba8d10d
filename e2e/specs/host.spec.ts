/**
 * The production host the whole suite runs against (`@vchat/web-host` serving the localstack build):
 * every answer of its own carries the security headers and the Content-Security-Policy; no source map or build
 * report is reachable; hashed assets are cached for good and the page is revalidated; and a script the
 * policy does not allow is refused in the browser — the kind of violation that fails any test of the
 * suite (fixtures.ts).
 */
import { expect, test } from '../support/fixtures.ts'

/** The local stack's paths the host forwards (their answers are the stack's own, as other services' would be). */
const FORWARDED = /^\/(api|upload|files|dev|auth)(\/|$)/
/** The fixed headers of every answer of the host (app-core `securityHeaders`); the policy is checked on its own. */
const FIXED_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(self), microphone=(self), geolocation=(), payment=(), usb=()',
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'x-frame-options': 'DENY',
}
/** Chromium does not report Strict-Transport-Security on a plain-http page (it only acts on it over https). */
const OVER_HTTP = Object.keys(FIXED_HEADERS).filter((name) => name !== 'strict-transport-security')

test.describe('production host', () => {
  test('headers on every answer, no maps or reports, caching by kind', async ({ page, appUrl }) => {
    const answers: { url: string; status: number; headers: Record<string, string> }[] = []
    page.on('response', async (response) => {
      if (response.url().startsWith(appUrl) && !FORWARDED.test(new URL(response.url()).pathname)) answers.push({ url: response.url(), status: response.status(), headers: await response.allHeaders() })
    })
    await page.goto('/')
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible()
    await expect.poll(() => answers.filter((a) => a.url.includes('/assets/')).length).toBeGreaterThan(2)
    // The page's policy: scripts from the site and named vendor origins only; every answer carries it.
    const policy = answers[0]?.headers['content-security-policy'] ?? ''
    expect(policy).toMatch(/script-src 'self'( https:\/\/[^ ;]+)*;/)
    for (const answer of answers) {
      expect(answer.headers['content-security-policy'], `the policy on ${answer.url}`).toBe(policy)
      for (const name of OVER_HTTP) expect(answer.headers[name], `${name} on ${answer.url}`).toBe(FIXED_HEADERS[name])
    }
    // As sent on the wire (no browser in between), every header, on each kind of answer.
    for (const url of [...new Set(answers.map((a) => a.url))].slice(0, 8).concat(`${appUrl}/no-such-file.png`, `${appUrl}/message`)) {
      const headers = (await page.request.get(url)).headers()
      expect(headers['content-security-policy'], `the policy on ${url}`).toBe(policy)
      for (const [name, value] of Object.entries(FIXED_HEADERS)) expect(headers[name], `${name} on ${url}`).toBe(value)
    }
    expect(policy).not.toContain('unsafe-eval')
    expect(policy).toContain("frame-ancestors 'none'")

    const page0 = answers.find((a) => a.url === `${appUrl}/`)
    expect(page0?.headers['cache-control']).toBe('no-cache')
    const script = answers.find((a) => /\/assets\/.+\.js$/.test(a.url))
    expect(script?.headers['cache-control']).toBe('public, max-age=31536000, immutable')

    // The build's maps and reports exist beside the served folder, never under it.
    for (const path of [`${new URL(script!.url).pathname}.map`, '/.vite/chunk-modules.json', '/.vite/host.json']) {
      expect((await page.request.get(path)).status(), path).toBe(404)
    }
    expect(await (await page.request.get(script!.url)).text()).not.toContain('sourceMappingURL')
  })

  test('a script the policy does not allow is refused, and the suite sees the violation', async ({ page, cspViolations }) => {
    await page.goto('/')
    const ran = await page.evaluate(async () => {
      const inline = document.createElement('script')
      inline.textContent = 'window.__inlineRan = true'
      document.head.append(inline)
      await new Promise((resolve) => requestAnimationFrame(resolve))
      return (window as { __inlineRan?: boolean }).__inlineRan === true
    })
    expect(ran).toBe(false)
    await expect.poll(() => cspViolations.length).toBeGreaterThan(0)
    expect(cspViolations.join('\n')).toContain("script-src 'self'")
    // Seen and expected here: cleared so that this test passes (in any other test it fails the test).
    cspViolations.splice(0)
  })
})
