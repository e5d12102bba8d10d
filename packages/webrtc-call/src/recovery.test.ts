import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ICE_RECOVERY_BOUND_MS, ICE_RESTART_ATTEMPTS, ICE_RESTART_BACKOFF_MS, ICE_RESTART_FIRST_DELAY_MS } from './constants'
import { createIceRecovery, restartBackoffMs } from './recovery'
import type { MediaLinkState } from './recovery'

const timers = {
  setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
  clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

function setup(restarts = true) {
  const restartsMade: number[] = []
  const states: MediaLinkState[] = []
  const gaveUp = vi.fn()
  const recovery = createIceRecovery({
    timers,
    restarts,
    // No jitter: the schedule is exact.
    random: () => 0.5,
    restart: (attempt) => restartsMade.push(attempt),
    onState: (state) => states.push(state),
    onGiveUp: gaveUp,
  })
  return { recovery, restartsMade, states, gaveUp }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('ICE recovery', () => {
  it('goes reconnecting at the drop, restarts after a short wait, and is connected again when ICE is', () => {
    const { recovery, restartsMade, states } = setup()
    recovery.iceStateChanged('disconnected')
    expect(states).toEqual(['reconnecting'])
    vi.advanceTimersByTime(ICE_RESTART_FIRST_DELAY_MS - 1)
    expect(restartsMade).toEqual([])
    vi.advanceTimersByTime(1)
    expect(restartsMade).toEqual([1])
    recovery.iceStateChanged('checking')
    recovery.iceStateChanged('connected')
    expect(states).toEqual(['reconnecting', 'connected'])
    expect(recovery.state()).toBe('connected')
    // Nothing more is scheduled once the media is back.
    vi.advanceTimersByTime(ICE_RECOVERY_BOUND_MS * 2)
    expect(restartsMade).toEqual([1])
  })

  it('a drop that heals by itself before the first restart needs none', () => {
    const { recovery, restartsMade, states } = setup()
    recovery.iceStateChanged('disconnected')
    vi.advanceTimersByTime(ICE_RESTART_FIRST_DELAY_MS / 2)
    recovery.iceStateChanged('connected')
    vi.advanceTimersByTime(ICE_RECOVERY_BOUND_MS)
    expect(restartsMade).toEqual([])
    expect(states).toEqual(['reconnecting', 'connected'])
  })

  it('restarts at most three times with doubling back-off, then gives up at the bound', () => {
    const { recovery, restartsMade, gaveUp, states } = setup()
    recovery.iceStateChanged('failed')
    vi.advanceTimersByTime(ICE_RESTART_FIRST_DELAY_MS)
    expect(restartsMade).toEqual([1])
    vi.advanceTimersByTime(ICE_RESTART_BACKOFF_MS)
    expect(restartsMade).toEqual([1, 2])
    vi.advanceTimersByTime(ICE_RESTART_BACKOFF_MS * 2)
    expect(restartsMade).toEqual([1, 2, 3])
    expect(ICE_RESTART_ATTEMPTS).toBe(3)
    vi.advanceTimersByTime(ICE_RECOVERY_BOUND_MS - ICE_RESTART_FIRST_DELAY_MS - 3 * ICE_RESTART_BACKOFF_MS - 1)
    expect(restartsMade).toEqual([1, 2, 3])
    expect(gaveUp).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(gaveUp).toHaveBeenCalledTimes(1)
    // Given up: later ICE states change nothing.
    recovery.iceStateChanged('connected')
    expect(states).toEqual(['reconnecting'])
  })

  it('the side that does not offer waits for the other side\'s restarts, within the same bound', () => {
    const { recovery, restartsMade, gaveUp, states } = setup(false)
    recovery.iceStateChanged('disconnected')
    vi.advanceTimersByTime(ICE_RECOVERY_BOUND_MS - 1)
    expect(restartsMade).toEqual([])
    recovery.iceStateChanged('connected')
    vi.advanceTimersByTime(ICE_RECOVERY_BOUND_MS)
    expect(gaveUp).not.toHaveBeenCalled()
    expect(states).toEqual(['reconnecting', 'connected'])
  })

  it('a second drop after a recovery starts a fresh one with its own attempts and bound', () => {
    const { recovery, restartsMade, gaveUp } = setup()
    recovery.iceStateChanged('disconnected')
    vi.advanceTimersByTime(ICE_RESTART_FIRST_DELAY_MS + ICE_RESTART_BACKOFF_MS)
    recovery.iceStateChanged('connected')
    expect(recovery.attempts()).toBe(0)
    vi.advanceTimersByTime(ICE_RECOVERY_BOUND_MS)
    recovery.iceStateChanged('disconnected')
    vi.advanceTimersByTime(ICE_RESTART_FIRST_DELAY_MS)
    expect(restartsMade).toEqual([1, 2, 1])
    vi.advanceTimersByTime(ICE_RECOVERY_BOUND_MS - ICE_RESTART_FIRST_DELAY_MS - 1)
    expect(gaveUp).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(gaveUp).toHaveBeenCalledTimes(1)
  })

  it('ignores a failed state during a recovery (no second schedule) and stops everything when disposed', () => {
    const { recovery, restartsMade, gaveUp } = setup()
    recovery.iceStateChanged('disconnected')
    recovery.iceStateChanged('failed')
    vi.advanceTimersByTime(ICE_RESTART_FIRST_DELAY_MS)
    expect(restartsMade).toEqual([1])
    recovery.dispose()
    vi.advanceTimersByTime(ICE_RECOVERY_BOUND_MS)
    expect(restartsMade).toEqual([1])
    expect(gaveUp).not.toHaveBeenCalled()
  })

  it('jitters the back-off within ±20 %', () => {
    expect(restartBackoffMs(1, () => 0)).toBe(ICE_RESTART_BACKOFF_MS * 0.8)
    expect(restartBackoffMs(1, () => 1)).toBe(ICE_RESTART_BACKOFF_MS * 1.2)
    expect(restartBackoffMs(2, () => 0.5)).toBe(ICE_RESTART_BACKOFF_MS * 2)
  })
})
