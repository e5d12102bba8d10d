/// <reference path="./env.d.ts" />
import '@vchat/ui/styles.css'
import { createI18n } from '@vchat/i18n'
import type { I18n } from '@vchat/i18n'
import { applyTheme } from '@vchat/ui'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { AppProviders } from './app/AppProviders'
import { refreshRestoredSession } from './app/restoredSession'
import { createSessionPersistence } from './app/sessionPersistence'
import { makeStore } from './app/store'
import type { BrandConfig } from './brand/brandConfig'
import { SESSION_MARKER_KEY } from './constants'
import { installPreloadErrorReload } from './preloadError'
import { AppRouter } from './routes/AppRouter'
import { createAppRouter } from './routes/createAppRouter'
import { buildRouteTable } from './routes/routes'
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
 * detection), services, store, session persistence, router; renders into #root.
 *
 * A visitor's first load stays static: no server call, no storage engine. A persisted session (marker
 * in local storage) is restored before the first render, as the user goes on to /match anyway.
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

  let i18n: I18n | null = null
  const services = createServices(brand, env, { getLanguage: () => i18n?.language ?? 'en' })
  const store = makeStore({ services })
  const persistence = createSessionPersistence({
    store,
    engine: services.storage.persistEngine,
    marker: services.storage.local<boolean>(SESSION_MARKER_KEY),
    logger: services.logger,
  })
  // Texts and a stored session (if any) load side by side.
  const [texts] = await Promise.all([createI18n(), persistence.ready])
  i18n = texts
  refreshRestoredSession(store)
  const routes = buildRouteTable(brand.routes)
  const router = createAppRouter(brand.routes)

  createRoot(container).render(
    <StrictMode>
      <AppProviders store={store} services={services} i18n={texts}>
        <AppRouter router={router} routes={routes} />
      </AppProviders>
    </StrictMode>,
  )
  return { store, services, router, i18n: texts, persistence }
}
