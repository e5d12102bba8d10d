/**
 * The static Storybook a designer opens: `pnpm build-storybook` writes it to storybook-static/, and
 * here a plain file server serves it from a sub-folder (as any static host may), Chromium opens it and
 * axe reads its docs pages. Build it first (`turbo run test` does: the test task depends on the build).
 */
import { existsSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright'
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BRAND_IDS } from '../.storybook/brandIds'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../.storybook/chromium'

const SITE_DIR = fileURLToPath(new URL('../storybook-static/', import.meta.url))
/** Not the server's root: every URL of the site must be relative to work from any folder. */
const FOLDER = '/design/storybook/'

interface IndexEntry {
  id: string
  title: string
  name: string
  type: 'docs' | 'story'
}

function readIndex(): IndexEntry[] {
  const file = join(SITE_DIR, 'index.json')
  if (!existsSync(file)) throw new Error(`No static Storybook at ${SITE_DIR}: run \`pnpm build-storybook\` first.`)
  return Object.values((JSON.parse(readFileSync(file, 'utf8')) as { entries: Record<string, IndexEntry> }).entries)
}

const entries = readIndex()
const docsEntries = entries.filter((entry) => entry.type === 'docs')

// axe-core as Storybook's accessibility addon ships it: the same engine that checks every story.
const requireFromHere = createRequire(import.meta.url)
const axeSource = readFileSync(createRequire(requireFromHere.resolve('@storybook/addon-a11y/package.json')).resolve('axe-core/axe.min.js'), 'utf8')

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
}

/** Every path the pages asked for outside the site's folder. */
const requestsOutside: string[] = []

/**
 * What the pages asked for at the host's root that is a file of the site (a root-relative URL: the
 * site would work only at a host's root), or a service worker. (The fake data's pictures name the local
 * image host, `/files/…`, which Storybook does not serve; they are data, not files of the site.)
 */
function siteFilesAskedAtRoot(): string[] {
  return requestsOutside.filter((path) => path.endsWith('sw.js') || existsSync(join(SITE_DIR, path)))
}

const server = createServer((request, response) => {
  const path = decodeURIComponent(new URL(request.url ?? '/', 'http://site').pathname)
  const file = normalize(join(SITE_DIR, path.slice(FOLDER.length) || 'index.html'))
  if (!path.startsWith(FOLDER) || !file.startsWith(SITE_DIR)) {
    requestsOutside.push(path)
    response.writeHead(404).end()
    return
  }
  readFile(file).then(
    (body) => response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' }).end(body),
    () => response.writeHead(404).end(),
  )
})

