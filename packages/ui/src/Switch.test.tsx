import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Switch } from './Switch'
import { expectNoAxeViolations } from './test-utils/axe'

function Controlled({ onChange }: { onChange: (value: boolean) => void }) {
  const [checked, setChecked] = useState(false)
  return (
    <Switch
      label="Dark mode"
      description="Use dark colours"
      checked={checked}
      onChange={(value) => {
        setChecked(value)
        onChange(value)
      }}
    />
  )
}

describe('Switch', () => {
  it('is a labelled switch that toggles with click and keyboard', async () => {
    const onChange = vi.fn()
    render(<Controlled onChange={onChange} />)
    const control = screen.getByRole('switch', { name: 'Dark mode' })
    expect(control.getAttribute('aria-checked')).toBe('false')
    expect(control.getAttribute('aria-describedby')).toMatch(/\S/)
    await userEvent.click(control)
    expect(control.getAttribute('aria-checked')).toBe('true')
    control.focus()
    await userEvent.keyboard('{Enter}')
    expect(onChange.mock.calls).toEqual([[true], [false]])
    await expectNoAxeViolations()
  })

  it('does not change when disabled', async () => {
    const onChange = vi.fn()
    render(<Switch label="Read receipts" checked onChange={onChange} disabled />)
    await userEvent.click(screen.getByRole('switch', { name: 'Read receipts' }))
    expect(onChange).not.toHaveBeenCalled()
  })
})
