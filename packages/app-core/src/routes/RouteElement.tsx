import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router-dom'
import { useAppSelector } from '../app/hooks'
import { selectIsLoggedIn } from '../features/auth/authSlice'
import { readLocationState, saveLocation, useBackgroundLocation, useIsBackground } from './navigation'
import type { AppLocationState } from './navigation'
import type { AppRoute } from './routeTable'

/**
 * The auth guard (SPEC §2): an auth route without login opens the login popup, keeping the intended
 * location so the app continues there after login. Behind a popup nothing redirects.
 */
export function RequireAuth({ route, children }: { route: AppRoute; children: ReactNode }) {
  const loggedIn = useAppSelector(selectIsLoggedIn)
  const inBackground = useIsBackground()
  const location = useLocation()
  const background = useBackgroundLocation()
  if (!route.auth || loggedIn || inBackground) return children
  const state: AppLocationState = {
    from: saveLocation(location),
    // The login popup opens over the guarded page's place (a visitor sees the landing page there, see
    // HomeLayout); a guarded popup keeps its own background.
    backgroundLocation: route.popup ? (background ?? readLocationState(location.state).backgroundLocation) : saveLocation(location),
  }
  return <Navigate to="/login" replace state={state} />
}
