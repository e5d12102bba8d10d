/**
 * The signed-in screens on a low-end phone (`pnpm bench lowend`). Most users are on mid- and low-end
 * Android phones; this walks the screens they use most with the main thread slowed down the way
 * Lighthouse's mobile profile slows it, and reports how long the page could not answer a tap.
 *
 * The second brand's localstack build against the local stack (`startStack()`, as the call and chat
 * benches), in Chromium at a phone's screen (390 × 844, device scale factor 2, touch) with the CPU
 * throttled 4× through the DevTools protocol (`Emulation.setCPUThrottlingRate`). A fresh paying account
 * (`POST /dev/users`) signs in and walks, in order:
 *
 * 1. discover: the host wall (HOST_WALL_PATH), scrolled by finger (touch events through the protocol)
 *    to the end of the list, each next page of cards waited for as it renders (50 cards a page; the
 *    seeded stack has 64 hosts, so two pages);
 * 2. match: /match, three finger swipes on the deck's top card (left, right, left: skip, like, skip),
 *    each waited for until the next card is on top;
 * 3. messages: a conversation of 1,000 messages from a host, opened and scrolled by finger to its first
 *    message (the list is virtualised and loads older pages from the device's store as it nears the top).
 *    The 1,000 are sent before the step by the host on the anchor console (as the chat bench's burst),
 *    and the step starts once the app has stored all of them. When an older page comes in while the
 *    view is already at the very top, the list neither keeps the view in place nor asks for the next
 *    page until it is scrolled again; the walk then pushes it up a little and pulls again, as a person
 *    would, and the log says how often;
 * 4. call: a video call to a seeded host, whose page (a context of its own, not throttled) accepts as
 *    soon as the incoming call shows; connected for 10 s, then hung up.
 *
 * Per step, from the page's own `PerformanceObserver({ type: 'longtask', buffered: true })` (installed
 * before the app loads; a step owns the long tasks that start inside its window, which runs from a quiet
 * main thread before the step to a quiet main thread after it):
 * - `lowend.<step>.tbt` (ms): Total Blocking Time, the sum over long tasks of what lies beyond 50 ms
 *   (Chrome's long-task threshold: a task longer than that delays a tap noticeably);
 * - `lowend.<step>.longestTask` (ms): the longest task (0 when none was over 50 ms);
 * - `lowend.<step>.heapMB` (MB): the JavaScript heap after the step (`performance.memory.usedJSHeapSize`
 *   after a forced garbage collection, `HeapProfiler.collectGarbage`).
 *
 * The walk runs LOWEND_RUNS times (3; `VCHAT_BENCH_LOWEND_RUNS` overrides), each with a fresh account and
 * fresh browser contexts; the figures are the medians.
 *
 * No budgets: Lighthouse scores TBT (200 ms good, 600 ms its median on the mobile profile) over a page's
 * load on a reference phone; these steps last from a few seconds to over a minute (the conversation's
 * thousand messages), so a sum over each has no such yardstick, and this two-core machine runs the stack
 * and the host's side of the call beside the throttled page. The figures are for comparing a change
 * with the last run; a budget can follow once their spread across runs is known.
 */
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test'
import { CHROMIUM_PATH } from '../e2e/support/chromium.ts'
import { startStack } from '../e2e/support/stack.ts'
import { HOST_WALL_PATH, chatPath, videoCallPath } from '../packages/app-core/src/routes/paths.ts'
import { CHROMIUM_ARGS, SEED_PASSWORD, logIn, navigate, newContext } from './browser.ts'
import { pollUntil, post, storedInThread, type TestUser } from './chatSupport.ts'
import { median, type Figures } from './results.ts'

