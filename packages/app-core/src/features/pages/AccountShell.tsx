import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { selectIsLoggedIn } from '../auth'
import { captureInstallPrompt } from '../install'
import { applyAppearance, loadSettings, selectSettings } from '../settings'
import { CookieBanner } from './CookieBanner'
import '../../layout/appearance.css'

const AccountOverlays = lazy(() => import('./AccountOverlays').then((m) => ({ default: m.AccountOverlays })))
const CookiePolicySheet = lazy(() => import('./CookiePolicySheet').then((m) => ({ default: m.CookiePolicySheet })))

/**
 * What the account area adds to every page: the stored settings applied (dark mode, bordered theme),
 * the cookie banner, the browser's install prompt kept for later, the app-shell service worker, and —
 * for a signed-in user, loaded on demand — the complete-profile panel and the blocked-account guard.
 */
export function AccountShell() {
  const services = useServices()
  const dispatch = useAppDispatch()
  const settings = useAppSelector(selectSettings)
  const loggedIn = useAppSelector(selectIsLoggedIn)
  const [policyOpen, setPolicyOpen] = useState(false)

  useLayoutEffect(() => {
    void dispatch(loadSettings())
  }, [dispatch])
  useLayoutEffect(() => {
    applyAppearance(settings)
  }, [settings])
  useEffect(() => captureInstallPrompt(typeof window === 'undefined' ? null : window), [])
  useEffect(() => {
    // The services decide whether there is a worker to register (production builds only; none in tests and stories).
    void services.serviceWorker.register()
  }, [services])

  return (
    <>
      <CookieBanner consent={services.consent} onShowPolicy={() => setPolicyOpen(true)} />
      {policyOpen ? (
        <Suspense fallback={null}>
          <CookiePolicySheet onClose={() => setPolicyOpen(false)} />
        </Suspense>
      ) : null}
      {loggedIn ? (
        <Suspense fallback={null}>
          <AccountOverlays />
        </Suspense>
      ) : null}
    </>
  )
}
