import { createI18n } from '@vchat/i18n'
import type { I18n } from '@vchat/i18n'
import { render } from '@testing-library/react'
import type { RenderResult } from '@testing-library/react'
import type { InitialEntry } from 'react-router-dom'
import { AppProviders } from '../app/AppProviders'
import { makeStore } from '../app/store'
import type { AppStore, PreloadedAppState } from '../app/store'
import type { BrandConfig } from '../brand/brandConfig'
import { AppRouter } from '../routes/AppRouter'
import { createAppMemoryRouter } from '../routes/createAppRouter'
import { buildRouteTable } from '../routes/routeTable'
import type { Services } from '../services/types'
import { fakeServices } from './fakeServices'

let englishI18n: Promise<I18n> | null = null

/** An English i18n instance with the bundled texts (no storage, no document changes). */
export function createTestI18n(): Promise<I18n> {
  englishI18n ??= createI18n({ language: 'en', storage: null, document: null })
  return englishI18n
}

export interface RenderAppOptions {
  path?: InitialEntry
  brand?: BrandConfig
  services?: Services
  preloadedState?: PreloadedAppState
  store?: AppStore
}

export interface RenderedApp extends RenderResult {
  store: AppStore
  services: Services
  router: ReturnType<typeof createAppMemoryRouter>
}

/** Renders the whole app (providers + memory router) at a path, with fake services by default. */
export async function renderApp(options: RenderAppOptions = {}): Promise<RenderedApp> {
  const services = options.services ?? fakeServices(options.brand ? { brand: options.brand } : {})
  const brand = options.brand ?? services.brand
  const store = options.store ?? makeStore({ services, preloadedState: options.preloadedState })
  const i18n = await createTestI18n()
  const routes = buildRouteTable(brand.routes)
  const router = createAppMemoryRouter(brand.routes, [options.path ?? '/'])
  const view = render(
    <AppProviders store={store} services={services} i18n={i18n}>
      <AppRouter router={router} routes={routes} />
    </AppProviders>,
  )
  return { ...view, store, services, router }
}
