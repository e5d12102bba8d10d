import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Button } from './Button'
import { EmptyState } from './EmptyState'
import { MessagesIcon } from './icons'
import { expectNoAxeViolations } from './test-utils/axe'

describe('EmptyState', () => {
  it('shows title, message, decorative icon and action', async () => {
    const { container } = render(
      <EmptyState
        title="No messages yet"
        message="Say hello to a host"
        icon={<MessagesIcon />}
        action={<Button>Discover</Button>}
      />,
    )
    expect(screen.getByRole('heading', { name: 'No messages yet' })).toBeInstanceOf(Element)
    expect(screen.getByRole('region', { name: 'No messages yet' })).toBeInstanceOf(Element)
    expect(screen.getByText('Say hello to a host')).toBeInstanceOf(Element)
    expect(screen.getByRole('button', { name: 'Discover' })).toBeInstanceOf(Element)
    expect(container.querySelector('.vc-empty__icon')?.getAttribute('aria-hidden')).toBe('true')
    await expectNoAxeViolations()
  })

  it('renders only the title when nothing else is given', () => {
    const { container } = render(<EmptyState title="Nothing here" />)
    expect(container.querySelector('.vc-empty__message')).toBeNull()
    expect(container.querySelector('.vc-empty__icon')).toBeNull()
    expect(container.querySelector('.vc-empty__action')).toBeNull()
  })
})
