import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Avatar } from './Avatar'
import { expectNoAxeViolations } from './test-utils/axe'

describe('Avatar', () => {
  it('shows the image with the name as alt text', async () => {
    render(<Avatar src="https://img.example/a.png" name="Lina" size={40} />)
    const image = screen.getByRole('img', { name: 'Lina' })
    expect(image.getAttribute('src')).toBe('https://img.example/a.png')
    expect(image.getAttribute('width')).toBe('40')
    await expectNoAxeViolations()
  })

  it('falls back to the initial when the image fails or is missing', () => {
    const { rerender } = render(<Avatar src="https://img.example/broken.png" name="élif" />)
    fireEvent.error(screen.getByRole('img'))
    expect(screen.getByRole('img', { name: 'élif' }).textContent).toBe('É')
    rerender(<Avatar src="" name="Noor" />)
    expect(screen.getByRole('img', { name: 'Noor' }).textContent).toBe('N')
  })

  it('is silent when decorative', () => {
    const { container } = render(<Avatar src="https://img.example/a.png" name="Lina" decorative />)
    expect(container.querySelector('img')?.getAttribute('alt')).toBe('')
  })
})
