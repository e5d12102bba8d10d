/**
 * The development clock: real time, which a tester (or an end-to-end test) can move forward through
 * `POST /dev/clock/advance` so waits such as the 60 s call ring time-out take no real time.
 *
 * Timers can carry a scope (the jids a call concerns). Advancing with a jid moves only the timers of
 * that jid forward; the shared "now" stays put. That is what tests running side by side on one stack
 * need: one test's unanswered call times out at once while another test's connected call keeps its
 * heartbeats and billing. Advancing without a jid moves the whole clock: every timer and `now()`.
 */
export interface DevClock {
  now(): number
  /** `scope`: the jids this timer concerns (bare jids), for scoped advances. */
  setTimeout(callback: () => void, ms: number, scope?: readonly string[]): unknown
  clearTimeout(handle: unknown): void
  /** Moves time forward by `ms` (for the timers of `jid` only, when given); returns how many timers fired. */
  advance(ms: number, jid?: string): number
}

interface Pending {
  due: number
  callback: () => void
  scope: readonly string[]
  real: ReturnType<typeof setTimeout>
}

export function createDevClock(base: () => number = Date.now): DevClock {
  let offset = 0
  const pending = new Set<Pending>()
  const now = () => base() + offset

  function arm(timer: Pending): void {
    timer.real = setTimeout(() => fire(timer), Math.max(0, timer.due - now()))
    // A pending development timer never keeps the process alive on its own.
    timer.real.unref?.()
  }

  function fire(timer: Pending): void {
    if (!pending.delete(timer)) return
    clearTimeout(timer.real)
    timer.callback()
  }

  return {
    now,
    setTimeout(callback, ms, scope = []) {
      const timer: Pending = { due: now() + ms, callback, scope, real: undefined as unknown as ReturnType<typeof setTimeout> }
      pending.add(timer)
      arm(timer)
      return timer
    },
    clearTimeout(handle) {
      const timer = handle as Pending
      if (pending.delete(timer)) clearTimeout(timer.real)
    },
    advance(ms, jid) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advance needs a non-negative number of milliseconds')
      const concerned = (timer: Pending) => jid === undefined || timer.scope.includes(jid)
      // Whole clock: time itself moves. One jid: that jid's timers come closer instead.
      const move = (step: number) => {
        if (jid === undefined) offset += step
        else for (const timer of pending) if (concerned(timer)) timer.due -= step
      }
      let remaining = ms
      let fired = 0
      // Step from timer to timer, so one scheduled by a callback on the way fires too if its moment
      // falls inside the advance.
      for (;;) {
        const next = [...pending].filter(concerned).sort((a, b) => a.due - b.due)[0]
        if (!next) break
        const wait = Math.max(0, next.due - now())
        if (wait > remaining) break
        move(wait)
        remaining -= wait
        fire(next)
        fired += 1
      }
      move(remaining)
      for (const timer of pending) {
        if (!concerned(timer)) continue
        clearTimeout(timer.real)
        arm(timer)
      }
      return fired
    },
  }
}
