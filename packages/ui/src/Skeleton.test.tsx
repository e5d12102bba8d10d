import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Skeleton } from './Skeleton'

describe('Skeleton', () => {
  it('is hidden from assistive technology and takes its size', () => {
    const { container } = render(<Skeleton shape="circle" inlineSize="48px" blockSize="48px" />)
    const element = container.firstElementChild as HTMLElement
    expect(element.getAttribute('aria-hidden')).toBe('true')
    expect(element.className).toContain('vc-skeleton--circle')
    expect(element.style.inlineSize).toBe('48px')
  })

  it('defaults to a block', () => {
    const { container } = render(<Skeleton />)
    expect(container.firstElementChild?.className).toBe('vc-skeleton')
  })
})
