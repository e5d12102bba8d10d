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
 * - `chat.catchup1000` (median of CATCHUP_ROUNDS runs): a user's phone loses its network (its
 *   connection cut and every reconnect refused, by a TCP fault proxy between the web host and
 *   Prosody: `startStack({ xmppFaults: true })`) while a host sends 1000 messages, which the server
 *   acknowledges (more than the server's resumption queue holds: its session is closed and the
 *   messages go to offline storage and the archive). Timed from the moment the proxy lets the app's
 *   next reconnect through until all 1000 are stored and in the open conversation (its size as the
 *   list reports it); then all 1000 are checked to be there, each once. The fault is played at the
 *   socket, not with a Playwright websocket route: a route relays every frame through the test
 *   runner, which added several hundred milliseconds to a thousand archive results that a phone's
 *   network does not add.
 * - `chat.wireDuplicates`: a user types 300 messages while the websocket is cut every 30 (10 stream
 *   resumes); every client-to-server frame is read off the page's websocket, and the figure is the
 *   number of chat messages that went over the wire more than once (goal 0: a resume re-sends only
 *   what the server says it did not get).
 */
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { chromium, type Browser, type WebSocketRoute } from '@playwright/test'
import { startStack, type FaultProxy } from '../e2e/support/stack.ts'
import { checkBurstKept, newUser, percentile, pollPage, pollUntil, post, renderedAndStored, round, signedInPage, watchRendered, watchStored } from './chatSupport.ts'
import type { Figures } from './results.ts'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const LATENCY_MESSAGES = 200
const DB_MESSAGES = 100_000
const BURST = 1000
/** The burst is run this many times (a new user and page each); its figures are the medians. */
const BURST_ROUNDS = 5
const CATCHUP = 1000
const CATCHUP_ROUNDS = 5
const WIRE_SENDS = 300
const WIRE_RESUMES = 10

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