let browser: Browser
let site: string

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}${FOLDER}`
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
})

afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => server.close(resolve))
})

/** How long the docs page's DOM has been still; set up before the page's own scripts run. */
function watchForStillness(): void {
  const state = window as unknown as { lastChange: number }
  state.lastChange = performance.now()
  new MutationObserver(() => (state.lastChange = performance.now())).observe(document, { subtree: true, childList: true, attributes: true, characterData: true })
}

/** A new page (its own browser context), watching its DOM for stillness. */
async function newPage(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  await page.addInitScript(watchForStillness)
  return page
}

/**
 * Opens a docs page and waits until it is drawn: its content is there and the DOM has been still for
 * half a second (stories render one after the other and the app's screens load their parts lazily).
 */
async function openDocs(page: Page, id: string, globals: string): Promise<void> {
  await page.goto(`${site}iframe.html?viewMode=docs&id=${id}&globals=${globals}`)
  await page.waitForSelector('#storybook-docs .sbdocs-content')
  await page.waitForFunction(() => performance.now() - (window as unknown as { lastChange: number }).lastChange > 500, undefined, { polling: 100, timeout: 30_000 })
}

interface ContrastProblem {
  target: string
  message: string
}

/** axe's color-contrast rule over the whole docs page: Storybook's text and blocks and every story on it. */
async function contrastProblems(page: Page): Promise<ContrastProblem[]> {
  await page.addScriptTag({ content: axeSource })
  return page.evaluate(async () => {
    type Node = { target: string[]; failureSummary?: string }
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: { nodes: Node[] }[] }> } }).axe
    const result = await axe.run({ include: ['#storybook-docs'] }, { runOnly: { type: 'rule', values: ['color-contrast'] } })
    return result.violations.flatMap((violation) => violation.nodes.map((node) => ({ target: node.target.join(' '), message: node.failureSummary ?? '' })))
  })
}

describe('the static Storybook', () => {
  let page: Page

  beforeAll(async () => {
    page = await newPage()
  })

  afterAll(async () => {
    await page?.close()
  })

  it('offers the brand, language, theme and viewport toolbars, and the theme sets the app colour scheme', async () => {
    await page.goto(`${site}index.html?path=/story/app-landingscreen--classic&globals=colorScheme:light`)
    for (const name of [/^Brand theme/, /^Interface language/, /^Colour scheme/, /^Viewport size/]) {
      await page.getByRole('button', { name }).waitFor()
    }
    const preview = page.frameLocator('#storybook-preview-iframe')
    await preview.getByRole('heading', { level: 1 }).waitFor()
    expect(await preview.locator('html').getAttribute('data-color-scheme')).toBe('light')
  })

  it('has an index page for every brand, whose links open existing entries in that brand', async () => {
    await openDocs(page, 'brands--docs', 'brand:second')
    const ids = new Set(entries.map((entry) => entry.id))
    for (const brand of BRAND_IDS) {
      const links = await page.locator(`section[aria-labelledby="brand-${brand}"] a`).evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href))
      expect(links.length).toBeGreaterThan(0)
      for (const link of links) {
        const url = new URL(link)
        expect(url.pathname).toBe(`${FOLDER}index.html`)
        expect(url.searchParams.get('globals')).toBe(`brand:${brand}`)
        const [, , id] = (url.searchParams.get('path') ?? '').split('/')
        expect(ids, link).toContain(id)
      }
    }
  })

  it('shows each story of the language direction page in its own language and direction', async () => {
    await openDocs(page, 'storybook-language-direction--docs', 'brand:second')
    const stories = await page.locator('#storybook-docs .docs-story').evaluateAll((blocks) =>
      blocks.map((block) => {
        const button = block.querySelector('button')
        return { text: button?.textContent ?? '', dir: button?.closest('[dir]')?.getAttribute('dir') }
      }),
    )
    // The first block is the primary story (Arabic), then every story under "Stories".
    expect(stories).toEqual([
      { text: 'رجوع', dir: 'rtl' },
      { text: 'رجوع', dir: 'rtl' },
      { text: 'חזרה', dir: 'rtl' },
      { text: 'Back', dir: 'ltr' },
    ])
    // The page itself stays in Storybook's English.
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr')
  })

  it('registers no service worker from an app screen', async () => {
    await page.goto(`${site}iframe.html?viewMode=story&id=app-landingscreen--classic`)
    await page.getByRole('heading', { level: 1 }).waitFor()
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0)
    expect(requestsOutside.filter((path) => path.endsWith('sw.js'))).toEqual([])
  })

  // Two pages at a time (the project's maxConcurrency), each docs page in a page of its own.
  describe.concurrent.each(BRAND_IDS)('every docs page reads in brand %s (axe color-contrast)', (brand) => {
    it.each(docsEntries.map((entry) => entry.id))('%s', async (id) => {
      const docsPage = await newPage()
      try {
        await openDocs(docsPage, id, `brand:${brand}`)
        expect(await contrastProblems(docsPage)).toEqual([])
      } finally {
        await docsPage.close()
      }
    })
  })
})

afterAll(() => {
  // After every page above: none asked for a file of the site at the host's root.
  expect(siteFilesAskedAtRoot()).toEqual([])
})
