import type { GiftInfo } from '@vchat/api-client'
import { Button, EmptyState, GemIcon, Sheet, Spinner } from '@vchat/ui'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { selectGemsBalance } from '../account'
import { giftPurchaseReset, selectGiftPurchase, selectGifts } from './purchaseSlice'
import { buyGift, loadGifts } from './purchaseThunks'
import { safeMediaUrl } from './messageView'

export interface GiftPanelProps {
  open: boolean
  /** The jid the gift is for. */
  to: string
  /** When answering an ask-gift card: only that gift, and the card is marked sent after buying. */
  asked?: { mid: string; giftId: string } | null
  onClose(): void
  /** Not enough gems: the coin store opens. */
  onNeedGems(): void
}

/**
 * The gift panel: gifts from the server (gift_list), bought with gems over XMPP (GiftBuy); the
 * balance updates from the gift component's answer and the gift appears in the thread.
 */
export function GiftPanel({ open, to, asked = null, onClose, onNeedGems }: GiftPanelProps) {
  const { t } = useTranslation('chat')
  const dispatch = useAppDispatch()
  const gifts = useAppSelector(selectGifts)
  const purchase = useAppSelector(selectGiftPurchase)
  const balance = useAppSelector(selectGemsBalance)

  useEffect(() => {
    if (open && gifts.status === 'idle') void dispatch(loadGifts())
  }, [dispatch, open, gifts.status])
  useEffect(() => {
    if (open) dispatch(giftPurchaseReset())
  }, [dispatch, open])

  const shown = asked ? gifts.list.filter((gift) => gift.id === asked.giftId) : gifts.list
  const buy = async (gift: GiftInfo) => {
    const result = await dispatch(buyGift({ to, gift, ...(asked ? { askGiftMid: asked.mid } : {}) }))
    if (buyGift.fulfilled.match(result)) onClose()
  }

  let body: React.ReactNode
  if (gifts.status === 'loading' || gifts.status === 'idle') {
    body = (
      <div className="vc-chat-panel__center">
        <Spinner label={t('gifts.loading')} />
      </div>
    )
  } else if (gifts.status === 'failed') {
    body = (
      <EmptyState
        title={t('gifts.errorTitle')}
        message={t('errors.threadsMessage')}
        action={
          <Button variant="secondary" onClick={() => void dispatch(loadGifts())}>
            {t('actions.tryAgain')}
          </Button>
        }
      />
    )
  } else if (shown.length === 0) {
    body = <EmptyState title={asked ? t('gifts.askedUnavailable') : t('gifts.empty')} />
  } else {
    body = (
      <ul className="vc-chat-gifts" aria-label={t('gifts.listLabel')}>
        {shown.map((gift) => {
          const icon = safeMediaUrl(gift.iconUrl)
          const busy = purchase.status === 'buying' && purchase.giftId === gift.id
          return (
            <li key={gift.id}>
              <button
                type="button"
                className="vc-chat-gifts__item"
                onClick={() => void buy(gift)}
                disabled={purchase.status === 'buying'}
                aria-busy={busy}
                aria-label={t('gifts.buy', { title: gift.title, count: gift.gemsPrice })}
              >
                {icon ? <img src={icon} alt="" className="vc-chat-gifts__icon" loading="lazy" /> : null}
                <span className="vc-chat-gifts__title">{gift.title}</span>
                <span className="vc-chat-gifts__price">
                  <GemIcon /> {gift.gemsPrice}
                </span>
              </button>
            </li>
          )
        })}
      </ul>
    )
  }

  return (
    <Sheet open={open} title={asked ? t('gifts.askedTitle') : t('gifts.title')} closeLabel={t('actions.close')} onClose={onClose}>
      <p className="vc-chat-panel__balance">{balance === null ? t('gifts.balanceUnknown') : t('gifts.balance', { count: balance })}</p>
      {body}
      {purchase.status === 'failed' ? (
        <div className="vc-chat-panel__error" role="alert">
          <p>{purchase.error === 'gems' ? t('gifts.notEnoughGems') : t('gifts.failed')}</p>
          {purchase.error === 'gems' ? (
            <Button variant="primary" onClick={onNeedGems}>
              {t('lock.coinStore')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </Sheet>
  )
}
