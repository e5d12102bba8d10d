import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { BottomTabItem, BottomTabLinkProps } from './BottomTabs'
import { BottomTabs } from './BottomTabs'
import { CardsIcon, HistoryIcon, ListIcon, MessagesIcon } from './icons'
import { expectNoAxeViolations } from './test-utils/axe'

const items: BottomTabItem[] = [
  { key: 'match', label: 'Match', href: '/match', icon: <CardsIcon />, active: true },
  { key: 'discover', label: 'Discover', href: '/goddess', icon: <ListIcon />, active: false },
  { key: 'messages', label: 'Messages', href: '/message', icon: <MessagesIcon />, active: false, badge: 3 },
  { key: 'history', label: 'History', href: '/callrecord', icon: <HistoryIcon />, active: false, badge: 0 },
]

describe('BottomTabs', () => {
  it('is a navigation landmark with one link per tab, in order', () => {
    render(<BottomTabs label="Main" items={items} />)
    const nav = screen.getByRole('navigation', { name: 'Main' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/match', '/goddess', '/message', '/callrecord'])
    expect(within(nav).getAllByRole('listitem')).toHaveLength(4)
  })

  it('marks only the active tab with aria-current="page"', () => {
    render(<BottomTabs label="Main" items={items} />)
    const current = screen.getAllByRole('link').filter((l) => l.getAttribute('aria-current') === 'page')
    expect(current).toHaveLength(1)
    expect(current[0]?.textContent).toBe('Match')
  })

  it('shows a badge only for positive counts and caps it at 99+', () => {
    const { rerender } = render(<BottomTabs label="Main" items={items} />)
    expect(screen.getByRole('link', { name: 'Messages 3' })).toBeInstanceOf(Element)
    expect(screen.getByRole('link', { name: 'History' })).toBeInstanceOf(Element)
    rerender(
      <BottomTabs label="Main" items={items.map((i) => (i.key === 'messages' ? { ...i, badge: 250 } : i))} />,
    )
    expect(screen.getByRole('link', { name: 'Messages 99+' })).toBeInstanceOf(Element)
  })

  it('uses the given link component (e.g. a router link)', () => {
    const visited: string[] = []
    function RouterLink({ href, className, children, 'aria-current': ariaCurrent }: BottomTabLinkProps) {
      return (
        <a
          href={href}
          className={className}
          aria-current={ariaCurrent}
          data-router="yes"
          onClick={(e) => {
            e.preventDefault()
            visited.push(href)
          }}
        >
          {children}
        </a>
      )
    }
    render(<BottomTabs label="Main" items={items} linkComponent={RouterLink} />)
    const links = screen.getAllByRole('link')
    expect(links.every((l) => l.getAttribute('data-router') === 'yes')).toBe(true)
    links[1]?.click()
    expect(visited).toEqual(['/goddess'])
  })

  it('is reachable tab by tab with the keyboard', async () => {
    render(<BottomTabs label="Main" items={items} />)
    await userEvent.tab()
    expect(document.activeElement?.getAttribute('href')).toBe('/match')
    await userEvent.tab()
    expect(document.activeElement?.getAttribute('href')).toBe('/goddess')
  })

  it('has no axe violations', async () => {
    render(<BottomTabs label="Main" items={items} />)
    await expectNoAxeViolations()
  })
})
