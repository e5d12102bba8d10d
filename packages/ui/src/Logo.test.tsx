import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Logo } from './Logo'
import { expectNoAxeViolations } from './test-utils/axe'

describe('Logo', () => {
  it('is an image with the brand name as alt text and the given height', async () => {
    render(<Logo src="/logo.svg" alt="VChat" height={40} />)
    const img = screen.getByRole('img', { name: 'VChat' })
    expect(img.getAttribute('src')).toBe('/logo.svg')
    expect(img.getAttribute('height')).toBe('40')
    await expectNoAxeViolations()
  })

  it('defaults to 32 px high', () => {
    render(<Logo src="/logo.svg" alt="VChat" />)
    expect(screen.getByRole('img').getAttribute('height')).toBe('32')
  })
})
