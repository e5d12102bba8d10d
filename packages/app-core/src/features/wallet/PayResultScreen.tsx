import { useState } from 'react'
import { Button, Spinner } from '@vchat/ui'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { useAppSelector } from '../../app/hooks'
import { selectAccount } from '../account'
import { CoinStorePanel } from './CoinStore'
import { NothingToPay, PaymentPage, useIsPaymentWindow } from './common'
import { usePurchaseOrigin } from './purchaseOrigin'
import { formatPrice } from './format'
import { usePayStatusPolling } from './usePayStatusPolling'
import { selectOrderTrack } from './walletSlice'
import type { OrderTrack } from './walletSlice'

type Outcome = 'checking' | 'success' | 'failed' | 'expired' | 'timedOut' | 'unknown'

function outcomeOf(order: OrderTrack | undefined): Outcome {
  if (order?.payStatus === 'TXN_SUCCESS') return 'success'
  if (order?.payStatus === 'TXN_FAILURE') return 'failed'
  if (order?.payStatus === 'EXPIRED') return 'expired'
  if (order?.timedOut) return 'timedOut'
  if (order?.unknown) return 'unknown'
  return 'checking'
}

/**
 * /payresult?orderId=…: asks pay_order_status until TXN_SUCCESS, a failure or the time-out; shows
 * order id, currency and amount. A success shows the gems the server credited (naming a first-purchase
 * bonus) and refreshes balance and paid flag (once per order).
 */
export function PayResultScreen() {
  const { t } = useTranslation('wallet')
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const orderId = params.get('orderId') ?? ''
  const order = useAppSelector(selectOrderTrack(orderId))
  const account = useAppSelector(selectAccount)
  usePayStatusPolling(orderId || null)
  const outcome = outcomeOf(order)
  // Declined or timed out, nothing was charged: the store opens here to pick again (another package
  // or another method) instead of leaving the user to find it.
  const canRetry = outcome === 'failed' || outcome === 'expired'
  const [storeOpen, setStoreOpen] = useState(false)
  const { origin } = usePurchaseOrigin()
  const isPaymentWindow = useIsPaymentWindow()
  const detail = order?.detail
  // What the server credited beyond the package is the first-purchase bonus (decided there).
  const bonus = detail && order?.gemsCredited != null ? order.gemsCredited - detail.gems : 0

  return (
    <PaymentPage title={t('result.title')}>
      {!orderId ? (
        <NothingToPay message={t('errors.noOrder')} />
      ) : (
        <section className={`vc-pay-result vc-pay-result--${outcome}`} aria-live="polite">
          {outcome === 'checking' ? <Spinner label={t('result.checking')} /> : null}
          <h2 className="vc-pay-result__outcome" data-outcome={outcome}>
            {t(`result.${outcome}`)}
          </h2>
          {order?.error && outcome === 'checking' ? <p className="vc-wallet-error">{t('errors.statusRetrying')}</p> : null}
          <dl className="vc-pay-result__detail">
            <dt>{t('result.orderId')}</dt>
            <dd data-testid="pay-order-id">{orderId}</dd>
            {detail ? (
              <>
                <dt>{t('result.currency')}</dt>
                <dd>{detail.currency}</dd>
                <dt>{t('result.amount')}</dt>
                <dd>
                  {/* Isolated, not dir="auto" on the cell: the price keeps its own direction and the cell its alignment. */}
                  <bdi>{formatPrice(detail.amount, detail.currency)}</bdi>
                </dd>
                <dt>{t('result.gems')}</dt>
                <dd>{detail.gems}</dd>
              </>
            ) : null}
            {outcome === 'success' && order?.gemsCredited != null ? (
              <>
                <dt>{t('result.credited')}</dt>
                <dd data-testid="pay-credited">
                  {order.gemsCredited}
                  {detail && bonus > 0 ? <span className="vc-pay-result__bonus">{t('result.firstBonus', { gems: bonus })}</span> : null}
                </dd>
              </>
            ) : null}
            {outcome === 'success' && account.gemsBalance !== null ? (
              <>
                <dt>{t('result.balance')}</dt>
                <dd data-testid="pay-balance">{account.gemsBalance}</dd>
              </>
            ) : null}
          </dl>
          <div className="vc-pay-result__actions">
            {canRetry ? (
              <Button variant="primary" onClick={() => setStoreOpen(true)}>
                {t('errors.retry')}
              </Button>
            ) : null}
            <Button variant={canRetry ? 'secondary' : 'primary'} onClick={() => navigate('/paymenthistory')}>
              {t('result.history')}
            </Button>
            {/* Opened from a call to pay without leaving it: closing this window is the way back. */}
            <Button variant="secondary" onClick={() => (isPaymentWindow() ? window.close() : navigate(origin() ?? '/'))}>
              {t('result.home')}
            </Button>
          </div>
        </section>
      )}
      <CoinStorePanel open={storeOpen} onClose={() => setStoreOpen(false)} />
    </PaymentPage>
  )
}
