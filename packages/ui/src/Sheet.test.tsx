import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Sheet } from './Sheet'
import { expectNoAxeViolations } from './test-utils/axe'

function Harness({ children }: { children?: ReactNode }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Sheet open={open} title="Log in" closeLabel="Close" onClose={() => setOpen(false)}>
        {children}
      </Sheet>
    </>
  )
}

const form = (
  <>
    <label htmlFor="uid">User ID</label>
    <input id="uid" />
    <button type="submit">Submit</button>
  </>
)

describe('Sheet', () => {
  it('renders nothing when closed', () => {
    render(<Sheet open={false} title="Log in" closeLabel="Close" onClose={() => undefined} />)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('is a modal dialog labelled by its title with a named close button', () => {
    render(
      <Sheet open title="Log in" closeLabel="Close" onClose={() => undefined}>
        <p>Body</p>
      </Sheet>,
    )
    const dialog = screen.getByRole('dialog', { name: 'Log in' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeInstanceOf(Element)
    expect(screen.getByRole('button', { name: 'Close' })).toBeInstanceOf(Element)
  })

  it('moves focus to the first focusable element of its content', async () => {
    render(<Harness>{form}</Harness>)
    await userEvent.click(screen.getByRole('button', { name: 'Open' }))
    expect(document.activeElement).toBe(screen.getByLabelText('User ID'))
  })

  it('prefers an element marked data-autofocus', () => {
    render(
      <Sheet open title="T" closeLabel="Close" onClose={() => undefined}>
        <button type="button">First</button>
        <button type="button" data-autofocus>
          Second
        </button>
      </Sheet>,
    )
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Second' }))
  })

  it('focuses the close button when the content has nothing focusable', () => {
    render(
      <Sheet open title="T" closeLabel="Close" onClose={() => undefined}>
        <p>Only text</p>
      </Sheet>,
    )
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }))
  })

  it('traps Tab and Shift+Tab inside', async () => {
    render(<Harness>{form}</Harness>)
    await userEvent.click(screen.getByRole('button', { name: 'Open' }))
    const close = screen.getByRole('button', { name: 'Close' })
    const uid = screen.getByLabelText('User ID')
    const submit = screen.getByRole('button', { name: 'Submit' })
    expect(document.activeElement).toBe(uid)
    await userEvent.tab()
    expect(document.activeElement).toBe(submit)
    await userEvent.tab()
    expect(document.activeElement).toBe(close)
    await userEvent.tab()
    expect(document.activeElement).toBe(uid)
    await userEvent.tab({ shift: true })
    expect(document.activeElement).toBe(close)
    await userEvent.tab({ shift: true })
    expect(document.activeElement).toBe(submit)
  })

  it('closes on Escape and gives focus back to the opener', async () => {
    render(<Harness>{form}</Harness>)
    const opener = screen.getByRole('button', { name: 'Open' })
    await userEvent.click(opener)
    expect(screen.getByRole('dialog')).toBeInstanceOf(Element)
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('closes with the close button and the backdrop', async () => {
    const onClose = vi.fn()
    const { baseElement } = render(
      <Sheet open title="T" closeLabel="Close" onClose={onClose}>
        <p>Text</p>
      </Sheet>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Close' }))
    const backdrop = baseElement.querySelector('.vc-sheet-backdrop')
    expect(backdrop).not.toBeNull()
    if (backdrop) await userEvent.click(backdrop)
    expect(onClose).toHaveBeenCalledTimes(2)
  })

  it('applies the size class', () => {
    render(<Sheet open title="T" closeLabel="Close" onClose={() => undefined} size="sm" />)
    expect(screen.getByRole('dialog').className).toContain('vc-sheet--sm')
  })

  it('has no axe violations when open', async () => {
    render(<Harness>{form}</Harness>)
    await userEvent.click(screen.getByRole('button', { name: 'Open' }))
    await expectNoAxeViolations()
  })

  it('adds no second banner landmark over a page that has its own header', async () => {
    render(
      <>
        <header>Site header</header>
        <main>
          <Sheet open title="Log in" closeLabel="Close" onClose={() => undefined}>
            {form}
          </Sheet>
        </main>
      </>,
    )
    expect(screen.getAllByRole('banner')).toHaveLength(1)
    await expectNoAxeViolations()
  })
})
