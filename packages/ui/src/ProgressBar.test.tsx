import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ProgressBar } from './ProgressBar'
import { expectNoAxeViolations } from './test-utils/axe'

describe('ProgressBar', () => {
  it('reports the value in percent, clamped to 0–100', async () => {
    const { rerender } = render(<ProgressBar label="Uploading photo" value={0.456} />)
    const bar = screen.getByRole('progressbar', { name: 'Uploading photo' })
    expect(bar.getAttribute('aria-valuenow')).toBe('46')
    rerender(<ProgressBar label="Uploading photo" value={3} />)
    expect(bar.getAttribute('aria-valuenow')).toBe('100')
    await expectNoAxeViolations()
  })

  it('has no value when the amount is unknown', () => {
    render(<ProgressBar label="Uploading photo" value={undefined} />)
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBeNull()
  })
})
