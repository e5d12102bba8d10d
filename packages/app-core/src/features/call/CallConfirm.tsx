import { withImageQuality } from '@vchat/api-client'
import { Avatar, Button, EmptyState, GemIcon, Skeleton } from '@vchat/ui'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { loadAccount, selectGemsBalance } from '../account'
import { anchorJidOf } from '@vchat/contract'
import { loadAnchor, selectAnchor, selectLookup } from '../discover'
import { usePerson } from '../users'
import { CoinStorePanel } from '../wallet'
import { freeOfferOf, loadCallOffer, selectCall } from './callSlice'

interface CallConfirmViewProps {
  name: string
  avatarUrl: string
  status: 'loading' | 'failed' | 'ready'
  /** Gems per minute, as the server prices this host. */
  price: number
  balance: number
  /** The free call the server says the user has left, if any. */
  free: { free: 'first' | 'paid'; durationS: number } | null
  onStart(free: boolean): void
  onCancel(): void
  onBuyGems(): void
  onRetry(): void
}

/**
 * What the user agrees to before a call: who, the price per minute and their balance, or the free
 * time the server offers and what follows it. Nothing is held before "Start".
 */
function CallConfirmView({ name, avatarUrl, status, price, balance, free, onStart, onCancel, onBuyGems, onRetry }: CallConfirmViewProps) {
  const { t } = useTranslation('call')
  const short = free === null && balance < price
  return (
    <section className="vc-call-confirm" aria-labelledby="vc-call-confirm-title">
      <Avatar src={withImageQuality(avatarUrl)} name={name} size={96} decorative />
      <h2 id="vc-call-confirm-title" className="vc-call-confirm__title" dir="auto">
        {t('confirm.title', { name })}
      </h2>
      {status === 'loading' ? (
        <div aria-busy="true" className="vc-call-confirm__terms">
          <span className="vc-visually-hidden" role="status">
            {t('confirm.loading')}
          </span>
          <Skeleton blockSize="48px" />
        </div>
      ) : status === 'failed' ? (
        <EmptyState title={t('confirm.errorTitle')} message={t('history.errorMessage')} action={<Button onClick={onRetry}>{t('history.retry')}</Button>} />
      ) : (
        <div className="vc-call-confirm__terms">
          {free ? (
            <>
              <p className="vc-call-confirm__free">{t('confirm.free', { count: free.durationS })}</p>
              <p>{free.free === 'first' ? t('confirm.firstFree') : t('confirm.paidFree')}</p>
              <p>{t('confirm.thenPrice', { count: price })}</p>
            </>
          ) : (
            <p className="vc-call-confirm__price">
              <GemIcon size={16} /> {t('price', { count: price })}
            </p>
          )}
          <p>{t('balance', { count: balance })}</p>
          {short ? (
            <p className="vc-call-confirm__short" role="alert">
              {t('confirm.short', { count: price })}
            </p>
          ) : null}
        </div>
      )}
      <div className="vc-call__controls">
        {status === 'ready' && short ? (
          <Button onClick={onBuyGems}>{t('actions.buyGems')}</Button>
        ) : (
          <Button disabled={status !== 'ready'} onClick={() => onStart(free !== null)}>
            {free ? t('confirm.startFree') : t('confirm.start')}
          </Button>
        )}
        <Button variant="secondary" onClick={onCancel}>
          {t('confirm.notNow')}
        </Button>
      </div>
    </section>
  )
}

export interface CallConfirmProps {
  /** The host's uid (the /video/{uid} and /call/{uid} routes). */
  uid: string
  /** The call comes from a match: a paying user's free call may be offered. */
  fromMatch?: boolean | undefined
  onStart(free: boolean): void
  onCancel(): void
}

/**
 * The confirmation every call to a host passes (a deep link included): the host's price and the
 * free calls left come from the server, the balance is read again, and the coin store opens in
 * place when the balance does not cover the first minute.
 */
export function CallConfirm({ uid, fromMatch = false, onStart, onCancel }: CallConfirmProps) {
  const dispatch = useAppDispatch()
  const domain = useServices().endpoints.xmppDomain
  const jid = anchorJidOf(uid, domain)
  const person = usePerson(jid)
  const anchor = useAppSelector((state) => selectAnchor(state, jid))
  const lookup = useAppSelector((state) => selectLookup(state, jid))
  const balance = useAppSelector(selectGemsBalance)
  const { offer, offerStatus } = useAppSelector(selectCall)
  const [storeOpen, setStoreOpen] = useState(false)

  const load = useCallback(() => {
    void dispatch(loadAnchor(jid))
    void dispatch(loadAccount())
    void dispatch(loadCallOffer())
  }, [dispatch, jid])
  useEffect(() => {
    load()
  }, [load])

  const failed = lookup === 'failed' || offerStatus === 'failed'
  const ready = anchor !== undefined && offerStatus === 'ready' && balance !== null
  return (
    <>
      <CallConfirmView
        name={anchor?.nickName || person.name}
        avatarUrl={anchor?.avatarUrl || person.avatarUrl}
        status={failed ? 'failed' : ready ? 'ready' : 'loading'}
        price={anchor?.privateChatPrice ?? 0}
        balance={balance ?? 0}
        free={freeOfferOf(offer, fromMatch)}
        onStart={onStart}
        onCancel={onCancel}
        onBuyGems={() => setStoreOpen(true)}
        onRetry={load}
      />
      <CoinStorePanel open={storeOpen} onClose={() => setStoreOpen(false)} />
    </>
  )
}
