import { useRef } from 'react'
import type { KeyboardEvent } from 'react'

export type TabItem<K extends string> = { key: K; label: string }

export type TabsProps<K extends string> = {
  /** Names the tab list, e.g. "Language". */
  label: string
  items: readonly TabItem<K>[]
  value: K
  onChange: (key: K) => void
  /** id of the panel the tabs control. */
  controls?: string
  className?: string
}

/**
 * A row of pill tabs (WAI-ARIA tabs, automatic activation): arrow keys move and select (mirrored in
 * right-to-left), Home/End jump to the ends; only the selected tab is in the tab order.
 */
export function Tabs<K extends string>({ label, items, value, onChange, controls, className }: TabsProps<K>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([])

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = items.findIndex((item) => item.key === value)
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl'
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight'
    const back = rtl ? 'ArrowRight' : 'ArrowLeft'
    let next = -1
    if (event.key === forward) next = (current + 1) % items.length
    else if (event.key === back) next = (current - 1 + items.length) % items.length
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = items.length - 1
    if (next === -1) return
    event.preventDefault()
    const item = items[next]
    if (!item) return
    onChange(item.key)
    refs.current[next]?.focus()
  }

  return (
    <div role="tablist" aria-label={label} className={['vc-pill-tabs', className].filter(Boolean).join(' ')} onKeyDown={onKeyDown}>
      {items.map((item, index) => (
        <button
          key={item.key}
          ref={(element) => {
            refs.current[index] = element
          }}
          type="button"
          role="tab"
          className="vc-pill-tabs__tab"
          aria-selected={item.key === value}
          aria-controls={controls}
          tabIndex={item.key === value ? 0 : -1}
          onClick={() => onChange(item.key)}
        >
          {item.label}
        </button>
      ))}
    </div>
  )
}
