import { lazy } from 'react'
import type { ReactNode } from 'react'
import { LoginScreen } from '../features/auth/LoginScreen'
import { LandingScreen } from '../features/landing/LandingScreen'
import type { ScreenKey } from './routeTable'

// Everything beyond the landing and the login popup is split into its own chunk.
const MatchScreen = lazy(() => import('../features/match/MatchScreen').then((m) => ({ default: m.MatchScreen })))
const ComingSoonScreen = lazy(() => import('../features/placeholder/ComingSoonScreen').then((m) => ({ default: m.ComingSoonScreen })))

/** The element of a screen. Screens of later work show an honest "coming soon" state. */
export function renderScreen(screen: ScreenKey): ReactNode {
  switch (screen) {
    case 'landing':
      return <LandingScreen />
    case 'login':
      return <LoginScreen mode="choices" />
    case 'userPassword':
      return <LoginScreen mode="password" />
    case 'match':
      return <MatchScreen />
    default:
      return <ComingSoonScreen screen={screen} />
  }
}