async function catchup(browser: Browser, apiUrl: string, appUrl: string, network: FaultProxy): Promise<number> {
  const user = await newUser(apiUrl)
  const anchorUid = '200024'
  const lastText = `catchup ${CATCHUP - 1}`
  let reconnectedAt: number | null = null
  const stopWatching = network.onAccepted(() => {
    reconnectedAt ??= Date.now()
  })
  const page = await signedInPage(browser, appUrl, user, `anchor_${anchorUid}@localhost`)
  const consoleId = (await post<{ id: string }>(`${apiUrl}/dev/anchor/login`, { uid: anchorUid, password: 'demo1234' })).id
  // The phone's network goes.
  network.refuse(true)
  network.cut()
  await post(`${apiUrl}/dev/anchor/send`, { id: consoleId, to: user.jid, contents: Array.from({ length: CATCHUP }, (_, i) => `catchup ${i}`) })
  // Every message acknowledged by the server before the network comes back.
  await pollUntil('catchup: every message acknowledged by the server', async () => {
    const { threads } = (await (await fetch(`${apiUrl}/dev/anchor/threads?id=${encodeURIComponent(consoleId)}`)).json()) as { threads: { content: string; state: string }[] }
    return threads.some((thread) => thread.content === lastText && thread.state === 'success') ? true : false
  })
  reconnectedAt = null
  network.refuse(false)
  // Done when all of them are stored and in the conversation: they may arrive by two ways (the
  // archive, and what offline storage pushes besides), so the last one sent is not necessarily the
  // last one to arrive.
  const end = await pollPage(
    page,
    async ({ tid, count }: { tid: string; count: number }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('chat')
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
      const stored = await new Promise<number>((resolve, reject) => {
        const request = db.transaction('messages').objectStore('messages').index('tid').count(IDBKeyRange.only(tid))
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
      db.close()
      const rows = document.querySelectorAll('.vc-chat-view__messages > li[aria-setsize]')
      const shown = Number(rows[rows.length - 1]?.getAttribute('aria-setsize') ?? 0)
      return stored >= count && shown >= count ? performance.timeOrigin + performance.now() : false
    },
    { tid: `anchor_${anchorUid}@localhost`, count: CATCHUP },
  )
  stopWatching()
  const start = reconnectedAt as number | null
  if (start === null) throw new Error('catchup: the app never reconnected')
  await checkBurstKept(page, CATCHUP, 'catchup ')
  await post(`${apiUrl}/dev/anchor/logout`, { id: consoleId })
  await page.context().close()
  return end - start
}

async function wireDuplicates(browser: Browser, apiUrl: string, appUrl: string): Promise<{ duplicates: number; resumes: number }> {
  const [alice, bob] = [await newUser(apiUrl), await newUser(apiUrl)]
  const sentTimes = new Map<string, number>()
  let resumes = 0
  const routes = new Set<WebSocketRoute>()
  const page = await signedInPage(browser, appUrl, alice, bob.jid, async (p) => {
    await p.routeWebSocket(/xmpp-websocket/, (ws) => {
      const server = ws.connectToServer()
      routes.add(ws)
      ws.onMessage((message) => {
        const text = typeof message === 'string' ? message : message.toString()
        const id = text.startsWith('<message') && text.includes('<body') ? /\sid=["']([^"']+)["']/.exec(text)?.[1] : undefined
        if (id) sentTimes.set(id, (sentTimes.get(id) ?? 0) + 1)
        server.send(message)
      })
      server.onMessage((message) => {
        const text = typeof message === 'string' ? message : message.toString()
        if (text.includes('<resumed')) resumes += 1
        ws.send(message)
      })
    })
  })
  const input = page.getByRole('textbox', { name: 'Message' })
  for (let i = 0; i < WIRE_SENDS; i++) {
    await input.fill(`wire ${i}`)
    await input.press('Enter')
    if ((i + 1) % (WIRE_SENDS / WIRE_RESUMES) === 0) {
      // The link drops; the app reconnects by itself (0.5 s) and resumes the stream.
      for (const ws of routes) await ws.close()
      routes.clear()
    }
  }
  // Every message sent and acknowledged: nothing left in the outbox.
  await pollPage(
    page,
    async (count: number) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('chat')
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
      const rows = await new Promise<{ content: string; state: string }[]>((resolve, reject) => {
        const request = db.transaction('messages').objectStore('messages').getAll()
        request.onsuccess = () => resolve(request.result as { content: string; state: string }[])
        request.onerror = () => reject(request.error)
      })
      db.close()
      const mine = rows.filter((row) => row.content.startsWith('wire '))
      return mine.length === count && mine.every((row) => row.state === 'success') ? true : false
    },
    WIRE_SENDS,
  )
  await page.context().close()
  // A frame written while its websocket was being cut can escape the tap (the message still reached
  // the server: all 300 are acknowledged above); only what was seen twice counts.
  const unseen = WIRE_SENDS - sentTimes.size
  if (unseen > 0) console.log(`wire: ${unseen} of ${WIRE_SENDS} messages not seen on the tapped websocket (cut mid-write)`)
  const duplicates = [...sentTimes.values()].filter((times) => times > 1).length
  return { duplicates, resumes }
}

async function burst(browser: Browser, apiUrl: string, appUrl: string): Promise<{ total: number; longTask: number }> {
  const user = await newUser(apiUrl)
  const anchorJid = 'anchor_200020@localhost'
  const lastText = `burst ${BURST - 1}`
  // When the write that stores the burst's last message commits (Dexie's bulkAdd adds row by row).
  const page = await signedInPage(browser, appUrl, user, anchorJid, (p) => watchStored(p, lastText))
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
  const end = await renderedAndStored(page, lastText)
  const longTask = await page.evaluate(() => (window as unknown as { __longest: number }).__longest)
  await checkBurstKept(page, BURST)
  await post(`${apiUrl}/dev/anchor/logout`, { id: consoleId })
  await page.context().close()
  return { total: end - start, longTask }
}

/** The parts of this bench; `VCHAT_BENCH_CHAT=catchup,wire pnpm bench chat` runs only those (figures of the others stay as recorded). */
const PARTS = ['latency', 'db', 'burst', 'catchup', 'wire'] as const

export async function chatBench(): Promise<Figures> {
  process.env.VCHAT_E2E_BRANDS ??= 'second'
  const chosen = (process.env.VCHAT_BENCH_CHAT ?? '').split(',').map((part) => part.trim()).filter(Boolean)
  const unknown = chosen.filter((part) => !(PARTS as readonly string[]).includes(part))
  if (unknown.length) throw new Error(`VCHAT_BENCH_CHAT: unknown part(s) ${unknown.join(', ')} (known: ${PARTS.join(', ')})`)
  const runs = (part: (typeof PARTS)[number]) => chosen.length === 0 || chosen.includes(part)
  const running = await startStack({ xmppFaults: true })
  const appUrl = running.appUrls.second
  const network = running.xmppFaults
  if (!appUrl || !running.stack.prosody || !network) {
    await running.stop()
    throw new Error('the chat bench needs the second brand and Prosody')
  }
  const browser = await chromium.launch({
    executablePath: process.env.VCHAT_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  })
  const { apiUrl } = running.stack
  const figures: Figures = {}
  try {
    if (runs('latency')) {
      const samples = await latency(browser, apiUrl, appUrl)
      console.log(`latency over ${samples.length} messages: p50 ${percentile(samples, 50).toFixed(1)} ms, p99 ${percentile(samples, 99).toFixed(1)} ms`)
      figures['chat.latency.p50'] = { value: round(percentile(samples, 50)), unit: 'ms', budget: 30 }
      figures['chat.latency.p99'] = { value: round(percentile(samples, 99)), unit: 'ms', budget: 100 }
    }
    if (runs('db')) {
      const db = await chatDbOpen(browser, apiUrl)
      console.log(`thread open with ${DB_MESSAGES} stored: cold ${db.cold.toFixed(2)} ms, warm ${db.warm.toFixed(2)} ms`)
      figures['chatdb.open.warm'] = { value: round(db.warm), unit: 'ms', budget: 5 }
      figures['chatdb.open.cold'] = { value: round(db.cold), unit: 'ms', budget: 20 }
    }
    if (runs('burst')) {
      const rounds: { total: number; longTask: number }[] = []
      for (let i = 0; i < BURST_ROUNDS; i++) {
        const flood = await burst(browser, apiUrl, appUrl)
        console.log(`burst of ${BURST}, round ${i + 1}: ${flood.total.toFixed(0)} ms, longest task ${flood.longTask.toFixed(0)} ms`)
        rounds.push(flood)
      }
      const flood = { total: percentile(rounds.map((r) => r.total), 50), longTask: percentile(rounds.map((r) => r.longTask), 50) }
      const longestOfAll = Math.max(...rounds.map((r) => r.longTask))
      console.log(`burst of ${BURST}, median of ${BURST_ROUNDS}: ${flood.total.toFixed(0)} ms, longest task ${flood.longTask.toFixed(0)} ms (longest in any round ${longestOfAll.toFixed(0)} ms)`)
      figures['chat.burst1000'] = { value: round(flood.total), unit: 'ms', budget: 1000 }
      figures['chat.burst1000.longTask'] = { value: round(flood.longTask), unit: 'ms', budget: 100 }
      figures['chat.burst1000.longTask.max'] = { value: round(longestOfAll), unit: 'ms' }
    }
    if (runs('catchup')) {
      const catchups: number[] = []
      for (let i = 0; i < CATCHUP_ROUNDS; i++) {
        const ms = await catchup(browser, apiUrl, appUrl, network)
        console.log(`catch-up of ${CATCHUP} missed, round ${i + 1}: ${ms.toFixed(0)} ms`)
        catchups.push(ms)
      }
      console.log(`catch-up of ${CATCHUP} missed, median of ${CATCHUP_ROUNDS}: ${percentile(catchups, 50).toFixed(0)} ms`)
      figures['chat.catchup1000'] = { value: round(percentile(catchups, 50)), unit: 'ms', budget: 1000 }
    }
    if (runs('wire')) {
      const wire = await wireDuplicates(browser, apiUrl, appUrl)
      console.log(`${WIRE_SENDS} sends across ${wire.resumes} resumes: ${wire.duplicates} went over the wire twice`)
      if (wire.resumes < WIRE_RESUMES) throw new Error(`wire: ${wire.resumes} resumes, expected ${WIRE_RESUMES}`)
      figures['chat.wireDuplicates'] = { value: wire.duplicates, unit: 'messages', budget: 0 }
    }
    return figures
  } finally {
    await browser.close()
    await running.stop()
  }
}
