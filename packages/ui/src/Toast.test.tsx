import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Toast } from './Toast'
import { expectNoAxeViolations } from './test-utils/axe'

describe('Toast', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('announces a message as status and dismisses itself after its duration', async () => {
    const onDismiss = vi.fn()
    render(<Toast message="Saved" tone="success" onDismiss={onDismiss} durationMs={2000} />)
    expect(screen.getByRole('status').textContent).toBe('Saved')
    act(() => {
      vi.advanceTimersByTime(1999)
    })
    expect(onDismiss).not.toHaveBeenCalled()
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(onDismiss).toHaveBeenCalledTimes(1)
    vi.useRealTimers()
    await expectNoAxeViolations()
  })

  it('uses an alert for errors and stays with duration 0', () => {
    const onDismiss = vi.fn()
    render(<Toast message="Could not save" tone="error" onDismiss={onDismiss} durationMs={0} />)
    expect(screen.getByRole('alert').textContent).toBe('Could not save')
    act(() => {
      vi.advanceTimersByTime(60_000)
    })
    expect(onDismiss).not.toHaveBeenCalled()
  })
})
