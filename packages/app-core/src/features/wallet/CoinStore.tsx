import type { PayChannel, Sku } from '@vchat/api-client'
import { Button, EmptyState, GemIcon, Sheet } from '@vchat/ui'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { selectGemsBalance } from '../account'
import { LoadFailed, Loading, intentQuery, useChannels, useExternalNavigate, useOpenPaymentWindow, withReturnUrl } from './common'
import { usePurchaseOrigin } from './purchaseOrigin'
import { coinTier } from './format'
import type { CoinTier } from './format'
import { formatPrice } from './format'
import { loadPaymentChannels, placeOrder, selectPurchase } from './walletSlice'
import type { PurchaseIntent } from './walletSlice'

const TIER_GEMS: Record<CoinTier, number> = { base: 1, small: 2, medium: 3, large: 4 }

/** SPEC §9 coin icon: one to four gems by tier (≥3000, ≥700, ≥300, below). */
export function CoinTierIcon({ gems }: { gems: number }) {
  const tier = coinTier(gems)
  return (
    <span className={`vc-coin-tier vc-coin-tier--${tier}`} data-tier={tier} aria-hidden="true">
      {Array.from({ length: TIER_GEMS[tier] }, (_, i) => (
        <GemIcon key={i} />
      ))}
    </span>
  )
}

/** Channels the user may choose: Google Pay-like wallets are hidden when gpayIsHide says so. */
export function visibleChannels(channels: readonly PayChannel[], gpayIsHide: boolean): PayChannel[] {
  return channels.filter((c) => !(gpayIsHide && c.type === 'wallet'))
}

/**
 * The coin store / billing screen: country, SKUs (price, currency, gems, tier icon) and the payment
 * channels payment_channels offers there. Paying continues on /checkoutCards, /upi or the wallet's
 * hosted page.
 */
export interface CoinStoreProps {
  /**
   * Pay in a window of its own (a call is up: leaving this tab for the checkout would end it). The
   * gems reach this tab through the ReChargeSuccess notice; `onPaying` tells that the window opened.
   */
  payInWindow?: boolean | undefined
  onPaying?: (() => void) | undefined
}