const LOWEND_RUNS = Number(process.env.VCHAT_BENCH_LOWEND_RUNS ?? 3)
/** Lighthouse's mobile profile: a mid-range phone's main thread is about four times slower than a desktop's. */
const CPU_SLOWDOWN = 4
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }
const STEPS = ['discover', 'match', 'messages', 'call'] as const
type Step = (typeof STEPS)[number]
/** Chrome's long-task threshold: the part of a task beyond it is blocking time. */
const LONG_TASK_MS = 50
/** Lets the account call for as long as a run needs, whatever the host's price. */
const GEMS = 100_000
const MATCH_PATH = '/match'
const CHAT_HOST_UID = '200030'
const CHAT_HOST_JID = `anchor_${CHAT_HOST_UID}@localhost`
const THREAD_MESSAGES = 1000
const messageText = (n: number) => `lowend ${n}`
const FIRST_MESSAGE = messageText(0)
const CALL_HOST_UID = '200001'
/** The call step: ten seconds connected (the walk: "a call (connect, 10 s)"), a measured window, not a wait for an event. */
const CONNECTED_MS = 10_000
/** The calls of a step that waits on the app: the app is four times slower than usual. */
const STEP_TIMEOUT_MS = 60_000
/** How far the finger moves in one scroll (CSS px): most of a phone's screen. */
const SCROLL_PX = 600
/** A small push of the conversation towards newer messages (CSS px), to get it moving again at its top. */
const NUDGE_PX = 200
/** A horizontal drag well past the deck's swipe threshold (80 px). */
const SWIPE_PX = 160
/** Touch moves per finger gesture (a finger reports its position on every frame, ten or so in a flick). */
const FINGER_MOVES = 10

interface StepFigures {
  tbt: number
  longestTask: number
  heapMB: number
  /** For the log: how long the step's window was (ms) and how many long tasks it held. */
  windowMs: number
  longTasks: number
}

interface LongTask {
  start: number
  duration: number
}

/** Every long task of the document, from before the app's first script (an init script). */
function watchLongTasks(): void {
  const w = window as unknown as { __longTasks: LongTask[]; __longTaskObserver: PerformanceObserver }
  w.__longTasks = []
  w.__longTaskObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__longTasks.push({ start: entry.startTime, duration: entry.duration })
  })
  w.__longTaskObserver.observe({ type: 'longtask', buffered: true })
}

/**
 * A fresh account has made its cookie choice and answered the notification prompt (the keys e2e's
 * prepareScreens sets), so neither card covers the screen.
 */
function promptsAnswered(): void {
  localStorage.setItem('vchat:cookie-consent', JSON.stringify('necessary'))
  localStorage.setItem('vchat:notificationPrompt', JSON.stringify('later'))
}

/** Resolves when the main thread has a moment with nothing to do (at most 5 s on). */
async function quiet(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5_000 })))
}

/** Two frames drawn: what a gesture set off (a render, its effects) has run. */
async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))))
}

interface Point {
  x: number
  y: number
}

/**
 * A finger put down at `from`, moved to `to` in FINGER_MOVES even steps and lifted: a scroll (content
 * follows the finger, then coasts) or a swipe. Touch events rather than `Input.synthesizeScrollGesture`,
 * whose touch gestures scroll nothing in headless Chromium.
 */
async function finger(cdp: CDPSession, from: Point, to: Point): Promise<void> {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] })
  for (let move = 1; move <= FINGER_MOVES; move += 1) {
    const x = from.x + ((to.x - from.x) * move) / FINGER_MOVES
    const y = from.y + ((to.y - from.y) * move) / FINGER_MOVES
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] })
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
}

