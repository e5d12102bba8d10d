import { lazy } from 'react'
import type { ReactNode } from 'react'
import type { ScreenKey } from '../../routes/routeTable'

// Each payment screen group is its own chunk.
const loadCards = () => import('./CheckoutCardsScreen')
const loadUpi = () => import('./UpiScreens')
const loadResult = () => import('./PayResultScreen')
const loadHistory = () => import('./PaymentHistoryScreen')

const CheckoutCardsScreen = lazy(() => loadCards().then((m) => ({ default: m.CheckoutCardsScreen })))
const BindCheckoutScreen = lazy(() => loadCards().then((m) => ({ default: m.BindCheckoutScreen })))
const UpiScreen = lazy(() => loadUpi().then((m) => ({ default: m.UpiScreen })))
const UpiProcessScreen = lazy(() => loadUpi().then((m) => ({ default: m.UpiProcessScreen })))
const PayResultScreen = lazy(() => loadResult().then((m) => ({ default: m.PayResultScreen })))
const PaymentHistoryScreen = lazy(() => loadHistory().then((m) => ({ default: m.PaymentHistoryScreen })))

const LOADERS: Partial<Record<ScreenKey, () => Promise<unknown>>> = {
  checkoutCards: loadCards,
  bindCheckout: loadCards,
  upi: loadUpi,
  upiProcess: loadUpi,
  payResult: loadResult,
  paymentHistory: loadHistory,
}

/** Starts loading a wallet screen's chunk; false for screens of other areas. */
export function preloadWalletScreen(screen: ScreenKey): boolean {
  const load = LOADERS[screen]
  load?.().catch(() => undefined)
  return load !== undefined
}

/** The wallet screens (payment routes and /paymenthistory); null for screens of other areas. */
export function walletScreen(screen: ScreenKey): ReactNode | null {
  switch (screen) {
    case 'checkoutCards':
      return <CheckoutCardsScreen />
    case 'bindCheckout':
      return <BindCheckoutScreen />
    case 'upi':
      return <UpiScreen />
    case 'upiProcess':
      return <UpiProcessScreen />
    case 'payResult':
      return <PayResultScreen />
    case 'paymentHistory':
      return <PaymentHistoryScreen />
    default:
      return null
  }
}
