/**
 * Messaging figures of the messaging issue, in Chromium against the real local stack (Prosody +
 * dev-server), with the second brand's localstack build (the e2e build, served by `vite preview`):
 *
 * - `chat.latency.p50` / `chat.latency.p99`: 200 messages typed in one user's page, each timed from
 *   the composer's submit to the moment it is rendered in the other user's open conversation (both
 *   pages share the browser's clock: `performance.timeOrigin + performance.now()`).
 * - `chatdb.open.warm` / `chatdb.open.cold`: @vchat/chat-db in a page of the stack's origin, 100 000
 *   messages stored (one thread of 100 000 among other threads' rows), the last 50 of the thread read
 *   through `[tid+date]`: cold = the first read right after opening the database in a fresh page,
 *   warm = the median of 50 further reads.
 * - `chat.burst1000` / `chat.burst1000.longTask` (medians of BURST_ROUNDS runs; `.longTask.max` is the
 *   longest task in any run): 1000 messages sent at once by an anchor (anchor console, same
 *   packages: one request hands the 1000 texts to its messenger, in order) to a user whose
 *   conversation is open and follows the newest message: time from the send until the 1000th message
 *   is both rendered and stored (its chat-db write committed), and the longest main-thread task
 *   meanwhile (PerformanceObserver `longtask`; 0 when no task exceeded 50 ms). The conversation is
 *   virtualised, so rows scrolled past leave the DOM; the run then checks that all 1000 are in the
 *   conversation (its size as the list reports it to assistive technology) and stored in chat-db,
 *   each once.
 */
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { chromium, type Browser, type Page } from '@playwright/test'
import { startStack } from '../e2e/support/stack.ts'
import type { Figures } from './results.ts'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const LATENCY_MESSAGES = 200
const DB_MESSAGES = 100_000
const BURST = 1000
/** The burst is run this many times (a new user and page each); its figures are the medians. */
const BURST_ROUNDS = 5

interface TestUser {
  uid: string
  jid: string
  password: string
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index] ?? NaN
}

const round = (n: number) => Math.round(n * 100) / 100

async function post<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

async function newUser(apiUrl: string): Promise<TestUser> {
  return (await post<{ data: TestUser }>(`${apiUrl}/dev/users`, { paid: true, gemsBalance: 500 })).data
}

async function signedInPage(browser: Browser, appUrl: string, user: TestUser, peerJid: string, prepare?: (page: Page) => Promise<unknown>): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } })
  const page = await context.newPage()
  await prepare?.(page)
  await page.goto(`${appUrl}/login`)
  const dialog = page.getByRole('dialog')
  await dialog.locator('input[name="uid"]').fill(user.uid)
  await dialog.locator('input[name="password"]').fill(user.password)
  await dialog.locator('button[type="submit"]').click()
  await page.waitForURL(/\/match$/)
  await page.goto(`${appUrl}/message?with=${encodeURIComponent(peerJid)}`)
  await page.getByRole('textbox', { name: 'Message' }).waitFor()
  // Messaging connected (the header shows nothing once connected).
  await page.waitForFunction(() => document.querySelector('.vc-chat-view__connection--connected') !== null, null, { timeout: 15_000 })
  return page
}

/** Records when each message text first appears in the open conversation. */
async function watchRendered(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __rendered: Map<string, number> }
    w.__rendered = new Map()
    const record = (node: Element, now: number) => {
      const text = node.textContent ?? ''
      if (!w.__rendered.has(text)) w.__rendered.set(text, now)
    }
    // Only what was added is looked at, so observing costs the page little during a burst.
    const scan = (records: MutationRecord[]) => {
      const now = performance.timeOrigin + performance.now()
      for (const mutation of records) {
        for (const node of mutation.addedNodes) {
          if (!(node instanceof Element)) continue
          if (node.classList.contains('vc-chat-msg__text')) record(node, now)
          for (const inner of node.querySelectorAll('.vc-chat-msg__text')) record(inner, now)
        }
      }
    }
    for (const node of document.querySelectorAll('.vc-chat-msg__text')) record(node, performance.timeOrigin + performance.now())
    new MutationObserver(scan).observe(document.body, { childList: true, subtree: true })
  })
}

