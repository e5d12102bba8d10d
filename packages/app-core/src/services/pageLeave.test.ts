import { describe, expect, it, vi } from 'vitest'
import { onPageLeave } from './messaging'

function pagehide(persisted: boolean): Event {
  // PageTransitionEvent where the test DOM has it; otherwise an event carrying the same field.
  const event = typeof PageTransitionEvent === 'function' ? new PageTransitionEvent('pagehide', { persisted }) : Object.assign(new Event('pagehide'), { persisted })
  window.dispatchEvent(event)
  return event
}

describe('onPageLeave (messaging ends its stream when the page is left)', () => {
  it('calls the listener when the page is left for good, not when it is kept in the back/forward cache', () => {
    const left = vi.fn()
    const stop = onPageLeave(left)
    pagehide(true)
    expect(left).not.toHaveBeenCalled()
    pagehide(false)
    expect(left).toHaveBeenCalledTimes(1)
    stop()
    pagehide(false)
    expect(left).toHaveBeenCalledTimes(1)
  })
})
