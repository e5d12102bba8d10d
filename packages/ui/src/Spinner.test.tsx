import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Spinner } from './Spinner'
import { expectNoAxeViolations } from './test-utils/axe'

describe('Spinner', () => {
  it('is a status named by its visually hidden label', async () => {
    const { container } = render(<Spinner label="Loading" />)
    const status = screen.getByRole('status')
    expect(status.textContent).toBe('Loading')
    expect(container.querySelector('.vc-visually-hidden')?.textContent).toBe('Loading')
    expect(container.querySelector('.vc-spinner__circle')?.getAttribute('aria-hidden')).toBe('true')
    await expectNoAxeViolations()
  })
})