/** The step's long tasks (started in [from, to]) and the heap after it. */
async function figuresOf(page: Page, cdp: CDPSession, from: number, to: number): Promise<StepFigures> {
  const tasks = await page.evaluate(
    ({ from, to }) => {
      const w = window as unknown as { __longTasks: LongTask[]; __longTaskObserver: PerformanceObserver }
      // Entries the observer has not handed over yet belong to the step too.
      for (const entry of w.__longTaskObserver.takeRecords()) w.__longTasks.push({ start: entry.startTime, duration: entry.duration })
      return w.__longTasks.filter((task) => task.start >= from && task.start <= to).map((task) => task.duration)
    },
    { from, to },
  )
  await cdp.send('HeapProfiler.collectGarbage')
  // performance.memory is Chromium's own (not in the DOM typings); exact with --enable-precise-memory-info.
  const heap = await page.evaluate(() => (performance as Performance & { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize)
  return {
    tbt: tasks.reduce((sum, duration) => sum + Math.max(0, duration - LONG_TASK_MS), 0),
    longestTask: Math.max(0, ...tasks),
    heapMB: heap / (1024 * 1024),
    windowMs: to - from,
    longTasks: tasks.length,
  }
}

/** Runs one step between two quiet moments of the main thread and answers its figures. */
async function measured(page: Page, cdp: CDPSession, act: () => Promise<void>): Promise<StepFigures> {
  await quiet(page)
  const from = await page.evaluate(() => performance.now())
  await act()
  await quiet(page)
  const to = await page.evaluate(() => performance.now())
  return figuresOf(page, cdp, from, to)
}

/** The wall from its first card to the end of its list, scrolled by finger; answers how many cards it holds. */
async function discover(page: Page, cdp: CDPSession): Promise<number> {
  await navigate(page, HOST_WALL_PATH)
  const rows = page.getByTestId('wall-rows')
  await rows.waitFor({ timeout: STEP_TIMEOUT_MS })
  const until = Date.now() + STEP_TIMEOUT_MS * 2
  for (let previous = -1; ; ) {
    if (Date.now() > until) throw new Error('discover: the end of the wall not reached')
    // From above the tab bar upwards: the wall moves down.
    const x = PHONE.viewport.width / 2
    const y = PHONE.viewport.height - 120
    await finger(cdp, { x, y }, { x, y: y - SCROLL_PX })
    await nextFrames(page)
    // A next page asked for marks the panel busy until its cards are in.
    await page.waitForFunction(() => document.querySelector('#wall-panel')?.getAttribute('aria-busy') !== 'true', null, { timeout: STEP_TIMEOUT_MS, polling: 'raf' })
    const count = Number(await rows.getAttribute('data-count'))
    const atEnd = await page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2)
    // The end: at the bottom, and the last scroll brought no further page.
    if (atEnd && count === previous) return count
    previous = count
  }
}

/** Three finger swipes on the deck's top card, each until the next card is on top. */
async function match(page: Page, cdp: CDPSession): Promise<void> {
  await navigate(page, MATCH_PATH)
  for (const dx of [-SWIPE_PX, SWIPE_PX, -SWIPE_PX]) {
    const card = page.locator('.vc-matchdeck__card[data-jid]')
    await card.waitFor({ timeout: STEP_TIMEOUT_MS })
    const jid = await card.getAttribute('data-jid')
    const box = await card.boundingBox()
    if (!jid || !box) throw new Error('match: no card on the deck')
    const from = { x: box.x + box.width / 2 - dx / 2, y: box.y + box.height / 2 }
    await finger(cdp, from, { x: from.x + dx, y: from.y })
    await page.waitForFunction((was) => document.querySelector('.vc-matchdeck__card[data-jid]')?.getAttribute('data-jid') !== was, jid, { timeout: STEP_TIMEOUT_MS, polling: 'raf' })
  }
}

/** The host sends the conversation's 1,000 messages (anchor console); resolves once the app has stored them all. */
async function seedThread(page: Page, apiUrl: string, user: TestUser): Promise<void> {
  const consoleId = (await post<{ id: string }>(`${apiUrl}/dev/anchor/login`, { uid: CHAT_HOST_UID, password: SEED_PASSWORD })).id
  try {
    await post(`${apiUrl}/dev/anchor/send`, { id: consoleId, to: user.jid, contents: Array.from({ length: THREAD_MESSAGES }, (_, i) => messageText(i)) })
    await pollUntil('the conversation stored', async () => ((await page.evaluate(storedInThread, CHAT_HOST_JID)) >= THREAD_MESSAGES ? true : false))
  } finally {
    await post(`${apiUrl}/dev/anchor/logout`, { id: consoleId })
  }
}

/**
 * Opens the conversation and scrolls it by finger until its first message is in view; answers how often
 * the list had to be nudged (see below).
 */
async function messages(page: Page, cdp: CDPSession): Promise<number> {
  await navigate(page, chatPath(CHAT_HOST_JID))
  await page.locator('.vc-chat-msg__text', { hasText: messageText(THREAD_MESSAGES - 1) }).waitFor({ timeout: STEP_TIMEOUT_MS })
  const scroller = page.locator('.vc-chat-view__scroller')
  const box = await scroller.boundingBox()
  if (!box) throw new Error('messages: the conversation is not on screen')
  const top = { x: box.x + box.width / 2, y: box.y + 40 }
  const until = Date.now() + STEP_TIMEOUT_MS * 5
  let nudges = 0
  for (;;) {
    const state = await scroller.evaluate(listState, FIRST_MESSAGE)
    if (state.firstInView) return nudges
    if (Date.now() > until) throw new Error(`messages: the first message not reached (${state.size} rows in the list)`)
    if (state.scrollTop <= 0) {
      // At the very top with older messages still to come: the last older page came in while the view was
      // already there, and a finger pulling further down scrolls nothing, so nothing asks for the next
      // page. A person pushes the list up a little and pulls again.
      nudges += 1
      await finger(cdp, { x: top.x, y: top.y + NUDGE_PX }, top)
    }
    // From near the top of the conversation downwards: older messages come into view.
    await finger(cdp, top, { x: top.x, y: top.y + Math.min(SCROLL_PX, box.height - 80) })
    // Pulled to the very top, the view waits for the older page asked for (or shows the first message).
    await page.waitForFunction(
      ({ before, first }) => {
        const list = document.querySelector('.vc-chat-view__scroller')
        if (!list) return false
        const size = list.querySelector('li[aria-setsize]')?.getAttribute('aria-setsize') ?? ''
        return list.scrollTop > 0 || size !== before || [...list.querySelectorAll('.vc-chat-msg__text')].some((node) => node.textContent === first)
      },
      { before: state.size, first: FIRST_MESSAGE },
      { timeout: STEP_TIMEOUT_MS, polling: 'raf' },
    )
  }
}

/**
 * Where the conversation's list stands: its size (as it tells assistive technology: it grows by a page
 * as each older page comes in), its scroll position, and whether the first message's row is in view.
 */
function listState(list: HTMLElement, first: string): { size: string; scrollTop: number; firstInView: boolean } {
  const row = [...list.querySelectorAll('.vc-chat-msg__text')].find((node) => node.textContent === first)
  return {
    size: list.querySelector('li[aria-setsize]')?.getAttribute('aria-setsize') ?? '',
    scrollTop: list.scrollTop,
    firstInView: row !== undefined && row.getBoundingClientRect().top >= list.getBoundingClientRect().top - 1,
  }
}

/** The seeded host signed in, in a context of its own (not throttled), on the app as a host uses it. */
async function hostPage(context: BrowserContext): Promise<Page> {
  const host = await context.newPage()
  await host.addInitScript(promptsAnswered)
  await logIn(host, CALL_HOST_UID)
  return host
}

/** Calls the host, who accepts at once; connected for 10 s, then hung up. */
async function call(page: Page, host: Page): Promise<void> {
  await navigate(page, videoCallPath(CALL_HOST_UID))
  const start = page.getByRole('region', { name: /^Video call with / }).getByRole('button', { name: 'Start video call' })
  await start.waitFor({ timeout: STEP_TIMEOUT_MS })
  // Accepted as soon as the incoming call shows: the host's reaction is not the user's wait.
  const accept = host.getByRole('alertdialog').getByRole('button', { name: 'Accept' })
  await Promise.all([accept.click({ timeout: STEP_TIMEOUT_MS }), start.click()])
  await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('.vc-call__stage > video')?.videoWidth ?? 0) > 0, null, { timeout: STEP_TIMEOUT_MS, polling: 100 })
  // The call itself: ten seconds of a connected call is what is measured here, not a wait for something.
  await page.waitForTimeout(CONNECTED_MS)
  await page.getByRole('button', { name: 'Hang up' }).click()
  await page.locator('.vc-call--ended').waitFor({ timeout: STEP_TIMEOUT_MS })
}

