import type { Meta, StoryObj } from '@storybook/react-vite'
import type { PaymentChannelsResponse } from '@vchat/api-client'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { AppProviders } from '../../app/AppProviders'
import { makeStore } from '../../app/store'
import type { ApiService } from '../../services/types'
import { fakeServices } from '../../testing/fakeServices'
import { CoinStore } from './CoinStore'
import { ExternalNavigationContext } from './common'
import { demoPaymentChannels, fakePaymentWorld } from '../../testing/walletFixtures'
import { MemoryRouter } from 'react-router-dom'

const never = <T,>(): Promise<T> => new Promise<T>(() => {})

function Store({ api }: { api: Partial<ApiService> }) {
  const { i18n } = useTranslation()
  const setup = useMemo(() => {
    const services = fakeServices({ api: { ...fakePaymentWorld().api, ...api } })
    return { services, store: makeStore({ services, preloadedState: { account: { paid: false, gemsBalance: 120 } } }) }
  }, [api])
  return (
    <AppProviders store={setup.store} services={setup.services} i18n={i18n}>
      <ExternalNavigationContext.Provider value={() => {}}>
        <MemoryRouter>
          <main style={{ padding: 16, maxInlineSize: 480 }}>
            <CoinStore />
          </main>
        </MemoryRouter>
      </ExternalNavigationContext.Provider>
    </AppProviders>
  )
}

const firstRecharge = (): PaymentChannelsResponse => ({ ...demoPaymentChannels(), userPayInfo: { ...demoPaymentChannels().userPayInfo, firstRecharge: true }, gpayIsHide: true })
const apis = {
  full: {},
  firstRecharge: { getPaymentChannels: async () => firstRecharge() },
  loading: { getPaymentChannels: never },
  error: { getPaymentChannels: async (): Promise<PaymentChannelsResponse> => Promise.reject(new Error('offline')) },
  empty: { getPaymentChannels: async () => ({ ...demoPaymentChannels(), countries: [] }) },
} satisfies Record<string, Partial<ApiService>>

/** The coin store (billing / SKU screen): SKUs with tier icons and prices, and the channels offered. */
const meta = {
  title: 'Wallet/CoinStore',
  component: Store,
  args: { api: apis.full },
} satisfies Meta<typeof Store>

export default meta
type Story = StoryObj<typeof meta>

export const Full: Story = {}
/** First purchase bonus; Google Pay hidden (gpayIsHide). */
export const FirstRechargeNoGpay: Story = { args: { api: apis.firstRecharge } }
export const Loading: Story = { args: { api: apis.loading } }
export const LoadError: Story = { args: { api: apis.error } }
export const Empty: Story = { args: { api: apis.empty } }
