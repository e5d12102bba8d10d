import type { i18n as I18n } from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { Provider } from 'react-redux'
import type { Services } from '../services/types'
import { ServicesProvider } from './ServicesContext'
import type { AppStore } from './store'

export interface AppProvidersProps {
  store: AppStore
  services: Services
  i18n: I18n
  children: ReactNode
}

/** Store, services and translations: what every screen needs (used by mountApp, tests and stories). */
export function AppProviders({ store, services, i18n, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <ServicesProvider value={services}>
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
      </ServicesProvider>
    </Provider>
  )
}
