/**
 * The built app in Debian's Chromium, as a visitor whose browser speaks Arabic opens it: served as
 * static files, it must start without an error, lay the page out right to left, wear the brand's theme
 * through @vchat/ui's components and report that every package it called answered (`packageReport.ts`).
 */
import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { extname, join, normalize } from 'node:path'
import { chromium } from 'playwright'

/** Debian's Chromium, never a downloaded browser (as the e2e suite). */
const CHROMIUM_PATH = process.env.VCHAT_CHROMIUM ?? '/usr/bin/chromium'
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run']
/** A ceiling for the page to start, not a wait: each step ends as soon as its condition holds. */
const PAGE_TIMEOUT_MS = 30_000

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
}

/** Serves `root` on a free loopback port; unknown paths get index.html, as an app host does. */
async function serveStatic(root: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname)).replace(/^(\.\.[/\\])+/, '')
    const file = join(root, path)
    readFile(file)
      .then((body) => ({ body, type: CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' }))
      .catch(async () => ({ body: await readFile(join(root, 'index.html')), type: CONTENT_TYPES['.html'] ?? 'text/html' }))
      .then(({ body, type }) => response.writeHead(200, { 'content-type': type }).end(body))
      .catch(() => response.writeHead(500).end())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (typeof address !== 'object' || !address) throw new Error('the static server has no address')
  return { url: `http://127.0.0.1:${address.port}/`, server }
}

export interface SmokeResult {
  /** `<html dir>` and `<html lang>`. */
  dir: string
  lang: string
  /** What the app's own calls into each package reported (`ok` or the entries that failed). */
  packages: string
  /** `--vc-color-primary` as the theme set it. */
  primary: string
  /** Background colour and text of the first primary @vchat/ui button on screen. */
  buttonBackground: string
  buttonText: string
  /** Uncaught errors of the page. */
  errors: string[]
}

/** Opens the built app (`distDir`) in Chromium with an Arabic browser and reads what the checks need. */
export async function smokeTest(distDir: string): Promise<SmokeResult> {
  const { url, server } = await serveStatic(distDir)
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage({ locale: 'ar' })
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(url)
    await page.locator('html[data-vchat-packages]').waitFor({ state: 'attached', timeout: PAGE_TIMEOUT_MS })
    const button = page.locator('.vc-button--primary').first()
    await button.waitFor({ state: 'visible', timeout: PAGE_TIMEOUT_MS })
    const html = await page.evaluate(() => {
      const root = document.documentElement
      return {
        dir: root.dir,
        lang: root.lang,
        packages: root.dataset.vchatPackages ?? '',
        primary: getComputedStyle(root).getPropertyValue('--vc-color-primary').trim(),
      }
    })
    const buttonBackground = await button.evaluate((element) => getComputedStyle(element).backgroundColor)
    const buttonText = (await button.innerText()).trim()
    return { ...html, buttonBackground, buttonText, errors }
  } finally {
    await browser.close()
    await new Promise((resolve) => server.close(resolve))
  }
}
