/**
 * The session's clockwork: the presence heartbeat, the quick reconnect checks after a failure or a
 * drop (0.5 s, then 3 s later) and the periodic check from login to logout (every 10 s). It exists to
 * keep the timer handles and their spec timings apart from the connection logic that reacts to them.
 */
import { PRESENCE_HEARTBEAT_MS, RECONNECT_CHECK_MS, RECONNECT_FIRST_CHECK_MS, RECONNECT_SECOND_CHECK_MS } from '../constants.ts'
import type { SessionTimers } from '../types.ts'

/** The platform's timers, the default of `ChatSessionOptions.timers`. */
export const globalTimers: SessionTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof globalThis.clearTimeout>[0]),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as Parameters<typeof globalThis.clearInterval>[0]),
}

/** What the schedule calls when a timer fires. */
export interface ScheduleActions {
  /** Every PRESENCE_HEARTBEAT_MS while the heartbeat runs. */
  heartbeat(): void
  /** A quick check (0.5 s and 3.5 s after a failure or a drop). */
  check(): void
  /** Every RECONNECT_CHECK_MS from login to logout. */
  periodic(): void
}

export interface ReconnectSchedule {
  startHeartbeat(): void
  stopHeartbeat(): void
  clearQuickChecks(): void
  /** After a failure or a disconnect: check after 0.5 s and again 3 s later. */
  scheduleQuickChecks(): void
  /** Starts the periodic check unless it runs already. */
  startPeriodicCheck(): void
  stopAllTimers(): void
}

export function createReconnectSchedule(timers: SessionTimers, actions: ScheduleActions): ReconnectSchedule {
  let heartbeat: unknown = null
  let periodicCheck: unknown = null
  let firstCheck: unknown = null
  let secondCheck: unknown = null

  function stopHeartbeat(): void {
    if (heartbeat !== null) timers.clearInterval(heartbeat)
    heartbeat = null
  }

  function clearQuickChecks(): void {
    if (firstCheck !== null) timers.clearTimeout(firstCheck)
    if (secondCheck !== null) timers.clearTimeout(secondCheck)
    firstCheck = secondCheck = null
  }

  return {
    startHeartbeat() {
      stopHeartbeat()
      heartbeat = timers.setInterval(() => actions.heartbeat(), PRESENCE_HEARTBEAT_MS)
    },
    stopHeartbeat,
    clearQuickChecks,
    scheduleQuickChecks() {
      clearQuickChecks()
      firstCheck = timers.setTimeout(() => {
        firstCheck = null
        actions.check()
        secondCheck = timers.setTimeout(() => {
          secondCheck = null
          actions.check()
        }, RECONNECT_SECOND_CHECK_MS)
      }, RECONNECT_FIRST_CHECK_MS)
    },
    startPeriodicCheck() {
      if (periodicCheck !== null) return
      periodicCheck = timers.setInterval(() => actions.periodic(), RECONNECT_CHECK_MS)
    },
    stopAllTimers() {
      stopHeartbeat()
      clearQuickChecks()
      if (periodicCheck !== null) timers.clearInterval(periodicCheck)
      periodicCheck = null
    },
  }
}
