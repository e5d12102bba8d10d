/**
 * landing.js.gzip.<brand>: the JavaScript a visitor's browser downloads to show the landing route,
 * gzip-compressed, in KB (issue: walking skeleton; budget 140 KB, and none of it may be messaging,
 * database or push code). Measured the way a user meets it: the production build served statically,
 * the landing route opened in Chromium, every script response counted once.
 */
import { spawnSync } from 'node:child_process'
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { buildMetaDirFor } from '@vchat/app-core/vite'
import type { Figures } from './results.ts'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const BRANDS = ['default', 'second', 'third'] as const
export const LANDING_BUDGET_KB = 140
/** Code that must never reach the landing route (ARCHITECTURE.md performance budget). */
const FORBIDDEN_MODULES = [/node_modules\/(\.pnpm\/)?@xmpp/, /node_modules\/(\.pnpm\/)?dexie/, /node_modules\/(\.pnpm\/)?@?firebase/]

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
}

/** A static host with the SPA fallback every production host of ours has. */
export function serveStatic(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    let file = path.join(dir, path.normalize(urlPath).replace(/^(\.\.[/\\])+/, ''))
    if (!existsSync(file) || statSync(file).isDirectory()) file = path.join(dir, 'index.html')
    res.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream' })
    createReadStream(file).pipe(res)
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      resolve({ server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` })
    }),
  )
}

function buildApps(): void {
  const result = spawnSync('pnpm', ['exec', 'turbo', 'run', 'build', '--filter=./apps/*', '--output-logs=errors-only'], {
    cwd: ROOT,
    stdio: 'inherit',
  })
  if (result.status !== 0) throw new Error('building the brand apps failed')
}

/** Module ids per emitted chunk, written by the app build (see app-core's Vite config). */
function chunkModules(dist: string): Record<string, string[]> {
  const report = path.join(buildMetaDirFor(dist), 'chunk-modules.json')
  return existsSync(report) ? (JSON.parse(readFileSync(report, 'utf8')) as Record<string, string[]>) : {}
}

export async function landingBench(): Promise<Figures> {
  buildApps()
  const figures: Figures = {}
  const browser = await chromium.launch({
    executablePath: process.env.VCHAT_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  })
  try {
    for (const brand of BRANDS) {
      const dist = path.join(ROOT, 'apps', brand, 'dist')
      const { server, url } = await serveStatic(dist)
      try {
        const page = await browser.newPage({ viewport: { width: 375, height: 812 } })
        const scripts = new Map<string, number>()
        page.on('response', async (response) => {
          if (response.request().resourceType() !== 'script') return
          const body = await response.body().catch(() => null)
          if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body).length)
        })
        await page.goto(url + '/', { waitUntil: 'networkidle' })
        await page.close()
        const totalKb = Math.round(([...scripts.values()].reduce((a, b) => a + b, 0) / 1024) * 10) / 10
        const modules = chunkModules(dist)
        const forbidden = [...scripts.keys()].flatMap((file) =>
          (modules[file.replace(/^\//, '')] ?? []).filter((id) => FORBIDDEN_MODULES.some((re) => re.test(id))).map((id) => `${file}: ${id}`),
        )
        if (!Object.keys(modules).length) throw new Error(`${buildMetaDirFor(dist)}/chunk-modules.json is missing: cannot check what the landing route loads`)
        if (forbidden.length) throw new Error(`the landing route of ${brand} loads code it must not:\n  ${forbidden.join('\n  ')}`)
        console.log(`  ${brand}: ${scripts.size} scripts, ${totalKb} KB gzip, no messaging/database/push code`)
        figures[`landing.js.gzip.${brand}`] = { value: totalKb, unit: 'KB', budget: LANDING_BUDGET_KB }
      } finally {
        server.close()
      }
    }
  } finally {
    await browser.close()
  }
  return figures
}
