import { unstable_HistoryRouter as HistoryRouter, useRoutes } from 'react-router-dom'
import type { RouteObject } from 'react-router-dom'
import type { AppRouterInstance } from './createAppRouter'
import type { AppRoute } from './routeTable'
import { RouteTableProvider } from './navigation'

export type { AppRouterInstance } from './createAppRouter'

function RouteElements({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes)
}

/** Renders a router made by `createAppRouter` / `createAppMemoryRouter` with its route table. */
export function AppRouter({ router, routes }: { router: AppRouterInstance; routes: readonly AppRoute[] }) {
  return (
    <RouteTableProvider value={routes}>
      <HistoryRouter history={router.history}>
        <RouteElements routes={router.routes} />
      </HistoryRouter>
    </RouteTableProvider>
  )
}
