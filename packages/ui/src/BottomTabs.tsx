import type { ComponentType, ReactNode } from 'react'
import { MAX_BADGE_COUNT } from './constants'

export type BottomTabItem = {
  key: string
  label: string
  href: string
  /** Decorative; the label names the tab. */
  icon: ReactNode
  active: boolean
  /** Unread count; hidden when 0 or absent, shown as `99+` above 99. */
  badge?: number
}

export type BottomTabLinkProps = {
  href: string
  className?: string
  children: ReactNode
  'aria-current'?: 'page'
}

export type BottomTabsProps = {
  /** Accessible name of the navigation landmark. */
  label: string
  items: BottomTabItem[]
  /** Router link (e.g. an adapter around react-router's Link); a plain `<a>` by default. */
  linkComponent?: ComponentType<BottomTabLinkProps>
}

function DefaultLink({ href, className, children, 'aria-current': ariaCurrent }: BottomTabLinkProps) {
  return (
    <a href={href} className={className} aria-current={ariaCurrent}>
      {children}
    </a>
  )
}

function formatBadge(count: number): string {
  return count > MAX_BADGE_COUNT ? `${MAX_BADGE_COUNT}+` : String(count)
}

/** Main navigation: a bar fixed to the bottom on mobile; from the md breakpoint it sits where the page places it. */
export function BottomTabs({ label, items, linkComponent: Link = DefaultLink }: BottomTabsProps) {
  return (
    <nav className="vc-tabs" aria-label={label}>
      <ul className="vc-tabs__list">
        {items.map((item) => (
          <li key={item.key} className="vc-tabs__item">
            <Link
              href={item.href}
              className={['vc-tabs__link', item.active ? 'vc-tabs__link--active' : undefined]
                .filter(Boolean)
                .join(' ')}
              aria-current={item.active ? 'page' : undefined}
            >
              <span className="vc-tabs__icon" aria-hidden="true">
                {item.icon}
              </span>
              <span className="vc-tabs__label">{item.label}</span>
              {item.badge !== undefined && item.badge > 0 ? (
                <>
                  {/* The space keeps label and count apart in the link's accessible name. */}{' '}
                  <span className="vc-tabs__badge">{formatBadge(item.badge)}</span>
                </>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
