import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { GenderIcon } from './GenderIcon'

describe('GenderIcon', () => {
  it('draws the sign of the gender with its label', () => {
    const { rerender } = render(<GenderIcon gender="female" label="Female" />)
    expect(screen.getByRole('img', { name: 'Female' }).getAttribute('data-gender')).toBe('female')
    rerender(<GenderIcon gender="male" label="Male" />)
    expect(screen.getByRole('img', { name: 'Male' }).querySelectorAll('path')).toHaveLength(1)
  })

  it('is hidden without a label', () => {
    const { container } = render(<GenderIcon gender="male" />)
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true')
  })
})