/** One walk through the four steps with a fresh account and fresh contexts. */
async function walk(browser: Browser, appUrl: string, apiUrl: string): Promise<Record<Step, StepFigures>> {
  const user = (await post<{ data: TestUser }>(`${apiUrl}/dev/users`, { paid: true, gemsBalance: GEMS })).data
  const contexts: BrowserContext[] = []
  try {
    const context = await newContext(browser, appUrl, PHONE)
    contexts.push(context)
    const page = await context.newPage()
    await page.addInitScript(watchLongTasks)
    await page.addInitScript(promptsAnswered)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    await logIn(page, user.uid)
    // Signed in: the deck (over the wall) has drawn its card.
    await page.locator('.vc-matchdeck__card[data-jid]').waitFor({ timeout: STEP_TIMEOUT_MS })

    let cards = 0
    const discoverFigures = await measured(page, cdp, async () => {
      cards = await discover(page, cdp)
    })
    console.log(`  discover: ${cards} hosts on the wall`)
    const matchFigures = await measured(page, cdp, () => match(page, cdp))
    await seedThread(page, apiUrl, user)
    let nudges = 0
    const messagesFigures = await measured(page, cdp, async () => {
      nudges = await messages(page, cdp)
    })
    if (nudges) console.log(`  messages: the conversation stopped loading older messages at its top ${nudges} time(s) until nudged`)
    const hostContext = await newContext(browser, appUrl)
    contexts.push(hostContext)
    const host = await hostPage(hostContext)
    const callFigures = await measured(page, cdp, () => call(page, host))
    return { discover: discoverFigures, match: matchFigures, messages: messagesFigures, call: callFigures }
  } finally {
    for (const context of contexts) await context.close()
  }
}

