import type { Meta, StoryObj } from '@storybook/react-vite'
import type { PaymentChannelsResponse } from '@vchat/api-client'
import type { PreloadedAppState } from '../../app/state'
import type { ApiService } from '../../services/types'
import { fakeServices, manualClock } from '../../testing/fakeServices'
import { StoryApp } from '../../testing/StoryApp'
import { ExternalNavigationContext } from './common'
import { demoPaymentChannels, fakePaymentWorld, manyPayRecords, pagedPayRecords } from '../../testing/walletFixtures'

const signedIn: PreloadedAppState = {
  auth: { user: { uid: '100001', jid: 'user_100001@localhost', vcToken: 't', role: 2, nickName: 'Demo', name: 'Demo' } },
  account: { paid: true, gemsBalance: 500 },
}
const never = <T,>(): Promise<T> => new Promise<T>(() => {})
const failing = <T,>(): Promise<T> => Promise.reject(new Error('offline'))
const noSkus = (): PaymentChannelsResponse => ({ ...demoPaymentChannels(), countries: demoPaymentChannels().countries.map((c) => ({ ...c, skus: [] })) })

function services(api: Partial<ApiService> = {}) {
  const world = fakePaymentWorld()
  return fakeServices({ clock: manualClock(Date.UTC(2025, 5, 10)), api: { ...world.api, ...api } })
}

// Orders made ahead so the pay result has something to show in each state.
const resultWorld = fakePaymentWorld()
const pending = { orderId: resultWorld.addOrder('gems_700', 'SA', 'gpay', 'PENDING') }
const paid = { orderId: resultWorld.addOrder('gems_3000', 'US', 'card', 'TXN_SUCCESS') }
const declined = { orderId: resultWorld.addOrder('gems_300', 'IN', 'upi', 'TXN_FAILURE') }
const resultServices = fakeServices({ clock: manualClock(Date.UTC(2025, 5, 10)), api: resultWorld.api })
// A user's first purchase: the server credited the package and the first-purchase bonus.
const firstWorld = fakePaymentWorld({ firstPurchase: true })
const firstPaid = { orderId: firstWorld.addOrder('gems_700', 'US', 'card', 'PENDING') }
firstWorld.settle(firstPaid.orderId, 'TXN_SUCCESS')
const firstServices = fakeServices({ clock: manualClock(Date.UTC(2025, 5, 10)), api: firstWorld.api })

const S = {
  full: services(),
  loading: services({ getPaymentChannels: never, getPayRecords: never, getPayOrderStatus: never }),
  error: services({ getPaymentChannels: failing, getPayRecords: failing }),
  empty: services({ getPaymentChannels: async () => noSkus(), getPayRecords: async () => ({ list: [], nextCursor: null }) }),
  statusError: services({ getPayOrderStatus: failing }),
  longHistory: services({ getPayRecords: pagedPayRecords(manyPayRecords(120)) }),
}

/** The payment screens, each rendered by the real router with a fake payment backend. */
const meta = {
  title: 'Wallet/Payment screens',
  parameters: { layout: 'fullscreen' },
  render: (args) => (
    <ExternalNavigationContext.Provider value={() => {}}>
      <StoryApp path={args.path} services={args.services} preloadedState={signedIn} />
    </ExternalNavigationContext.Provider>
  ),
} satisfies Meta<{ path: string; services: ReturnType<typeof services> }>

export default meta
type Story = StoryObj<typeof meta>

const cards = '/checkoutCards?sku=gems_700&country=US&channel=card'
const upi = '/upi?sku=gems_300&country=IN&channel=upi'

/** /paymenthistory: balance, coin store button and a long, virtualised history paged in while scrolling. */
export const HistoryFull: Story = { args: { path: '/paymenthistory', services: S.longHistory } }
/** /paymenthistory with a short history (one page). */
export const HistoryShort: Story = { args: { path: '/paymenthistory', services: S.full } }
export const HistoryLoading: Story = { args: { path: '/paymenthistory', services: S.loading } }
export const HistoryEmpty: Story = { args: { path: '/paymenthistory', services: S.empty } }
export const HistoryError: Story = { args: { path: '/paymenthistory', services: S.error } }

/** /checkoutCards: saved card or a new card. */
export const CheckoutCardsFull: Story = { args: { path: cards, services: S.full } }
export const CheckoutCardsLoading: Story = { args: { path: cards, services: S.loading } }
export const CheckoutCardsEmpty: Story = { args: { path: '/checkoutCards', services: S.full } }
export const CheckoutCardsError: Story = { args: { path: cards, services: S.error } }

/** /bindcheckout: save a card. */
export const BindCheckout: Story = { args: { path: `/bindcheckout?${cards.split('?')[1]}`, services: S.full } }

/** /upi and /upiprocess. */
export const UpiFull: Story = { args: { path: upi, services: S.full } }
export const UpiLoading: Story = { args: { path: upi, services: S.loading } }
export const UpiEmpty: Story = { args: { path: '/upi', services: S.full } }
export const UpiError: Story = { args: { path: upi, services: S.error } }
export const UpiProcessWaiting: Story = { args: { path: `/upiprocess?orderId=${pending.orderId}&vpa=alice%40okaxis&checkout=http%3A%2F%2Fpay.test%2F`, services: resultServices } }
export const UpiProcessEmpty: Story = { args: { path: '/upiprocess', services: S.full } }
export const UpiProcessError: Story = { args: { path: `/upiprocess?orderId=${pending.orderId}&vpa=alice%40okaxis`, services: S.statusError } }

/** /payresult in each outcome. */
export const PayResultChecking: Story = { args: { path: `/payresult?orderId=${pending.orderId}`, services: S.loading } }
export const PayResultSuccess: Story = { args: { path: `/payresult?orderId=${paid.orderId}`, services: resultServices } }
export const PayResultFirstPurchase: Story = { args: { path: `/payresult?orderId=${firstPaid.orderId}`, services: firstServices } }
export const PayResultDeclined: Story = { args: { path: `/payresult?orderId=${declined.orderId}`, services: resultServices } }
/** An order id the server does not know (a wrong link): said so, with the way to the history. */
export const PayResultUnknownOrder: Story = { args: { path: '/payresult?orderId=ord_00000000000000000099', services: resultServices } }
export const PayResultEmpty: Story = { args: { path: '/payresult', services: S.full } }
export const PayResultError: Story = { args: { path: `/payresult?orderId=${pending.orderId}`, services: S.statusError } }
