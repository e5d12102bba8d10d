import { lazy } from 'react'
import type { ReactNode } from 'react'
import { LandingScreen } from '../features/landing/LandingScreen'
import type { ScreenKey } from './routeTable'

// Only the landing page is in the first load. Every other screen comes from the screen registry (its
// own chunk, holding each screen's loader), which in turn loads the screen's chunk.
const loadRegistry = () => import('./screenRegistry')
const RegisteredScreen = lazy(() => loadRegistry().then((m) => ({ default: m.RegisteredScreen })))

/**
 * Starts downloading a screen's code ahead of rendering it (e.g. together with the popup sheet, so the
 * chunks load side by side rather than one after the other). Errors surface when it renders.
 */
export function preloadScreen(screen: ScreenKey): void {
  if (screen === 'landing' || screen === 'onlineVideoChat') return
  loadRegistry().then((m) => m.preloadRegisteredScreen(screen), () => undefined)
}

/** The element of a screen. Screens of later work show an honest "coming soon" state. */
export function renderScreen(screen: ScreenKey): ReactNode {
  // The landing page is also /onlinevideochat's pop-up (SPEC §2: landing with variants).
  return screen === 'landing' || screen === 'onlineVideoChat' ? <LandingScreen /> : <RegisteredScreen screen={screen} />
}
