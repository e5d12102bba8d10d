/**
 * Helpers of the chat bench (`chat.bench.ts`): test users from the dev-server, signed-in pages with a
 * conversation open, in-page probes of when a message is rendered and stored, polling, and the
 * "each message once" check. It exists so that the bench file holds only its measurements; it is not a
 * benchmark itself (scripts/bench.ts registers `*.bench.ts` modules by name).
 */
import type { Browser, Page } from '@playwright/test'

export interface TestUser {
  uid: string
  jid: string
  password: string
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index] ?? NaN
}

export const round = (n: number) => Math.round(n * 100) / 100

export async function post<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

export async function newUser(apiUrl: string): Promise<TestUser> {
  return (await post<{ data: TestUser }>(`${apiUrl}/dev/users`, { paid: true, gemsBalance: 500 })).data
}

export async function signedInPage(browser: Browser, appUrl: string, user: TestUser, peerJid: string, prepare?: (page: Page) => Promise<unknown>): Promise<Page> {
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
export async function watchRendered(page: Page): Promise<void> {
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

/** How often a bench asks whether what it waits for has happened (a poll, never a fixed wait). */
const POLL_INTERVAL_MS = 50

/**
 * Asks `check` until it answers something other than false, bounded by `timeoutMs`; answers that
 * value. The one polling loop of this bench.
 */
export async function pollUntil<R>(what: string, check: () => Promise<R | false>, timeoutMs = 120_000): Promise<R> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== false) return value
    if (Date.now() > until) throw new Error(`${what}: not within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS))
  }
}

/**
 * Evaluates `check` in the page until it answers something other than false (page.waitForFunction
 * does not wait for an async predicate's promise); answers that value.
 */
export function pollPage<A, R>(page: Page, check: (arg: A) => Promise<R | false>, arg: A): Promise<R> {
  // The argument is plain JSON data here, which is what Playwright's Unboxed<A> describes.
  return pollUntil('the page', () => page.evaluate(check as (arg: unknown) => Promise<R | false>, arg as unknown) as Promise<R | false>)
}

/**
 * In the page (pass it to `page.evaluate`; it is self-contained): how many messages of thread `tid`
 * the app has stored in chat-db.
 */
export async function storedInThread(tid: string): Promise<number> {
  const result = <T>(request: IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
  const db = await result(indexedDB.open('chat'))
  try {
    return await result(db.transaction('messages').objectStore('messages').index('tid').count(IDBKeyRange.only(tid)))
  } finally {
    db.close()
  }
}

/** Records, in the page, when the write storing the message with this text commits. */
export async function watchStored(page: Page, text: string): Promise<void> {
  await page.addInitScript((last) => {
    const w = window as unknown as { __storedLast?: number }
    const add = IDBObjectStore.prototype.add
    IDBObjectStore.prototype.add = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      const request = add.call(this, value, key)
      if ((value as { content?: unknown } | null)?.content === last) {
        this.transaction.addEventListener('complete', () => (w.__storedLast = performance.timeOrigin + performance.now()))
      }
      return request
    }
  }, text)
}

/** When the message with this text is both rendered and stored (epoch ms, the page's clock). */
export async function renderedAndStored(page: Page, text: string): Promise<number> {
  const done = await page.waitForFunction(
    (last) => {
      const w = window as unknown as { __rendered: Map<string, number>; __storedLast?: number }
      const rendered = w.__rendered.get(last)
      return rendered !== undefined && w.__storedLast !== undefined ? Math.max(rendered, w.__storedLast) : false
    },
    text,
    { timeout: 120_000, polling: 100 },
  )
  return (await done.jsonValue()) as number
}

/** Every message of the burst is in the open conversation and stored in chat-db, each once. */
export async function checkBurstKept(page: Page, count: number, prefix = 'burst '): Promise<void> {
  const kept = await page.evaluate(async (prefix) => {
    const rows = document.querySelectorAll('.vc-chat-view__messages > li[aria-setsize]')
    const listSize = Number(rows[rows.length - 1]?.getAttribute('aria-setsize') ?? 0)
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('chat')
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    const contents = await new Promise<string[]>((resolve, reject) => {
      const request = db.transaction('messages').objectStore('messages').getAll()
      request.onsuccess = () => resolve((request.result as { content: string }[]).map((row) => row.content).filter((text) => text.startsWith(prefix)))
      request.onerror = () => reject(request.error)
    })
    db.close()
    return { listSize, contents }
  }, prefix)
  const distinct = new Set(kept.contents)
  if (kept.contents.length !== count || distinct.size !== count) throw new Error(`${prefix.trim()}: ${kept.contents.length} stored (${distinct.size} distinct), expected ${count}`)
  if (kept.listSize < count) throw new Error(`${prefix.trim()}: the conversation holds ${kept.listSize} rows, expected at least ${count}`)
}
