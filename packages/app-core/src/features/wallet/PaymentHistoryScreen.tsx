import { Button, EmptyState, GemIcon } from '@vchat/ui'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { selectGemsBalance } from '../account/accountSlice'
import { CoinStorePanel } from './CoinStore'
import { LoadFailed, Loading } from './common'
import { formatPrice } from './format'
import { loadPayRecords, selectPayHistory } from './walletSlice'

/** /paymenthistory: the balance, the coin store panel, and pay_records_v2 newest first (cursor pages). */
export function PaymentHistoryScreen() {
  const { t, i18n } = useTranslation('wallet')
  const dispatch = useAppDispatch()
  const history = useAppSelector(selectPayHistory)
  const balance = useAppSelector(selectGemsBalance)
  const [storeOpen, setStoreOpen] = useState(false)
  useEffect(() => {
    if (history.status === 'idle') void dispatch(loadPayRecords())
  }, [history.status, dispatch])
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })

  return (
    <section className="vc-app-page vc-pay-history" aria-labelledby="pay-history-title">
      <h1 id="pay-history-title" className="vc-app-page__title">
        {t('history.title')}
      </h1>
      <div className="vc-pay-history__top">
        <p className="vc-coin-store__balance">
          <GemIcon aria-hidden="true" /> {t('store.balance', { count: balance ?? 0 })}
        </p>
        <Button variant="primary" onClick={() => setStoreOpen(true)}>
          {t('store.open')}
        </Button>
      </div>
      {history.status === 'failed' ? (
        <LoadFailed onRetry={() => void dispatch(loadPayRecords())} />
      ) : history.status !== 'ready' ? (
        <Loading label={t('history.loading')} />
      ) : history.list.length === 0 ? (
        <EmptyState title={t('history.emptyTitle')} message={t('history.emptyMessage')} />
      ) : (
        <ul className="vc-pay-history__list">
          {history.list.map((record) => (
            <li key={record.orderId} className="vc-pay-record">
              <span className="vc-pay-record__gems">{t('store.gems', { count: record.gems })}</span>
              <span className="vc-pay-record__price" dir="auto">
                {formatPrice(record.amount, record.currency)}
              </span>
              <span className={`vc-pay-record__status vc-pay-record__status--${record.payStatus}`}>{t(`history.status.${record.payStatus}`)}</span>
              <time className="vc-pay-record__date" dateTime={new Date(record.createdAt).toISOString()}>
                {date.format(record.createdAt)}
              </time>
              <span className="vc-pay-record__id">{record.orderId}</span>
            </li>
          ))}
        </ul>
      )}
      {history.status === 'ready' && history.nextCursor ? (
        <Button variant="secondary" busy={history.loadingMore} onClick={() => void dispatch(loadPayRecords({ more: true }))}>
          {t('history.more')}
        </Button>
      ) : null}
      {history.moreFailed ? <p role="alert" className="vc-wallet-error">{t('errors.loadMessage')}</p> : null}
      <CoinStorePanel open={storeOpen} onClose={() => setStoreOpen(false)} />
    </section>
  )
}
