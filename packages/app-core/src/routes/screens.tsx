import { lazy } from 'react'
import type { ComponentType, ReactNode } from 'react'
import { LandingScreen } from '../features/landing/LandingScreen'
import type { AppRoute, ScreenKey } from './routeTable'

// Only the landing page is in the first load; every other screen is the chunk its route row loads.
// One lazy component per screen, made on first use, so React keeps a screen's state across renders.
const lazyScreens = new Map<ScreenKey, ComponentType>()

function lazyScreen(screen: ScreenKey, load: NonNullable<AppRoute['load']>): ComponentType {
  let Screen = lazyScreens.get(screen)
  if (!Screen) {
    Screen = lazy(() => load().then((component) => ({ default: component })))
    lazyScreens.set(screen, Screen)
  }
  return Screen
}

/**
 * Starts downloading a route's screen ahead of rendering it (e.g. together with the popup sheet, so the
 * chunks load side by side rather than one after the other). Errors surface when it renders.
 */
export function preloadScreen(route: Pick<AppRoute, 'load'>): void {
  route.load?.().catch(() => undefined)
}

/** The landing page (also /onlinevideochat's pop-up, SPEC §2, and what a visitor sees behind login). */
export function renderLanding(): ReactNode {
  return <LandingScreen />
}

/** The element of a route's screen. */
export function renderScreen(route: Pick<AppRoute, 'screen' | 'load'>): ReactNode {
  if (!route.load) return renderLanding()
  const Screen = lazyScreen(route.screen, route.load)
  return <Screen />
}
