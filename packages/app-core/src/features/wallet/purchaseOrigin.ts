import { useCallback } from 'react'
import { useLocation } from 'react-router-dom'
import { useServices } from '../../app/ServicesContext'
import { findRoute } from '../../routes/routeTable'
import { useRouteTable } from '../../routes/navigation'
import { PURCHASE_ORIGIN_KEY } from './constants'

/**
 * Where a purchase started (the chat, the call, the profile… where the coin store was opened), so
 * that the pay result's "Back to the app" returns there rather than to the home screen. Kept in the
 * tab's session storage: a hosted payment page takes the tab away and sends it back to /payresult.
 */
export function usePurchaseOrigin(): { remember(): void; origin(): string | null } {
  const { storage } = useServices()
  const location = useLocation()
  const routes = useRouteTable()
  const remember = useCallback(() => {
    // The payment pages themselves are not a place to return to.
    if (findRoute(routes, location.pathname)?.payment) return
    storage.session<string>(PURCHASE_ORIGIN_KEY).set(`${location.pathname}${location.search}`)
  }, [storage, routes, location.pathname, location.search])
  const origin = useCallback(() => {
    const path = storage.session<string>(PURCHASE_ORIGIN_KEY).get()
    // Only a path of this app: never another site (an open redirect) or a payment page.
    if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) return null
    return findRoute(routes, path.split('?')[0] ?? '')?.payment ? null : path
  }, [storage, routes])
  return { remember, origin }
}
