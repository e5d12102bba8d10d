import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { breakpointForWidth, useBreakpoint } from './useBreakpoint'

describe('breakpointForWidth', () => {
  it.each([
    [0, 'xs'],
    [375, 'xs'],
    [1023, 'xs'],
    [1024, 'md'],
    [1279, 'md'],
    [1280, 'xl'],
    [1535, 'xl'],
    [1536, '2xl'],
    [2560, '2xl'],
  ])('%i px → %s', (width, expected) => {
    expect(breakpointForWidth(width)).toBe(expected)
  })
})

function Probe() {
  const { breakpoint, isMobile } = useBreakpoint()
  return <p>{`${breakpoint} ${isMobile ? 'mobile' : 'desktop'}`}</p>
}

describe('useBreakpoint', () => {
  it('follows window resizes', () => {
    window.innerWidth = 375
    render(<Probe />)
    expect(screen.getByText('xs mobile')).toBeInstanceOf(Element)
    act(() => {
      window.innerWidth = 1300
      window.dispatchEvent(new Event('resize'))
    })
    expect(screen.getByText('xl desktop')).toBeInstanceOf(Element)
  })
})
