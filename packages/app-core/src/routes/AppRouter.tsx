import { RouterProvider } from 'react-router-dom'
import type { createBrowserRouter } from 'react-router-dom'
import type { AppRoute } from './routeTable'
import { RouteTableProvider } from './navigation'

export type AppRouterInstance = ReturnType<typeof createBrowserRouter>

/** Renders a router made by `createAppRouter` / `createAppMemoryRouter` with its route table. */
export function AppRouter({ router, routes }: { router: AppRouterInstance; routes: readonly AppRoute[] }) {
  return (
    <RouteTableProvider value={routes}>
      <RouterProvider router={router} />
    </RouteTableProvider>
  )
}
