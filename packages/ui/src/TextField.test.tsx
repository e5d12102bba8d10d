import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRef } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { TextField } from './TextField'
import { expectNoAxeViolations } from './test-utils/axe'

describe('TextField', () => {
  it('labels the input and takes typed text', async () => {
    const onChange = vi.fn()
    render(<TextField label="User ID" name="uid" onChange={onChange} />)
    const input = screen.getByRole('textbox', { name: 'User ID' })
    await userEvent.type(input, '100001')
    expect(input).toHaveProperty('value', '100001')
    expect(onChange).toHaveBeenCalledTimes(6)
    expect(input.hasAttribute('aria-invalid')).toBe(false)
    expect(input.hasAttribute('aria-describedby')).toBe(false)
  })

  it('wires the error: role=alert text, aria-invalid, aria-describedby', () => {
    render(<TextField label="Password" type="password" error="Wrong user ID or password" />)
    const input = screen.getByLabelText('Password')
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe('Wrong user ID or password')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id)
  })

  it('describes the input with hint, error and a caller description in that order', () => {
    render(
      <>
        <p id="extra">Extra</p>
        <TextField label="Name" hint="Shown to hosts" error="Required" aria-describedby="extra" />
      </>,
    )
    const input = screen.getByRole('textbox', { name: 'Name' })
    const ids = input.getAttribute('aria-describedby')?.split(' ') ?? []
    const texts = ids.map((id) => document.getElementById(id)?.textContent)
    expect(texts).toEqual(['Extra', 'Shown to hosts', 'Required'])
  })

  it('generates distinct ids, keeps a given id and forwards the ref', () => {
    const ref = createRef<HTMLInputElement>()
    render(
      <>
        <TextField label="A" />
        <TextField label="B" />
        <TextField label="C" id="custom" ref={ref} />
      </>,
    )
    const a = screen.getByLabelText('A')
    const b = screen.getByLabelText('B')
    expect(a.id).not.toBe(b.id)
    expect(screen.getByLabelText('C').id).toBe('custom')
    expect(ref.current).toBe(screen.getByLabelText('C'))
  })

  it('an empty error string is no error', () => {
    render(<TextField label="Name" error="" />)
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('textbox').hasAttribute('aria-invalid')).toBe(false)
  })

  it('has no axe violations with hint and error', async () => {
    render(
      <form>
        <TextField label="User ID" hint="6 digits" />
        <TextField label="Password" type="password" error="Required" />
      </form>,
    )
    await expectNoAxeViolations()
  })
})
