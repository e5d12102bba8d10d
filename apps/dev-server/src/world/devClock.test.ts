import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createDevClock } from './devClock.ts'

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the development clock', () => {
  it('runs on real time when nobody moves it', () => {
    const clock = createDevClock()
    const fired = vi.fn()
    clock.setTimeout(fired, 60_000)
    vi.advanceTimersByTime(59_999)
    expect(fired).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(fired).toHaveBeenCalledTimes(1)
    expect(clock.now()).toBe(1_060_000)
  })

  it('advancing the whole clock moves now() and fires what came due, earliest first, once', () => {
    const clock = createDevClock()
    const order: string[] = []
    clock.setTimeout(() => order.push('late'), 50_000)
    clock.setTimeout(() => order.push('early'), 10_000)
    clock.setTimeout(() => order.push('later still'), 120_000)
    expect(clock.advance(60_000)).toBe(2)
    expect(order).toEqual(['early', 'late'])
    expect(clock.now()).toBe(1_060_000)
    vi.advanceTimersByTime(59_999)
    expect(order).toEqual(['early', 'late'])
    vi.advanceTimersByTime(1)
    expect(order).toEqual(['early', 'late', 'later still'])
    vi.advanceTimersByTime(200_000)
    expect(order).toHaveLength(3)
  })

  it('advancing for one jid fires only that jid’s timers and leaves now() and the others alone', () => {
    const clock = createDevClock()
    const mine = vi.fn()
    const theirs = vi.fn()
    clock.setTimeout(mine, 60_000, ['user_300001@localhost', 'anchor_200001@localhost'])
    clock.setTimeout(theirs, 60_000, ['user_300002@localhost', 'anchor_200002@localhost'])
    expect(clock.advance(60_000, 'user_300001@localhost')).toBe(1)
    expect(mine).toHaveBeenCalledTimes(1)
    expect(theirs).not.toHaveBeenCalled()
    expect(clock.now()).toBe(1_000_000)
    vi.advanceTimersByTime(60_000)
    expect(theirs).toHaveBeenCalledTimes(1)
    expect(mine).toHaveBeenCalledTimes(1)
  })

  it('a partial scoped advance brings the rest of the wait closer', () => {
    const clock = createDevClock()
    const fired = vi.fn()
    clock.setTimeout(fired, 60_000, ['a@localhost'])
    expect(clock.advance(45_000, 'a@localhost')).toBe(0)
    vi.advanceTimersByTime(14_999)
    expect(fired).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(fired).toHaveBeenCalledTimes(1)
  })

  it('timers scheduled by a firing timer fire too when they fall inside the advance; cleared ones never', () => {
    const clock = createDevClock()
    const chain = vi.fn()
    const cleared = vi.fn()
    clock.setTimeout(() => clock.setTimeout(chain, 5_000), 5_000)
    const handle = clock.setTimeout(cleared, 1_000)
    clock.clearTimeout(handle)
    expect(clock.advance(20_000)).toBe(2)
    expect(chain).toHaveBeenCalledTimes(1)
    expect(cleared).not.toHaveBeenCalled()
  })

  it('refuses to go backwards', () => {
    expect(() => createDevClock().advance(-1)).toThrow(RangeError)
  })
})
