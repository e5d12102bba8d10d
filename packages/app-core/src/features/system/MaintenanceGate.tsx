import { lazy, Suspense, useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { MAINTENANCE_POLL_INTERVAL_MS, MAINTENANCE_RECHECK_ON_NAVIGATION_MS } from '../../constants'
import { selectIsLoggedIn } from '../auth'
import { fetchMaintenanceStatus, selectIsUnderMaintenance } from './systemSlice'

const MaintenanceOverlay = lazy(() => import('./MaintenanceOverlay').then((m) => ({ default: m.MaintenanceOverlay })))

/** Whether the maintenance status is watched: everywhere except a visitor's landing page. */
function watchesMaintenance({ pathname, loggedIn, underMaintenance }: { pathname: string; loggedIn: boolean; underMaintenance: boolean }): boolean {
  // The visitor landing is static content: no server call there. Once the overlay is up it keeps being
  // checked wherever the user is, so it goes away when maintenance ends.
  return loggedIn || pathname !== '/' || underMaintenance
}

/**
 * The maintenance status (SPEC §2, §4): checked when the user opens any route other than the visitor
 * landing page (the login popup included; at most once per 10 s on navigation) and every 60 s from
 * then on while signed in or away from the landing page. While the server reports 2 a full-screen overlay covers everything and the page cannot
 * scroll. A visitor on the landing page during maintenance sees the overlay as soon as they try to log
 * in or browse.
 */
export function MaintenanceGate() {
  const dispatch = useAppDispatch()
  const { clock } = useServices()
  const { pathname } = useLocation()
  const loggedIn = useAppSelector(selectIsLoggedIn)
  const underMaintenance = useAppSelector(selectIsUnderMaintenance)
  const watching = watchesMaintenance({ pathname, loggedIn, underMaintenance })

  // Every route opened while watching (the first one is checked by the effect below).
  useEffect(() => {
    if (watching) void dispatch(fetchMaintenanceStatus({ skipIfCheckedWithinMs: MAINTENANCE_RECHECK_ON_NAVIGATION_MS }))
  }, [pathname, watching, dispatch])

  useEffect(() => {
    if (!watching) return
    void dispatch(fetchMaintenanceStatus())
    const handle = clock.setInterval(() => {
      void dispatch(fetchMaintenanceStatus())
    }, MAINTENANCE_POLL_INTERVAL_MS)
    return () => clock.clearInterval(handle)
  }, [watching, dispatch, clock])

  if (!underMaintenance) return null
  return (
    <Suspense fallback={null}>
      <MaintenanceOverlay />
    </Suspense>
  )
}
