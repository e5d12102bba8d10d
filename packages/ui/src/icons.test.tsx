import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { BackIcon, CardsIcon, CloseIcon, GemIcon, GiftIcon, GlobeIcon, HistoryIcon, ImageIcon, ListIcon, MessagesIcon, SmileIcon } from './icons'
import { expectNoAxeViolations } from './test-utils/axe'

const icons = { BackIcon, CardsIcon, CloseIcon, GemIcon, GiftIcon, GlobeIcon, HistoryIcon, ImageIcon, ListIcon, MessagesIcon, SmileIcon }

describe('icons', () => {
  it.each(Object.entries(icons))('%s is a hidden, unfocusable inline svg', (_name, Icon) => {
    const { container } = render(<Icon size={20} />)
    const svg = container.querySelector('svg')
    expect(svg?.getAttribute('aria-hidden')).toBe('true')
    expect(svg?.getAttribute('focusable')).toBe('false')
    expect(svg?.getAttribute('width')).toBe('20')
    expect(svg?.classList.contains('vc-icon')).toBe(true)
  })

  it('cannot be made visible to assistive technology by props', () => {
    const { container } = render(
      <>
        <GemIcon aria-hidden={false} />
        <GiftIcon aria-hidden={false} />
      </>,
    )
    for (const svg of container.querySelectorAll('svg')) expect(svg.getAttribute('aria-hidden')).toBe('true')
  })

  it('only the back icon mirrors in right-to-left', () => {
    const { container } = render(
      <>
        <BackIcon />
        <CloseIcon />
      </>,
    )
    const [back, close] = Array.from(container.querySelectorAll('svg'))
    expect(back?.classList.contains('vc-icon--mirror-rtl')).toBe(true)
    expect(close?.classList.contains('vc-icon--mirror-rtl')).toBe(false)
  })

  it('has no axe violations next to a text label', async () => {
    render(
      <button type="button">
        <BackIcon /> Back
      </button>,
    )
    await expectNoAxeViolations()
  })
})
