import { lazy } from 'react'
import type { ReactNode } from 'react'
import type { ScreenKey } from '../../routes/routeTable'

// Each discovery screen is its own chunk (none is on the landing page).
const loadGoddess = () => import('./GoddessScreen')
const loadMatch = () => import('../match/MatchScreen')
const loadProfile = () => import('../anchor/AnchorProfileScreen')
const loadSocial = () => import('../social/SocialScreen')
const loadClub = () => import('../club/ClubScreen')

const GoddessScreen = lazy(() => loadGoddess().then((m) => ({ default: m.GoddessScreen })))
const MatchScreen = lazy(() => loadMatch().then((m) => ({ default: m.MatchScreen })))
const AnchorProfileScreen = lazy(() => loadProfile().then((m) => ({ default: m.AnchorProfileScreen })))
const SocialScreen = lazy(() => loadSocial().then((m) => ({ default: m.SocialScreen })))
const ClubScreen = lazy(() => loadClub().then((m) => ({ default: m.ClubScreen })))

const LOADERS: Partial<Record<ScreenKey, () => Promise<unknown>>> = {
  goddess: loadGoddess,
  match: loadMatch,
  anchorProfile: loadProfile,
  friendRequests: loadSocial,
  club: loadClub,
  silverAnchor: loadClub,
}

/** Starts loading a discovery screen's chunk; false for screens of other areas. */
export function preloadDiscoverScreen(screen: ScreenKey): boolean {
  const load = LOADERS[screen]
  load?.().catch(() => undefined)
  return load !== undefined
}

/** The element of a discovery screen, or null for screens of other areas. */
export function discoverScreen(screen: ScreenKey): ReactNode {
  switch (screen) {
    case 'goddess':
      return <GoddessScreen />
    case 'match':
      return <MatchScreen />
    case 'anchorProfile':
      return <AnchorProfileScreen />
    case 'friendRequests':
      return <SocialScreen />
    case 'club':
      return <ClubScreen />
    case 'silverAnchor':
      return <ClubScreen listOnly />
    default:
      return null
  }
}
