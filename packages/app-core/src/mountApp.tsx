/// <reference path="./env.d.ts" />
import '@vchat/ui/styles.css'
import { createI18n } from '@vchat/i18n'
import { applyTheme } from '@vchat/ui'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { persistStore } from 'redux-persist'
import { PersistGate } from 'redux-persist/integration/react'
import { AppProviders } from './app/AppProviders'
import { makeStore } from './app/store'
import type { BrandConfig } from './brand/brandConfig'
import { installPreloadErrorReload } from './preloadError'
import { AppRouter } from './routes/AppRouter'
import { createAppRouter } from './routes/createAppRouter'
import { buildRouteTable } from './routes/routeTable'
import { createServices } from './services/createServices'
import { envFromImportMeta } from './services/endpoints'
import type { AppEnv } from './services/types'

export interface MountAppOptions {
  /** Where to render (default `#root`). */
  container?: HTMLElement | null
}

function setMeta(name: string, content: string): void {
  let meta = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)
  if (!meta) {
    meta = document.createElement('meta')
    meta.name = name
    document.head.append(meta)
  }
  meta.content = content
}

function setIcon(href: string): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]')
  if (!link) {
    link = document.createElement('link')
    link.rel = 'icon'
    document.head.append(link)
  }
  link.href = href
}

/**
 * Starts the application for one brand: theme, document title and theme colour, i18n (language
 * detection), services, store (with persistence), router; renders into #root.
 *
 * The brand config is validated at build time by the Vite config (`@vchat/app-core/vite`); in
 * development it is validated again here, so the schema library stays out of production bundles.
 */
export async function mountApp(brand: BrandConfig, env: AppEnv = envFromImportMeta(), options: MountAppOptions = {}) {
  if (import.meta.env?.DEV) {
    const { validateBrandConfig } = await import('./brand/brandConfig')
    validateBrandConfig(brand)
  }
  const container = options.container === undefined ? document.getElementById('root') : options.container
  if (!container) throw new Error('mountApp: no #root element to render into')

  applyTheme(brand.theme)
  document.title = brand.displayName
  setMeta('theme-color', brand.theme.background)
  setMeta('description', brand.tagline)
  setIcon(brand.logos.mark)
  installPreloadErrorReload()

  const i18n = await createI18n()
  const services = createServices(brand, env, { getLanguage: () => i18n.language })
  const store = makeStore({ services })
  const persistor = persistStore(store)
  const routes = buildRouteTable(brand.routes)
  const router = createAppRouter(brand.routes)

  createRoot(container).render(
    <StrictMode>
      <AppProviders store={store} services={services} i18n={i18n}>
        <PersistGate persistor={persistor} loading={null}>
          <AppRouter router={router} routes={routes} />
        </PersistGate>
      </AppProviders>
    </StrictMode>,
  )
  return { store, services, router, i18n }
}
