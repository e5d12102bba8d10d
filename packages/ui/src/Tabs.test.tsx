import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Tabs } from './Tabs'
import { expectNoAxeViolations } from './test-utils/axe'

const items = [
  { key: 'all', label: 'All' },
  { key: 'en', label: 'English' },
  { key: 'ar', label: 'العربية' },
] as const

function Harness({ onChange }: { onChange?: (key: string) => void }) {
  const [value, setValue] = useState<(typeof items)[number]['key']>('all')
  return (
    <>
      <Tabs
        label="Language"
        items={items}
        value={value}
        controls="panel"
        onChange={(key) => {
          setValue(key)
          onChange?.(key)
        }}
      />
      <div id="panel" role="tabpanel" aria-label="Hosts" />
    </>
  )
}

describe('Tabs', () => {
  it('marks the selected tab and selects on click', async () => {
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    expect(screen.getByRole('tablist', { name: 'Language' })).toBeInstanceOf(Element)
    expect(screen.getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true')
    await userEvent.click(screen.getByRole('tab', { name: 'English' }))
    expect(onChange).toHaveBeenCalledWith('en')
    expect(screen.getByRole('tab', { name: 'English' }).getAttribute('aria-selected')).toBe('true')
    await expectNoAxeViolations()
  })

  it('moves with arrow keys, Home and End, keeping one tab stop', async () => {
    render(<Harness />)
    await userEvent.tab()
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'All' }))
    await userEvent.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'English' }))
    expect(screen.getByRole('tab', { name: 'English' }).getAttribute('aria-selected')).toBe('true')
    await userEvent.keyboard('{End}')
    expect(screen.getByRole('tab', { name: 'العربية' }).getAttribute('aria-selected')).toBe('true')
    await userEvent.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true')
    await userEvent.keyboard('{ArrowLeft}{Home}')
    expect(screen.getByRole('tab', { name: 'All' }).getAttribute('tabindex')).toBe('0')
    expect(screen.getByRole('tab', { name: 'English' }).getAttribute('tabindex')).toBe('-1')
  })
})