async function latency(browser: Browser, apiUrl: string, appUrl: string): Promise<number[]> {
  const [alice, bob] = [await newUser(apiUrl), await newUser(apiUrl)]
  const sender = await signedInPage(browser, appUrl, alice, bob.jid)
  const receiver = await signedInPage(browser, appUrl, bob, alice.jid)
  await watchRendered(receiver)
  await sender.evaluate(() => {
    const w = window as unknown as { __submitted: Map<string, number> }
    w.__submitted = new Map()
    document.addEventListener(
      'submit',
      () => {
        const input = document.querySelector<HTMLInputElement>('.vc-chat-composer__input')
        if (input) w.__submitted.set(input.value.trim(), performance.timeOrigin + performance.now())
      },
      true,
    )
  })
  const input = sender.getByRole('textbox', { name: 'Message' })
  const samples: number[] = []
  for (let i = 0; i < LATENCY_MESSAGES + 10; i++) {
    const text = `latency ${i}`
    await input.fill(text)
    await input.press('Enter')
    const arrived = await receiver.waitForFunction((t) => (window as unknown as { __rendered: Map<string, number> }).__rendered.get(t), text, { timeout: 10_000, polling: 'raf' })
    const renderedAt = (await arrived.jsonValue()) as number
    const submittedAt = await sender.evaluate((t) => (window as unknown as { __submitted: Map<string, number> }).__submitted.get(t) ?? NaN, text)
    if (i >= 10) samples.push(renderedAt - submittedAt) // the first 10 warm up
  }
  await sender.context().close()
  await receiver.context().close()
  return samples
}

interface ViteChunk {
  type: 'chunk' | 'asset'
  code?: string
}
type ViteBuild = (config: Record<string, unknown>) => Promise<{ output: ViteChunk[] } | { output: ViteChunk[] }[]>

/** @vchat/chat-db bundled for the page (the same source the app uses), with the apps' Vite. */
async function chatDbBundle(): Promise<string> {
  const vitePath = createRequire(path.join(ROOT, 'apps/second/package.json')).resolve('vite')
  const { build } = (await import(pathToFileURL(vitePath).href)) as { build: ViteBuild }
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    root: ROOT,
    resolve: { conditions: ['@vchat/source', 'browser', 'import', 'module', 'default'] },
    build: {
      write: false,
      minify: true,
      lib: { entry: path.join(ROOT, 'packages/chat-db/src/index.ts'), formats: ['iife'], name: 'VchatChatDb', fileName: 'chat-db' },
    },
  })
  const result = Array.isArray(output) ? output[0] : output
  const chunk = result?.output.find((item) => item.type === 'chunk')
  if (!chunk?.code) throw new Error('bundling chat-db gave no chunk')
  return chunk.code
}

/**
 * `cold` is the median over COLD_PAGES fresh pages (each sample printed), each timed from the
 * `openChatDb()` call to having the last 50 rows; `warm` is the median of 50 further reads in the
 * first of them.
 */
