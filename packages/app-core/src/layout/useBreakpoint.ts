import { useSyncExternalStore } from 'react'
import { BREAKPOINTS } from '../constants'
import type { Breakpoint } from '../constants'

/** SPEC §2 breakpoints from widest to narrowest; xs (0) always matches. */
const ORDER: readonly Breakpoint[] = ['2xl', 'xl', 'md', 'xs']

/** The breakpoint a viewport width falls in. */
export function breakpointForWidth(width: number): Breakpoint {
  return ORDER.find((name) => width >= BREAKPOINTS[name]) ?? 'xs'
}

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined') return () => {}
  window.addEventListener('resize', onChange)
  return () => window.removeEventListener('resize', onChange)
}

function snapshot(): Breakpoint {
  return typeof window === 'undefined' ? 'xs' : breakpointForWidth(window.innerWidth)
}

/** The current breakpoint, updated on resize. `isMobile` is true on xs (SPEC §2). */
export function useBreakpoint(): { breakpoint: Breakpoint; isMobile: boolean } {
  const breakpoint = useSyncExternalStore(subscribe, snapshot, () => 'xs' as const)
  return { breakpoint, isMobile: breakpoint === 'xs' }
}
