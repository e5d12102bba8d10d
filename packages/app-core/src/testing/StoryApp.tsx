import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { AppProviders } from '../app/AppProviders'
import { makeStore } from '../app/store'
import type { PreloadedAppState } from '../app/state'
import type { BrandConfig } from '../brand/brandConfig'
import { AppRouter } from '../routes/AppRouter'
import { createAppMemoryRouter } from '../routes/createAppRouter'
import { buildRouteTable } from '../routes/routes'
import type { Services } from '../services/types'
import { fakeServices } from './fakeServices'
import { storeColorScheme, useStoryColorScheme } from './StoryColorScheme'

export interface StoryAppProps {
  /** Where the in-memory router starts. */
  path: string
  preloadedState?: PreloadedAppState
  services?: Services
  brand?: BrandConfig
}

/**
 * The whole app at one path with a store from `makeStore` and fake services, for stories. Uses the
 * i18n instance of the surrounding I18nextProvider (Storybook's language toolbar) and starts in the
 * colour scheme of the surrounding `StoryColorScheme` (Storybook's theme toolbar).
 */
export function StoryApp({ path, preloadedState, services, brand }: StoryAppProps) {
  const { i18n } = useTranslation()
  const colorScheme = useStoryColorScheme()
  const setup = useMemo(() => {
    const resolved = services ?? fakeServices(brand ? { brand } : {})
    if (colorScheme) storeColorScheme(resolved.storage, colorScheme)
    const flags = (brand ?? resolved.brand).routes
    return {
      services: resolved,
      store: makeStore({ services: resolved, preloadedState }),
      routes: buildRouteTable(flags),
      router: createAppMemoryRouter(flags, [path]),
    }
  }, [path, preloadedState, services, brand, colorScheme])
  return (
    <AppProviders store={setup.store} services={setup.services} i18n={i18n}>
      <AppRouter router={setup.router} routes={setup.routes} />
    </AppProviders>
  )
}
