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

  it('is a 3:2 picture when given one, named by the country or decorative', () => {
    const { rerender } = render(<Flag code="BR" label="Brazil" src="/flags/BR.svg" size={16} />)
    const picture = screen.getByRole('img', { name: 'Brazil' })
    expect(picture.tagName).toBe('IMG')
    expect(picture.getAttribute('src')).toBe('/flags/BR.svg')
    expect([picture.getAttribute('width'), picture.getAttribute('height')]).toEqual(['24', '16'])
    rerender(<Flag code="BR" src="/flags/BR.svg" />)
    expect(screen.getByRole('presentation').getAttribute('alt')).toBe('')
  })

  it('the global flag is the globe icon, not an emoji a system may not draw', () => {
    render(<Flag code="GLOBAL" label="Global" />)
    const globe = screen.getByRole('img', { name: 'Global' })
    expect(globe.querySelector('svg')).not.toBeNull()
    expect(globe.textContent).toBe('')
  })
})
