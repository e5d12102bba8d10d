import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Flag, flagEmoji } from './Flag'

describe('Flag', () => {
  it('draws regional indicator pairs', () => {
    expect(flagEmoji('SA')).toBe('🇸🇦')
    expect(flagEmoji('gb')).toBe('🇬🇧')
  })

  it('shows the global flag for the fallback and anything malformed', () => {
    expect(flagEmoji('GLOBAL')).toBe('🌐')
    expect(flagEmoji('')).toBe('🌐')
  })

  it('is labelled when given a country name, hidden otherwise', () => {
    const { container, rerender } = render(<Flag code="TR" label="Turkey" />)
    expect(screen.getByRole('img', { name: 'Turkey' }).textContent).toBe('🇹🇷')
    rerender(<Flag code="TR" />)
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true')
  })
})
