import '../app.css'
import { BottomTabs, CardsIcon, GemIcon, HistoryIcon, ListIcon, Logo, MessagesIcon } from '@vchat/ui'
import type { BottomTabLinkProps } from '@vchat/ui'
import { lazy, Suspense, useEffect } from 'react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { matchPath, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router-dom'
import { useAppSelector } from '../app/hooks'
import { useServices } from '../app/ServicesContext'
import { selectGemsBalance } from '../features/account/accountSlice'
import { selectIsLoggedIn } from '../features/auth/authSlice'
import { AccountShell } from '../features/pages/AccountShell'
import { selectUnreadTotal } from '../features/chat/unreadTotal'
import { AppLink, BackgroundProvider, pathOf, useBackgroundLocation, useRouteTable } from '../routes/navigation'
import { findRoute, TAB_ORDER } from '../routes/routeTable'
import type { TabKey } from '../routes/routeTable'
import { preloadScreen, renderLanding, renderScreen } from '../routes/screens'
import { RequireAuth } from '../routes/RouteElement'
import { RouteFallback } from '../routes/RootShell'
import { SignedInLayer } from './SignedInLayer'

const PopupSheet = lazy(() => import('./PopupSheet').then((m) => ({ default: m.PopupSheet })))

const TAB_ICONS: Record<TabKey, ReactNode> = {
  match: <CardsIcon />,
  discover: <ListIcon />,
  messages: <MessagesIcon />,
  history: <HistoryIcon />,
}

function TabLink({ href, className, children, 'aria-current': ariaCurrent }: BottomTabLinkProps) {
  return (
    <AppLink to={href} className={className} aria-current={ariaCurrent}>
      {children}
    </AppLink>
  )
}

function HeaderAccount() {
  const { t } = useTranslation('app')
  const loggedIn = useAppSelector(selectIsLoggedIn)
  const gems = useAppSelector(selectGemsBalance)
  if (!loggedIn) {
    return (
      <AppLink to="/login" className="vc-app-header__login">
        {t('login.title')}
      </AppLink>
    )
  }
  // The balance holds the entry's place while the signed-in chunk loads.
  return (
    <SignedInLayer
      part="account"
      fallback={
        <p className="vc-app-header__gems">
          <GemIcon />
          <span className="vc-visually-hidden">{t('match.gems')}: </span>
          <span>{gems ?? '–'}</span>
        </p>
      }
    />
  )
}

/**
 * The home layout (SPEC §2): header, page, bottom tabs. A popup route renders in a Sheet over the page
 * it was opened from (or over the goddess wall when opened directly). The sheet and the popup's screen
 * load on demand, side by side; the sheet opens once both are there (so focus lands in its content).
 * Lazy pages load under the header and tabs, which stay in place.
 */
export function HomeLayout() {
  const { t } = useTranslation('app')
  const { t: tc } = useTranslation('common')
  const { brand } = useServices()
  const routes = useRouteTable()
  const location = useLocation()
  const navigate = useNavigate()
  const loggedIn = useAppSelector(selectIsLoggedIn)
  const current = findRoute(routes, location.pathname)
  const background = useBackgroundLocation()
  const backgroundRoute = background ? findRoute(routes, background.pathname) : undefined
  const activeTab = current?.tab ?? backgroundRoute?.tab
  const unreadTotal = useAppSelector(selectUnreadTotal)

  const tabs = TAB_ORDER.map(({ key, path }) => ({
    key,
    href: path,
    label: t(`tabs.${key}`),
    icon: TAB_ICONS[key],
    active: activeTab === key,
    badge: key === 'messages' ? unreadTotal : undefined,
  }))

  const popupRoute = background && current ? current : null
  useEffect(() => {
    if (popupRoute) preloadScreen(popupRoute)
  }, [popupRoute])

  function closePopup() {
    if (!background || !backgroundRoute) return
    navigate(backgroundRoute.auth && !loggedIn ? '/' : pathOf(background))
  }

  return (
    <div className="vc-app">
      <AccountShell />
      <SignedInLayer part="chat" />
      <header className="vc-app-header">
        {/* The mark and the name as text, not the wordmark picture: its letters are drawn for a dark
            background, and the header follows the light theme too. */}
        <AppLink to="/" className="vc-app-header__brand" aria-label={brand.displayName}>
          <Logo src={brand.logos.mark} alt="" height={32} />
          <span className="vc-app-header__name" aria-hidden="true">
            {brand.displayName}
          </span>
        </AppLink>
        <SignedInLayer part="tasks" />
        <HeaderAccount />
      </header>
      <div className="vc-app-body">
        <main className="vc-app-main" id="main">
          {background && backgroundRoute ? (
            <BackgroundProvider value={true}>
              <div className="vc-app-background" inert aria-hidden="true" key={pathOf(background)}>
                {matchPath(backgroundRoute.path, background.pathname) ? (
                  // The page behind reads its own location (a profile's ?jid=, its params), not the
                  // popup's: otherwise a host's profile behind her call sheet says she does not exist.
                  <Routes location={pathOf(background)}>
                    <Route
                      path={backgroundRoute.path}
                      element={
                        <Suspense fallback={<RouteFallback />}>
                          {/* A visitor's guarded page is not mounted behind the login popup (it would ask the
                              server for what a visitor may not see and show its errors): the landing
                              page stands in for it until they sign in and continue there. */}
                          {backgroundRoute.auth && !loggedIn ? renderLanding() : <RequireAuth route={backgroundRoute}>{renderScreen(backgroundRoute)}</RequireAuth>}
                        </Suspense>
                      }
                    />
                  </Routes>
                ) : null}
              </div>
            </BackgroundProvider>
          ) : (
            <Suspense fallback={<RouteFallback />}>
              <Outlet />
            </Suspense>
          )}
        </main>
        <BottomTabs label={t('tabs.label')} items={tabs} linkComponent={TabLink} />
      </div>
      {background && current ? (
        <Suspense fallback={null}>
          <PopupSheet screen={current.screen} title={t(`screens.${current.screen}`)} onClose={closePopup} closeLabel={tc('close')}>
            <Outlet />
          </PopupSheet>
        </Suspense>
      ) : null}
    </div>
  )
}
