import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { BlockingOverlay } from './BlockingOverlay'
import { expectNoAxeViolations } from './test-utils/axe'

const title = "Sorry, we're under maintenance"
const message = 'We apologize for the inconvenience'

afterEach(() => {
  document.body.style.overflow = ''
})

describe('BlockingOverlay', () => {
  it('is an alertdialog named by its title and described by its message', () => {
    render(<BlockingOverlay title={title} message={message} />)
    const dialog = screen.getByRole('alertdialog', { name: title })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    const describedBy = dialog.getAttribute('aria-describedby') ?? ''
    expect(document.getElementById(describedBy)?.textContent).toBe(message)
  })

  it('takes focus so nothing behind it stays focused, and keeps Tab inside', async () => {
    render(
      <>
        <button type="button">Behind</button>
        <BlockingOverlay title={title} message={message} />
      </>,
    )
    const dialog = screen.getByRole('alertdialog')
    expect(document.activeElement).toBe(dialog)
    await userEvent.tab()
    expect(document.activeElement).toBe(dialog)
  })

  it('locks page scrolling while mounted and restores the previous value after', () => {
    document.body.style.overflow = 'auto'
    const { unmount } = render(<BlockingOverlay title={title} message={message} />)
    expect(document.body.style.overflow).toBe('hidden')
    unmount()
    expect(document.body.style.overflow).toBe('auto')
  })

  it('renders an optional decorative icon', () => {
    const { container } = render(<BlockingOverlay title={title} message={message} icon={<svg />} />)
    expect(container.querySelector('.vc-overlay__icon')?.getAttribute('aria-hidden')).toBe('true')
  })

  it('has no axe violations', async () => {
    render(<BlockingOverlay title={title} message={message} />)
    await expectNoAxeViolations()
  })
})
