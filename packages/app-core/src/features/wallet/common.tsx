import { Button, EmptyState, Spinner } from '@vchat/ui'
import { createContext, useCallback, useContext, useEffect } from 'react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { selectIsLoggedIn } from '../auth'
import { loadPaymentChannels, selectChannels } from './walletSlice'
import type { PurchaseIntent } from './walletSlice'
import { PageHeading } from '../../routes/BackLink'
import { useServices } from '../../app/ServicesContext'
import { PAYMENT_WINDOW_KEY } from './constants'
import './wallet.css'

/** Leaves the app for a payment page (hosted checkout, card challenge). Tests and stories record it. */
export type ExternalNavigate = (url: string) => void

export const ExternalNavigationContext = createContext<ExternalNavigate>((url) => {
  window.location.assign(url)
})

export function useExternalNavigate(): ExternalNavigate {
  return useContext(ExternalNavigationContext)
}

/** A browser window a payment continues in while this tab keeps what it is doing (a call). */
interface PaymentWindow {
  go(url: string): void
  close(): void
}

/** The name of that window: its pay result's way back closes it instead of navigating. */
const PAYMENT_WINDOW_NAME = 'vchat-pay'

/**
 * Opens the payment window. Called straight from the user's click (a pop-up blocker allows it then,
 * and not after an await), so it opens blank and is sent on once the order exists. Null when the
 * browser refused. SPEC §2: a pop-up window on desktop is 600 by 400; a phone opens it as a tab.
 */
export type OpenPaymentWindow = () => PaymentWindow | null

const PaymentWindowContext = createContext<OpenPaymentWindow>(() => {
  const opened = window.open('about:blank', PAYMENT_WINDOW_NAME, 'popup,width=600,height=400')
  if (!opened) return null
  return {
    go: (url) => {
      opened.location.href = url
    },
    close: () => opened.close(),
  }
})

export function useOpenPaymentWindow(): OpenPaymentWindow {
  return useContext(PaymentWindowContext)
}

/**
 * Whether this tab is the payment window a call's coin store opened. Its name says so on its first
 * payment page; the hosted checkout's round trip (another origin) may clear the name, so the first
 * payment page also notes it in the tab's session storage, which the round trip keeps.
 */
export function useIsPaymentWindow(): () => boolean {
  const { storage } = useServices()
  useEffect(() => {
    if (window.name === PAYMENT_WINDOW_NAME && window.opener) storage.session<boolean>(PAYMENT_WINDOW_KEY).set(true)
  }, [storage])
  return useCallback(() => window.opener !== null && (window.name === PAYMENT_WINDOW_NAME || storage.session<boolean>(PAYMENT_WINDOW_KEY).get() === true), [storage])
}

/** The hosted page's way back: our pay result for this order. */
export function withReturnUrl(pageUrl: string, orderId: string, extra: Record<string, string> = {}): string {
  const url = new URL(pageUrl, window.location.origin)
  url.searchParams.set('returnUrl', `${window.location.origin}/payresult?orderId=${encodeURIComponent(orderId)}`)
  for (const [key, value] of Object.entries(extra)) url.searchParams.set(key, value)
  return url.toString()
}

/** sku, country and channel chosen in the coin store, carried in the payment routes' query. */
export function useIntentFromQuery(): PurchaseIntent | null {
  const [params] = useSearchParams()
  const sku = params.get('sku')
  const country = params.get('country')
  const channelId = params.get('channel')
  return sku && country && channelId ? { sku, country, channelId } : null
}

export function intentQuery(intent: PurchaseIntent): string {
  return new URLSearchParams({ sku: intent.sku, country: intent.country, channel: intent.channelId }).toString()
}

/** Where a payment page's back control leads when the tab has no page of ours behind it. */
const PAYMENT_BACK_PATH = '/paymenthistory'

/**
 * A payment page: full page outside the layout, title, and a sign-in prompt when nobody is signed in.
 * `back`: the page is a step the user may leave (choosing a card, a UPI id), so its title leads with
 * the back control; the waiting and result pages have their own ways on instead.
 */
export function PaymentPage({ title, back = false, children }: { title: string; back?: boolean; children: ReactNode }) {
  const { t } = useTranslation('wallet')
  // Notes a payment window on its first page, before the hosted checkout takes the tab elsewhere.
  useIsPaymentWindow()
  const loggedIn = useAppSelector(selectIsLoggedIn)
  const navigate = useNavigate()
  return (
    <main className="vc-wallet-page" aria-labelledby="wallet-page-title">
      <PageHeading id="wallet-page-title" className="vc-wallet-page__title" back={back ? PAYMENT_BACK_PATH : undefined}>
        {title}
      </PageHeading>
      {loggedIn ? (
        children
      ) : (
        <EmptyState
          title={t('signIn.title')}
          message={t('signIn.message')}
          action={
            <Button variant="primary" onClick={() => navigate('/login')}>
              {t('signIn.action')}
            </Button>
          }
        />
      )}
    </main>
  )
}

export function Loading({ label }: { label: string }) {
  return (
    <div className="vc-wallet-loading" role="status">
      <Spinner label={label} />
    </div>
  )
}

/** Loads the payment channels once (if not loaded) and renders loading / error states around them. */
export function useChannels() {
  const dispatch = useAppDispatch()
  const channels = useAppSelector(selectChannels)
  useEffect(() => {
    if (channels.status === 'idle') void dispatch(loadPaymentChannels())
  }, [channels.status, dispatch])
  return { channels, retry: () => void dispatch(loadPaymentChannels()) }
}

/**
 * A payment page opened without what it needs (no package chosen, no order: an old link, a typed
 * address): nothing to retry, so it says so and leads to the payment history (which buys gems too).
 */
export function NothingToPay({ message }: { message: string }) {
  const { t } = useTranslation('wallet')
  const navigate = useNavigate()
  return (
    <EmptyState
      title={t('errors.nothingTitle')}
      message={message}
      action={
        <Button variant="primary" onClick={() => navigate(PAYMENT_BACK_PATH)}>
          {t('result.history')}
        </Button>
      }
    />
  )
}

export function LoadFailed({ onRetry, message }: { onRetry: () => void; message?: string }) {
  const { t } = useTranslation('wallet')
  return (
    <EmptyState
      title={t('errors.loadTitle')}
      message={message ?? t('errors.loadMessage')}
      action={
        <Button variant="secondary" onClick={onRetry}>
          {t('errors.retry')}
        </Button>
      }
    />
  )
}
