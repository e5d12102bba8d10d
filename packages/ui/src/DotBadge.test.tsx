import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DotBadge } from './DotBadge'
import { expectNoAxeViolations } from './test-utils/axe'

describe('DotBadge', () => {
  it('shows the dot with its spoken label only when asked', async () => {
    const { rerender } = render(
      <button type="button">
        <DotBadge show label="reward to claim">
          Tasks
        </DotBadge>
      </button>,
    )
    expect(screen.getByTestId('red-dot')).toBeInstanceOf(Element)
    expect(screen.getByRole('button').textContent).toBe('Tasksreward to claim')
    await expectNoAxeViolations()
    rerender(
      <button type="button">
        <DotBadge show={false} label="reward to claim">
          Tasks
        </DotBadge>
      </button>,
    )
    expect(screen.queryByTestId('red-dot')).toBeNull()
    expect(screen.getByRole('button').textContent).toBe('Tasks')
  })
})
