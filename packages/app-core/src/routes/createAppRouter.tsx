import { Navigate, UNSAFE_createBrowserHistory, UNSAFE_createMemoryHistory } from 'react-router-dom'
import type { InitialEntry, Location, RouteObject, To } from 'react-router-dom'
import type { BrandRouteFlags } from '../brand/brandConfig'
import { HomeLayout } from '../layout/HomeLayout'
import { RequireAuth } from './RouteElement'
import { RootShell } from './RootShell'
import { RouteErrorBoundary } from './RouteErrorBoundary'
import { buildRouteTable } from './routes'
import type { AppRoute } from './routeTable'
import { renderScreen } from './screens'

/** The browser's (or a test's in-memory) history the router follows. */
type AppHistory = ReturnType<typeof UNSAFE_createBrowserHistory>

/**
 * A brand's router: its route objects and the history they follow.
 *
 * Why not React Router's data router (`createBrowserRouter`): the app loads no route data through
 * loaders or actions — screens fetch through RTK thunks and load lazily through their route row's `load` —
 * and the data router's core costs ~18 KB gzip on the landing route (budget 140 KB). Declarative
 * routing over a history object gives the same URL behaviour, and this small handle keeps what
 * callers and tests need from a router: where it is and a way to go somewhere.
 */
export interface AppRouterInstance {
  readonly history: AppHistory
  readonly routes: RouteObject[]
  readonly state: { readonly location: Location }
  navigate(to: To | number, options?: { replace?: boolean; state?: unknown }): Promise<void>
}

/** React Router route objects built from the brand's route table. */
export function createRouteObjects(routes: readonly AppRoute[]): RouteObject[] {
  const toObject = (route: AppRoute): RouteObject => ({
    path: route.path,
    element: <RequireAuth route={route}>{renderScreen(route)}</RequireAuth>,
  })
  const home = routes.filter((route) => route.layout === 'home')
  const top = routes.filter((route) => route.layout === 'top')
  return [
    {
      element: (
        <RouteErrorBoundary>
          <RootShell />
        </RouteErrorBoundary>
      ),
      children: [
        {
          element: (
            <RouteErrorBoundary>
              <HomeLayout />
            </RouteErrorBoundary>
          ),
          children: home.map(toObject),
        },
        ...top.map(toObject),
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ]
}

function routerOver(history: AppHistory, routes: RouteObject[]): AppRouterInstance {
  return {
    history,
    routes,
    get state() {
      return { location: history.location }
    },
    navigate(to, options) {
      if (typeof to === 'number') history.go(to)
      else if (options?.replace) history.replace(to, options.state)
      else history.push(to, options?.state)
      return Promise.resolve()
    },
  }
}

/** The browser router of a brand. */
export function createAppRouter(flags: BrandRouteFlags): AppRouterInstance {
  // v5Compat: listeners hear push/replace too, which a router rendering from history needs.
  return routerOver(UNSAFE_createBrowserHistory({ v5Compat: true }), createRouteObjects(buildRouteTable(flags)))
}

/** An in-memory router for tests and stories. */
export function createAppMemoryRouter(flags: BrandRouteFlags, initialEntries: InitialEntry[]): AppRouterInstance {
  return routerOver(UNSAFE_createMemoryHistory({ initialEntries, v5Compat: true }), createRouteObjects(buildRouteTable(flags)))
}
