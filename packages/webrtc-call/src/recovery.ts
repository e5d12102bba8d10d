import { ICE_RECOVERY_BOUND_MS, ICE_RESTART_ATTEMPTS, ICE_RESTART_BACKOFF_MS, ICE_RESTART_FIRST_DELAY_MS, ICE_RESTART_JITTER } from './constants'
import type { CallTimers } from './callMachine'

/** Whether a connected call's media flows ('connected') or is being recovered ('reconnecting'). */
export type MediaLinkState = 'connected' | 'reconnecting'

export interface IceRecoveryOptions {
  timers: Pick<CallTimers, 'setTimeout' | 'clearTimeout'>
  /**
   * Whether this side restarts ICE. One side offers (the caller, who made the first offer): two sides
   * restarting at once would collide (glare); the other answers the restart offers it receives.
   */
  restarts: boolean
  /** Starts restart attempt `attempt` (1-based): a new offer with fresh ICE credentials. */
  restart(attempt: number): void
  onState(state: MediaLinkState): void
  /** The bound passed without the media coming back: the call is lost. */
  onGiveUp(): void
  /** Defaults to Math.random (jitter of the back-off). */
  random?: () => number
}

export interface IceRecovery {
  /** Feed every `iceConnectionState` of the call's peer connection here. */
  iceStateChanged(state: RTCIceConnectionState): void
  state(): MediaLinkState
  /** Restart attempts made in the current recovery (0 while connected). */
  attempts(): number
  dispose(): void
}

/** The delay before attempt `attempt` + 1, after attempt `attempt` started: doubling back-off with jitter. */
export function restartBackoffMs(attempt: number, random: () => number = Math.random): number {
  const base = ICE_RESTART_BACKOFF_MS * 2 ** (attempt - 1)
  return Math.round(base * (1 + (random() * 2 - 1) * ICE_RESTART_JITTER))
}

/**
 * Recovery of a connected call whose ICE connection dropped: 'disconnected' or 'failed' makes the
 * call 'reconnecting' at once (the screen says so and the hub pauses billing); after a short wait the
 * offering side restarts ICE, up to `ICE_RESTART_ATTEMPTS` times with back-off and jitter; ICE
 * 'connected'/'completed' ends the recovery; `ICE_RECOVERY_BOUND_MS` after the drop without media it
 * gives up. Pure apart from the injected timers, so tests drive it with fake ones.
 */
export function createIceRecovery(options: IceRecoveryOptions): IceRecovery {
  const { timers } = options
  const random = options.random ?? Math.random
  let state: MediaLinkState = 'connected'
  let attempts = 0
  let attemptTimer: unknown = null
  let boundTimer: unknown = null
  let disposed = false

  function clear(): void {
    if (attemptTimer !== null) timers.clearTimeout(attemptTimer)
    if (boundTimer !== null) timers.clearTimeout(boundTimer)
    attemptTimer = null
    boundTimer = null
  }

  function scheduleAttempt(delay: number): void {
    attemptTimer = timers.setTimeout(() => {
      attemptTimer = null
      if (disposed || state !== 'reconnecting') return
      attempts += 1
      options.restart(attempts)
      if (attempts < ICE_RESTART_ATTEMPTS) scheduleAttempt(restartBackoffMs(attempts, random))
    }, delay)
  }

  return {
    iceStateChanged(ice) {
      if (disposed) return
      if (ice === 'connected' || ice === 'completed') {
        if (state !== 'reconnecting') return
        clear()
        state = 'connected'
        attempts = 0
        options.onState(state)
        return
      }
      if ((ice === 'disconnected' || ice === 'failed') && state === 'connected') {
        state = 'reconnecting'
        options.onState(state)
        if (options.restarts) scheduleAttempt(ICE_RESTART_FIRST_DELAY_MS)
        boundTimer = timers.setTimeout(() => {
          boundTimer = null
          if (disposed || state !== 'reconnecting') return
          clear()
          disposed = true
          options.onGiveUp()
        }, ICE_RECOVERY_BOUND_MS)
      }
    },
    state: () => state,
    attempts: () => attempts,
    dispose() {
      disposed = true
      clear()
    },
  }
}
