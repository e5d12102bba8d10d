import { createBrowserRouter, createMemoryRouter, Navigate } from 'react-router-dom'
import type { InitialEntry, RouteObject } from 'react-router-dom'
import type { BrandRouteFlags } from '../brand/brandConfig'
import { HomeLayout } from '../layout/HomeLayout'
import { RequireAuth } from './RouteElement'
import { RootShell } from './RootShell'
import { RouteErrorScreen } from './RouteErrorScreen'
import { buildRouteTable } from './routeTable'
import type { AppRoute } from './routeTable'
import { renderScreen } from './screens'

export interface RouteHandle {
  route: AppRoute
}

/** React Router route objects built from the brand's route table. */
export function createRouteObjects(routes: readonly AppRoute[]): RouteObject[] {
  const toObject = (route: AppRoute): RouteObject => ({
    path: route.path,
    handle: { route } satisfies RouteHandle,
    element: <RequireAuth route={route}>{renderScreen(route.screen)}</RequireAuth>,
  })
  const home = routes.filter((route) => route.layout === 'home')
  const top = routes.filter((route) => route.layout === 'top')
  return [
    {
      element: <RootShell />,
      errorElement: <RouteErrorScreen />,
      children: [
        {
          element: <HomeLayout />,
          errorElement: <RouteErrorScreen />,
          children: home.map(toObject),
        },
        ...top.map(toObject),
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ]
}

/** The browser router of a brand. */
export function createAppRouter(flags: BrandRouteFlags) {
  return createBrowserRouter(createRouteObjects(buildRouteTable(flags)))
}

/** An in-memory router for tests and stories. */
export function createAppMemoryRouter(flags: BrandRouteFlags, initialEntries: InitialEntry[]) {
  return createMemoryRouter(createRouteObjects(buildRouteTable(flags)), { initialEntries })
}
