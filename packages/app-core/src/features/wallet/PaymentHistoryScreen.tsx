import { useWindowVirtualizer } from '@tanstack/react-virtual'
import type { PayRecord } from '@vchat/api-client'
import { Button, EmptyState, GemIcon } from '@vchat/ui'
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { PageHeading } from '../../routes/BackLink'
import { selectGemsBalance } from '../account'
import { CoinStorePanel } from './CoinStore'
import { LoadFailed, Loading } from './common'
import { PAY_RECORDS_LOAD_AHEAD } from './constants'
import { formatPrice } from './format'
import { loadPayRecords, selectPayHistory } from './walletSlice'

/** Height of one pay record row, its gap included (px); the row's box is fixed to it in wallet.css. */
const RECORD_ROW_HEIGHT = 112

/** /paymenthistory: the balance, the coin store panel, and pay_records_v2 newest first (cursor pages). */
export function PaymentHistoryScreen() {
  const { t } = useTranslation('wallet')
  const dispatch = useAppDispatch()
  const history = useAppSelector(selectPayHistory)
  const balance = useAppSelector(selectGemsBalance)
  const [storeOpen, setStoreOpen] = useState(false)
  useEffect(() => {
    if (history.status === 'idle') void dispatch(loadPayRecords())
  }, [history.status, dispatch])

  return (
    <section className="vc-app-page vc-pay-history" aria-labelledby="pay-history-title">
      <PageHeading id="pay-history-title" className="vc-app-page__title" back="/personalhome">
        {t('history.title')}
      </PageHeading>
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
        <PayRecordList
          records={history.list}
          hasMore={history.nextCursor !== null}
          loadingMore={history.loadingMore}
          moreFailed={history.moreFailed}
          onLoadMore={() => void dispatch(loadPayRecords({ more: true }))}
        />
      )}
      <CoinStorePanel open={storeOpen} onClose={() => setStoreOpen(false)} />
    </section>
  )
}

interface PayRecordListProps {
  records: PayRecord[]
  hasMore: boolean
  loadingMore: boolean
  moreFailed: boolean
  onLoadMore(): void
}

/**
 * The pay records, virtualised against the page's scroll (only the rows in view are in the DOM);
 * the next page is asked for when the last rows come into view (infinite scroll). A page that failed
 * is not asked for again by scrolling: the retry button does it.
 */
function PayRecordList({ records, hasMore, loadingMore, moreFailed, onLoadMore }: PayRecordListProps) {
  const { t, i18n } = useTranslation('wallet')
  const listRef = useRef<HTMLUListElement>(null)
  const [scrollMargin, setScrollMargin] = useState(0)
  useLayoutEffect(() => {
    setScrollMargin(listRef.current ? listRef.current.getBoundingClientRect().top + window.scrollY : 0)
  }, [])
  const virtualizer = useWindowVirtualizer({
    count: records.length,
    estimateSize: () => RECORD_ROW_HEIGHT,
    overscan: 6,
    scrollMargin,
    initialRect: { width: 375, height: typeof window === 'undefined' ? 800 : window.innerHeight || 800 },
  })
  const rows = virtualizer.getVirtualItems()
  const lastIndex = rows.at(-1)?.index ?? -1
  useEffect(() => {
    if (hasMore && !loadingMore && !moreFailed && lastIndex >= records.length - PAY_RECORDS_LOAD_AHEAD) onLoadMore()
  }, [hasMore, loadingMore, moreFailed, lastIndex, records.length, onLoadMore])
  const date = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }), [i18n.language])

  return (
    <>
      <ul
        ref={listRef}
        className="vc-pay-history__list"
        aria-label={t('history.listLabel')}
        aria-busy={loadingMore}
        style={{ blockSize: virtualizer.getTotalSize() }}
        data-count={records.length}
      >
        {rows.map((row) => {
          const record = records[row.index]
          if (!record) return null
          return (
            <li
              key={record.orderId}
              className="vc-pay-history__row"
              style={{ blockSize: RECORD_ROW_HEIGHT, transform: `translateY(${row.start - scrollMargin}px)` }}
              aria-setsize={hasMore ? -1 : records.length}
              aria-posinset={row.index + 1}
            >
              <div className="vc-pay-record">
                <span className="vc-pay-record__gems">{t('store.gems', { count: record.gems })}</span>
                <span className="vc-pay-record__price" dir="auto">
                  {formatPrice(record.amount, record.currency)}
                </span>
                <span className={`vc-pay-record__status vc-pay-record__status--${record.payStatus}`}>{t(`history.status.${record.payStatus}`)}</span>
                <time className="vc-pay-record__date" dateTime={new Date(record.createdAt).toISOString()}>
                  {date.format(record.createdAt)}
                </time>
                <span className="vc-pay-record__id">{record.orderId}</span>
              </div>
            </li>
          )
        })}
      </ul>
      {loadingMore ? <Loading label={t('history.loadingMore')} /> : null}
      {moreFailed ? (
        <div className="vc-pay-history__more-error" role="alert">
          <p className="vc-wallet-error">{t('history.moreFailed')}</p>
          <Button variant="secondary" onClick={onLoadMore}>
            {t('errors.retry')}
          </Button>
        </div>
      ) : null}
    </>
  )
}