async function chatDbOpen(browser: Browser, apiUrl: string): Promise<{ cold: number; warm: number }> {
  const COLD_PAGES = 7
  const code = await chatDbBundle()
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${apiUrl}/health`)
  await page.addScriptTag({ content: code })
  await page.evaluate(async (total) => {
    const lib = (window as unknown as { VchatChatDb: typeof import('../packages/chat-db/src/index.ts') }).VchatChatDb
    const db = await lib.openChatDb({ name: 'chat-bench' })
    await db.dexie.messages.clear()
    const base = Date.now() - total * 1000
    const chunk = 5000
    for (let start = 0; start < total; start += chunk) {
      const rows = Array.from({ length: Math.min(chunk, total - start) }, (_, k) => {
        const n = start + k
        return { mid: `m${n}`, tid: 'anchor_200001@localhost', date: base + n * 1000, from: 'anchor_200001@localhost', to: 'user_1@localhost', read: true, state: 'success' as const, type: 0, content: `message ${n}` }
      })
      await db.dexie.messages.bulkAdd(rows as never)
    }
    for (let t = 0; t < 20; t++) {
      await db.dexie.messages.bulkAdd(
        Array.from({ length: 50 }, (_, k) => ({ mid: `o${t}_${k}`, tid: `anchor_${200100 + t}@localhost`, date: base + k, from: 'x@localhost', to: 'user_1@localhost', read: true, state: 'success' as const, type: 0, content: 'x' })) as never,
      )
    }
    db.close()
  }, DB_MESSAGES)
  await page.close()

  // Cold: a fresh page opens the database and reads the last 50 once; COLD_PAGES such pages.
  const colds: number[] = []
  let warm = NaN
  for (let sample = 0; sample < COLD_PAGES; sample++) {
    const fresh = await context.newPage()
    await fresh.goto(`${apiUrl}/health`)
    await fresh.addScriptTag({ content: code })
    const result = await fresh.evaluate(async (warmReads) => {
      const lib = (window as unknown as { VchatChatDb: typeof import('../packages/chat-db/src/index.ts') }).VchatChatDb
      const t0 = performance.now()
      const db = await lib.openChatDb({ name: 'chat-bench' })
      const first = await db.messages.lastOfThread('anchor_200001@localhost', 50)
      const cold = performance.now() - t0
      if (first.length !== 50 || first[49]?.content !== 'message 99999') throw new Error(`unexpected last message: ${first[49]?.content}`)
      const warm: number[] = []
      for (let i = 0; i < warmReads; i++) {
        const t = performance.now()
        await db.messages.lastOfThread('anchor_200001@localhost', 50)
        warm.push(performance.now() - t)
      }
      warm.sort((a, b) => a - b)
      db.close()
      return { cold, warm: warm[Math.floor(warm.length / 2)] ?? NaN }
    }, sample === 0 ? 50 : 0)
    await fresh.close()
    console.log(`chatdb.open.cold page ${sample + 1}/${COLD_PAGES}: ${result.cold.toFixed(1)} ms`)
    colds.push(result.cold)
    if (sample === 0) warm = result.warm
  }
  await context.close()
  colds.sort((a, b) => a - b)
  return { cold: colds[Math.floor(colds.length / 2)] ?? NaN, warm }
}

async function burst(browser: Browser, apiUrl: string, appUrl: string): Promise<{ total: number; longTask: number }> {
  const user = await newUser(apiUrl)
  const anchorJid = 'anchor_200020@localhost'
  const lastText = `burst ${BURST - 1}`
  // When the write that stores the burst's last message commits (Dexie's bulkAdd adds row by row).
  const page = await signedInPage(browser, appUrl, user, anchorJid, (p) =>
    p.addInitScript((last) => {
      const w = window as unknown as { __storedLast?: number }
      const add = IDBObjectStore.prototype.add
      IDBObjectStore.prototype.add = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
        const request = add.call(this, value, key)
        if ((value as { content?: unknown } | null)?.content === last) {
          this.transaction.addEventListener('complete', () => (w.__storedLast = performance.timeOrigin + performance.now()))
        }
        return request
      }
    }, lastText),
  )
  const consoleId = (await post<{ id: string }>(`${apiUrl}/dev/anchor/login`, { uid: '200020', password: 'demo1234' })).id
  await watchRendered(page)
  await page.evaluate(() => {
    const w = window as unknown as { __longest: number }
    w.__longest = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longest = Math.max(w.__longest, entry.duration)
    }).observe({ type: 'longtask', buffered: false })
  })
  const start = await page.evaluate(() => performance.timeOrigin + performance.now())
  await post(`${apiUrl}/dev/anchor/send`, { id: consoleId, to: user.jid, contents: Array.from({ length: BURST }, (_, i) => `burst ${i}`) })
  // Done when the last message is both rendered and stored (the open thread shows messages on arrival).
  const done = await page.waitForFunction(
    (last) => {
      const w = window as unknown as { __rendered: Map<string, number>; __storedLast?: number }
      const rendered = w.__rendered.get(last)
      return rendered !== undefined && w.__storedLast !== undefined ? Math.max(rendered, w.__storedLast) : false
    },
    lastText,
    { timeout: 120_000, polling: 100 },
  )
  const end = (await done.jsonValue()) as number
  const longTask = await page.evaluate(() => (window as unknown as { __longest: number }).__longest)
  await checkBurstKept(page, BURST)
  await post(`${apiUrl}/dev/anchor/logout`, { id: consoleId })
  await page.context().close()
  return { total: end - start, longTask }
}

/** Every message of the burst is in the open conversation and stored in chat-db, each once. */
async function checkBurstKept(page: Page, count: number): Promise<void> {
  const kept = await page.evaluate(async () => {
    const rows = document.querySelectorAll('.vc-chat-view__messages > li[aria-setsize]')
    const listSize = Number(rows[rows.length - 1]?.getAttribute('aria-setsize') ?? 0)
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('chat')
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    const contents = await new Promise<string[]>((resolve, reject) => {
      const request = db.transaction('messages').objectStore('messages').getAll()
      request.onsuccess = () => resolve((request.result as { content: string }[]).map((row) => row.content).filter((text) => text.startsWith('burst ')))
      request.onerror = () => reject(request.error)
    })
    db.close()
    return { listSize, contents }
  })
  const distinct = new Set(kept.contents)
  if (kept.contents.length !== count || distinct.size !== count) throw new Error(`burst: ${kept.contents.length} stored (${distinct.size} distinct), expected ${count}`)
  if (kept.listSize < count) throw new Error(`burst: the conversation holds ${kept.listSize} rows, expected at least ${count}`)
}

export async function chatBench(): Promise<Figures> {
  process.env.VCHAT_E2E_BRANDS ??= 'second'
  const running = await startStack()
  const appUrl = running.appUrls.second
  if (!appUrl || !running.stack.prosody) {
    await running.stop()
    throw new Error('the chat bench needs the second brand and Prosody')
  }
  const browser = await chromium.launch({
    executablePath: process.env.VCHAT_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  })
  try {
    const samples = await latency(browser, running.stack.apiUrl, appUrl)
    console.log(`latency over ${samples.length} messages: p50 ${percentile(samples, 50).toFixed(1)} ms, p99 ${percentile(samples, 99).toFixed(1)} ms`)
    const db = await chatDbOpen(browser, running.stack.apiUrl)
    console.log(`thread open with ${DB_MESSAGES} stored: cold ${db.cold.toFixed(2)} ms, warm ${db.warm.toFixed(2)} ms`)
    const rounds: { total: number; longTask: number }[] = []
    for (let i = 0; i < BURST_ROUNDS; i++) {
      const flood = await burst(browser, running.stack.apiUrl, appUrl)
      console.log(`burst of ${BURST}, round ${i + 1}: ${flood.total.toFixed(0)} ms, longest task ${flood.longTask.toFixed(0)} ms`)
      rounds.push(flood)
    }
    const flood = { total: percentile(rounds.map((r) => r.total), 50), longTask: percentile(rounds.map((r) => r.longTask), 50) }
    const longestOfAll = Math.max(...rounds.map((r) => r.longTask))
    console.log(`burst of ${BURST}, median of ${BURST_ROUNDS}: ${flood.total.toFixed(0)} ms, longest task ${flood.longTask.toFixed(0)} ms (longest in any round ${longestOfAll.toFixed(0)} ms)`)
    return {
      'chat.latency.p50': { value: round(percentile(samples, 50)), unit: 'ms', budget: 30 },
      'chat.latency.p99': { value: round(percentile(samples, 99)), unit: 'ms', budget: 100 },
      'chatdb.open.warm': { value: round(db.warm), unit: 'ms', budget: 5 },
      'chatdb.open.cold': { value: round(db.cold), unit: 'ms', budget: 20 },
      'chat.burst1000': { value: round(flood.total), unit: 'ms', budget: 1000 },
      'chat.burst1000.longTask': { value: round(flood.longTask), unit: 'ms', budget: 100 },
      'chat.burst1000.longTask.max': { value: round(longestOfAll), unit: 'ms' },
    }
  } finally {
    await browser.close()
    await running.stop()
  }
}