const round1 = (n: number) => Math.round(n * 10) / 10

export async function lowendBench(): Promise<Figures> {
  process.env.VCHAT_E2E_BRANDS ??= 'second'
  const running = await startStack()
  // --enable-precise-memory-info: without it performance.memory is rounded and refreshed only every 20 minutes.
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--enable-precise-memory-info'] }).catch(async (error: unknown) => {
    await running.stop()
    throw error
  })
  try {
    const appUrl = running.appUrls.second
    if (!appUrl || !running.stack.prosody) throw new Error('the low-end bench needs the second brand and Prosody')
    const walks: Record<Step, StepFigures>[] = []
    for (let run = 1; run <= LOWEND_RUNS; run += 1) {
      console.log(`  walk ${run}/${LOWEND_RUNS}`)
      const result = await walk(browser, appUrl, running.stack.apiUrl)
      for (const step of STEPS) {
        const f = result[step]
        console.log(
          `    ${step.padEnd(8)} TBT ${f.tbt.toFixed(0).padStart(5)} ms  longest task ${f.longestTask.toFixed(0).padStart(4)} ms  heap ${f.heapMB.toFixed(1).padStart(5)} MB  (${f.longTasks} long tasks in ${(f.windowMs / 1000).toFixed(1)} s)`,
        )
      }
      walks.push(result)
    }
    const figures: Figures = {}
    console.log(`\n  medians of ${walks.length} walks at ${CPU_SLOWDOWN}× CPU slowdown\n  step      TBT ms  longest ms  heap MB`)
    for (const step of STEPS) {
      const tbt = Math.round(median(walks.map((w) => w[step].tbt)))
      const longestTask = Math.round(median(walks.map((w) => w[step].longestTask)))
      const heapMB = round1(median(walks.map((w) => w[step].heapMB)))
      console.log(`  ${step.padEnd(8)}  ${String(tbt).padStart(6)}  ${String(longestTask).padStart(10)}  ${heapMB.toFixed(1).padStart(7)}`)
      figures[`lowend.${step}.tbt`] = { value: tbt, unit: 'ms' }
      figures[`lowend.${step}.longestTask`] = { value: longestTask, unit: 'ms' }
      figures[`lowend.${step}.heapMB`] = { value: heapMB, unit: 'MB' }
    }
    return figures
  } finally {
    await browser.close()
    await running.stop()
  }
}