export function CoinStore({ payInWindow = false, onPaying }: CoinStoreProps = {}) {
  const { t } = useTranslation('wallet')
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const { remember: rememberOrigin } = usePurchaseOrigin()
  const leave = useExternalNavigate()
  const openPaymentWindow = useOpenPaymentWindow()
  const [windowBlocked, setWindowBlocked] = useState(false)
  const { channels, retry } = useChannels()
  const purchase = useAppSelector(selectPurchase)
  const balance = useAppSelector(selectGemsBalance)
  const data = channels.data
  const [countryCode, setCountryCode] = useState<string | null>(null)
  const [skuId, setSkuId] = useState<string | null>(null)
  const [channelId, setChannelId] = useState<string | null>(null)
  const countryId = useId()

  if (channels.status === 'failed' && !data) return <LoadFailed onRetry={retry} />
  if (!data) return <Loading label={t('store.loading')} />

  const country = data.countries.find((c) => c.country === (countryCode ?? data.extend_info.defaultCountry)) ?? data.countries[0]
  if (!country || country.skus.length === 0) return <EmptyState title={t('store.emptyTitle')} message={t('store.emptyMessage')} />
  const offered = visibleChannels(country.channels, data.gpayIsHide)
  const sku: Sku | undefined = country.skus.find((s) => s.sku === skuId)
  const channel = offered.find((c) => c.channelId === channelId) ?? offered[0]

  /**
   * Where the checkout goes is decided once (card and UPI pages of ours, a wallet's hosted page or the
   * pay result); whether it goes there in this tab or, during a call, in a payment window of its own
   * (opened straight from the click, so a pop-up blocker allows it) is the only difference.
   */
  async function pay() {
    if (!sku || !channel || !country) return
    const intent: PurchaseIntent = { sku: sku.sku, country: country.country, channelId: channel.channelId }
    const paying = payInWindow ? openPaymentWindow() : null
    setWindowBlocked(payInWindow && paying === null)
    if (payInWindow && !paying) return
    if (!paying) rememberOrigin()
    const inApp = (path: string) => (paying ? paying.go(new URL(path, window.location.href).toString()) : navigate(path))
    const external = (url: string) => (paying ? paying.go(url) : leave(url))
    if (channel.type === 'card') inApp(`/checkoutCards?${intentQuery(intent)}`)
    else if (channel.type === 'upi') inApp(`/upi?${intentQuery(intent)}`)
    else {
      const result = await dispatch(placeOrder({ intent }))
      if (!placeOrder.fulfilled.match(result)) {
        paying?.close()
        return
      }
      const { order, redirectUrl } = result.payload
      if (redirectUrl) external(withReturnUrl(redirectUrl, order.orderId))
      else inApp(`/payresult?orderId=${encodeURIComponent(order.orderId)}`)
    }
    if (paying) onPaying?.()
  }

  return (
    <div className="vc-coin-store">
      <p className="vc-coin-store__balance">
        <GemIcon aria-hidden="true" /> {t('store.balance', { count: balance ?? 0 })}
      </p>
      {data.userPayInfo.firstRecharge ? (
        <p className="vc-coin-store__bonus">{t('store.firstRecharge', { percent: data.extend_info.firstRechargeBonusPercent })}</p>
      ) : null}
      <label htmlFor={countryId} className="vc-coin-store__label">
        {t('store.country')}
      </label>
      <select
        id={countryId}
        className="vc-coin-store__country"
        value={country.country}
        onChange={(event) => {
          setCountryCode(event.target.value)
          setSkuId(null)
          setChannelId(null)
          void dispatch(loadPaymentChannels({ country: event.target.value }))
        }}
      >
        {data.countries.map((c) => (
          <option key={c.country} value={c.country}>
            {t('store.countryOption', { country: c.country, currency: c.currency })}
          </option>
        ))}
      </select>
      <fieldset className="vc-coin-store__skus">
        <legend>{t('store.chooseSku')}</legend>
        {country.skus.map((s) => (
          <label key={s.sku} className={['vc-sku', s.sku === skuId ? 'vc-sku--chosen' : ''].join(' ')}>
            <input type="radio" name="sku" value={s.sku} checked={s.sku === skuId} onChange={() => setSkuId(s.sku)} />
            <CoinTierIcon gems={s.gems} />
            <span className="vc-sku__gems">{t('store.gems', { count: s.gems })}</span>
            {s.bonusGems > 0 ? <span className="vc-sku__bonus">{t('store.bonus', { count: s.bonusGems })}</span> : null}
            {s.tag ? <span className="vc-sku__tag">{t(`store.tag.${s.tag}`)}</span> : null}
            <span className="vc-sku__price" dir="auto">
              {formatPrice(s.price, s.currency)}
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="vc-coin-store__channels">
        <legend>{t('store.chooseChannel')}</legend>
        {offered.map((c) => (
          <label key={c.channelId} className="vc-channel">
            <input type="radio" name="channel" value={c.channelId} checked={c.channelId === channel?.channelId} onChange={() => setChannelId(c.channelId)} />
            <span>{t(`channel.${c.type}`, { name: c.name })}</span>
            {c.type === 'card' && data.cards.length > 0 ? <span className="vc-channel__note">{t('store.savedCards', { count: data.cards.length })}</span> : null}
          </label>
        ))}
      </fieldset>
      {windowBlocked ? (
        <p role="alert" className="vc-wallet-error">
          {t('store.windowBlocked')}
        </p>
      ) : null}
      {purchase.status === 'failed' ? (
        <p role="alert" className="vc-wallet-error">
          {t('errors.order')}
        </p>
      ) : null}
      <Button variant="primary" block disabled={!sku || !channel} busy={purchase.status === 'creating'} onClick={() => void pay()}>
        {sku ? t('store.pay', { price: formatPrice(sku.price, sku.currency) }) : t('store.chooseFirst')}
      </Button>
    </div>
  )
}

/** The coin store panel: the store in a sheet any screen can open. */
export function CoinStorePanel({ open, onClose, payInWindow = false }: { open: boolean; onClose: () => void; payInWindow?: boolean | undefined }) {
  const { t } = useTranslation('wallet')
  return (
    <Sheet open={open} title={t('store.title')} closeLabel={t('close')} onClose={onClose}>
      <CoinStore payInWindow={payInWindow} onPaying={onClose} />
    </Sheet>
  )
}
