import { createI18n, NAMESPACES } from '@vchat/i18n'
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
import { buildRouteTable } from '../routes/routes'
import type { Services } from '../services/types'
import { fakeServices } from './fakeServices'
import { preloadLazyModules } from './lazyModules'

let englishI18n: Promise<I18n> | null = null

/**
 * An English i18n instance with every namespace loaded (no storage, no document changes). The app
 * loads a namespace when a screen first asks for it; a test loads them all up front so no wait of
 * the test depends on how fast the machine reads a language file.
 */
export function createTestI18n(): Promise<I18n> {
  englishI18n ??= createI18n({ language: 'en', storage: null, document: null }).then(async (i18n) => {
    await i18n.loadNamespaces([...NAMESPACES])
    return i18n
  })
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

/**
 * Renders the whole app (providers + memory router) at a path, with fake services by default. Every
 * lazily loaded module and every English namespace is loaded before the first render, so what a test
 * waits for afterwards is the app's own work, never a chunk or a language file arriving.
 */
export async function renderApp(options: RenderAppOptions = {}): Promise<RenderedApp> {
  await preloadLazyModules()
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
