import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRef } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Button } from './Button'
import { expectNoAxeViolations } from './test-utils/axe'

describe('Button', () => {
  it('is a type="button" button named by its text and calls onClick', async () => {
    const onClick = vi.fn()
    render(<Button onClick={onClick}>Log in</Button>)
    const button = screen.getByRole('button', { name: 'Log in' })
    expect(button).toHaveProperty('type', 'button')
    await userEvent.click(button)
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('can be activated with the keyboard', async () => {
    const onClick = vi.fn()
    render(<Button onClick={onClick}>Send</Button>)
    await userEvent.tab()
    expect(screen.getByRole('button', { name: 'Send' })).toBe(document.activeElement)
    await userEvent.keyboard('{Enter}')
    await userEvent.keyboard(' ')
    expect(onClick).toHaveBeenCalledTimes(2)
  })

  it('busy: aria-busy, spinner, disabled and no clicks', async () => {
    const onClick = vi.fn()
    const { container } = render(
      <Button busy onClick={onClick}>
        Log in
      </Button>,
    )
    const button = screen.getByRole('button', { name: 'Log in' })
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect(button).toHaveProperty('disabled', true)
    expect(container.querySelector('.vc-button__spinner')?.getAttribute('aria-hidden')).toBe('true')
    await userEvent.click(button)
    expect(onClick).not.toHaveBeenCalled()
  })

  it('not busy: no aria-busy, no spinner', () => {
    const { container } = render(<Button>Go</Button>)
    expect(screen.getByRole('button').hasAttribute('aria-busy')).toBe(false)
    expect(container.querySelector('.vc-button__spinner')).toBeNull()
  })

  it('applies variant and block classes, keeps type="submit" and forwards the ref', () => {
    const ref = createRef<HTMLButtonElement>()
    render(
      <Button ref={ref} variant="ghost" block type="submit" className="extra">
        Submit
      </Button>,
    )
    const button = screen.getByRole('button', { name: 'Submit' })
    expect(ref.current).toBe(button)
    expect(button.className).toContain('vc-button--ghost')
    expect(button.className).toContain('vc-button--block')
    expect(button.className).toContain('extra')
    expect(button).toHaveProperty('type', 'submit')
  })

  it('has no axe violations in every variant', async () => {
    render(
      <div>
        <Button>Primary</Button>
        <Button variant="secondary">Secondary</Button>
        <Button variant="ghost">Ghost</Button>
        <Button busy>Busy</Button>
      </div>,
    )
    await expectNoAxeViolations()
  })
})
