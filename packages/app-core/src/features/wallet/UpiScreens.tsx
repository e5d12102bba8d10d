import { Button, Spinner, TextField } from '@vchat/ui'
import { useEffect, useState } from 'react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { LoadFailed, Loading, NothingToPay, PaymentPage, useChannels, useIntentFromQuery, withReturnUrl } from './common'
import { formatPrice } from './format'
import { usePayStatusPolling } from './usePayStatusPolling'
import { checkVpa } from './validation'
import { isTerminal, placeOrder, selectOrderTrack, selectPurchase } from './walletSlice'

/** /upi: the UPI id (checked as name@bank), then the collect request is sent (create_order). */
export function UpiScreen() {
  const { t } = useTranslation('wallet')
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const intent = useIntentFromQuery()
  const { channels, retry } = useChannels()
  const purchase = useAppSelector(selectPurchase)
  const [vpa, setVpa] = useState('')
  const [error, setError] = useState<string | undefined>(undefined)
  const sku = intent ? channels.data?.countries.find((c) => c.country === intent.country)?.skus.find((s) => s.sku === intent.sku) : undefined

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!intent || purchase.status === 'creating') return
    const problem = checkVpa(vpa)
    setError(problem ? t(`upi.errors.${problem}`) : undefined)
    if (problem) return
    const result = await dispatch(placeOrder({ intent }))
    if (placeOrder.fulfilled.match(result)) {
      const { order } = result.payload
      const query = new URLSearchParams({ orderId: order.orderId, vpa: vpa.trim(), checkout: withReturnUrl(order.checkoutUrl, order.orderId, { vpa: vpa.trim() }) })
      navigate(`/upiprocess?${query.toString()}`)
    }
  }

  return (
    <PaymentPage title={t('upi.title')} back>
      {!intent ? (
        <NothingToPay message={t('errors.noChoice')} />
      ) : channels.status === 'failed' && !channels.data ? (
        <LoadFailed onRetry={retry} />
      ) : !channels.data ? (
        <Loading label={t('store.loading')} />
      ) : (
        <form className="vc-checkout" noValidate onSubmit={(e) => void submit(e)}>
          {sku ? <p className="vc-checkout__summary">{t('checkout.summary', { count: sku.gems, price: formatPrice(sku.price, sku.currency) })}</p> : null}
          <TextField label={t('upi.vpa')} name="vpa" autoComplete="off" hint={t('upi.hint')} value={vpa} error={error} onChange={(e) => setVpa(e.target.value)} />
          {purchase.status === 'failed' ? <p role="alert" className="vc-wallet-error">{t('errors.order')}</p> : null}
          <Button type="submit" variant="primary" block busy={purchase.status === 'creating'}>
            {t('upi.submit')}
          </Button>
        </form>
      )}
    </PaymentPage>
  )
}

/** /upiprocess: waits while the user approves the collect request in the UPI app; then the pay result. */
export function UpiProcessScreen() {
  const { t } = useTranslation('wallet')
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const orderId = params.get('orderId') ?? ''
  const checkout = params.get('checkout')
  const order = useAppSelector(selectOrderTrack(orderId))
  usePayStatusPolling(orderId || null)
  const done = isTerminal(order?.payStatus) || order?.timedOut === true
  useEffect(() => {
    // The result page shows the outcome.
    if (done) navigate(`/payresult?orderId=${encodeURIComponent(orderId)}`, { replace: true })
  }, [done, navigate, orderId])
  return (
    <PaymentPage title={t('upi.waitingTitle')}>
      {!orderId ? (
        <NothingToPay message={t('errors.noOrder')} />
      ) : (
        <div className="vc-upi-wait" role="status" aria-live="polite">
          <Spinner label={t('upi.waitingTitle')} />
          <p>{t('upi.waiting', { vpa: params.get('vpa') ?? '' })}</p>
          {order?.error ? <p className="vc-wallet-error">{t('errors.statusRetrying')}</p> : null}
          {checkout ? (
            <a className="vc-wallet-link" href={checkout}>
              {t('upi.openApp')}
            </a>
          ) : null}
          <Button variant="secondary" onClick={() => navigate(`/payresult?orderId=${encodeURIComponent(orderId)}`)}>
            {t('upi.seeResult')}
          </Button>
        </div>
      )}
    </PaymentPage>
  )
}
