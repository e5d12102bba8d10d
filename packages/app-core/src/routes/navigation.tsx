import { createContext, forwardRef, useContext } from 'react'
import type { AnchorHTMLAttributes, ReactNode } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import type { Location } from 'react-router-dom'
import { useAppSelector } from '../app/hooks'
import { POPUP_FALLBACK_PATH } from '../constants'
import { selectIsLoggedIn } from '../features/auth/authSlice'
import { findRoute } from './routeTable'
import type { AppRoute } from './routeTable'

/** A location kept in router state (what is behind a popup, where to continue after login). */
export interface SavedLocation {
  pathname: string
  search: string
  hash: string
}

/** Router state the app uses. */
export interface AppLocationState {
  /** The page shown behind a popup route. */
  backgroundLocation?: SavedLocation
  /** The route the login popup was opened for (auth guard). */
  from?: SavedLocation
}

export function saveLocation(location: Pick<Location, 'pathname' | 'search' | 'hash'>): SavedLocation {
  return { pathname: location.pathname, search: location.search, hash: location.hash }
}

export function pathOf(location: SavedLocation): string {
  return `${location.pathname}${location.search}${location.hash}`
}

export function readLocationState(state: unknown): AppLocationState {
  if (!state || typeof state !== 'object') return {}
  const { backgroundLocation, from } = state as Record<string, unknown>
  return {
    backgroundLocation: isSavedLocation(backgroundLocation) ? backgroundLocation : undefined,
    from: isSavedLocation(from) ? from : undefined,
  }
}

function isSavedLocation(value: unknown): value is SavedLocation {
  return Boolean(value && typeof value === 'object' && typeof (value as SavedLocation).pathname === 'string')
}

const FALLBACK_BACKGROUND: SavedLocation = { pathname: POPUP_FALLBACK_PATH, search: '', hash: '' }

const RouteTableContext = createContext<readonly AppRoute[]>([])
export const RouteTableProvider = RouteTableContext.Provider

/** The brand's route table. */
export function useRouteTable(): readonly AppRoute[] {
  return useContext(RouteTableContext)
}

const BackgroundContext = createContext(false)
/** Marks content rendered behind a popup: guards do not redirect there. */
export const BackgroundProvider = BackgroundContext.Provider
export function useIsBackground(): boolean {
  return useContext(BackgroundContext)
}

/**
 * The page to show behind the current location when it is a popup route: the saved background when it
 * is a non-popup route of the table, else the goddess wall (SPEC §2). Null for non-popup routes.
 */
export function useBackgroundLocation(): SavedLocation | null {
  const location = useLocation()
  const routes = useRouteTable()
  const loggedIn = useAppSelector(selectIsLoggedIn)
  const current = findRoute(routes, location.pathname)
  if (!current?.popup) return null
  const saved = readLocationState(location.state).backgroundLocation
  // The landing page is for visitors; behind a signed-in user's popup the goddess wall stands in.
  if (saved && !(loggedIn && saved.pathname === '/')) {
    const route = findRoute(routes, saved.pathname)
    if (route && !route.popup && route.layout === 'home') return saved
  }
  return FALLBACK_BACKGROUND
}

/** Router state for navigating to `to`: popups remember the page they open over. */
function useStateFor(): (to: string) => AppLocationState | undefined {
  const routes = useRouteTable()
  const location = useLocation()
  const background = useBackgroundLocation()
  return (to: string) => {
    const target = findRoute(routes, new URL(to, 'http://x').pathname)
    if (!target?.popup) return undefined
    return { backgroundLocation: background ?? saveLocation(location) }
  }
}

/** Navigation that keeps the background of popup routes. */
export function useAppNavigate(): (to: string, options?: { replace?: boolean; state?: AppLocationState }) => void {
  const navigate = useNavigate()
  const stateFor = useStateFor()
  return (to, options = {}) => navigate(to, { replace: options.replace, state: options.state ?? stateFor(to) })
}

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; children?: ReactNode }

/** A router link that opens popup routes over the current page. */
export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink({ to, children, ...rest }, ref) {
  const stateFor = useStateFor()
  return (
    <Link ref={ref} to={to} state={stateFor(to)} {...rest}>
      {children}
    </Link>
  )
})
