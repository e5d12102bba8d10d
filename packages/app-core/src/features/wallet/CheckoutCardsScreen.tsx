import type { SavedCard } from '@vchat/api-client'
import { Button, TextField } from '@vchat/ui'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { LoadFailed, Loading, NothingToPay, PaymentPage, intentQuery, useChannels, useExternalNavigate, useIntentFromQuery, withReturnUrl } from './common'
import { formatPrice } from './format'
import type { CardDetails, CardVaultProblem } from '../../services/cardVault'
import { checkCardNumber, checkCvv, checkExpiry, digitsOnly, groupCardNumber } from './validation'
import { placeOrder, saveBankCard, selectPurchase, selectWallet } from './walletSlice'

interface CardFields {
  number: string
  expiry: string
  cvv: string
  holder: string
}

type CardErrors = Partial<Record<keyof CardFields, string>>

function useCardCheck() {
  const { t } = useTranslation('wallet')
  const { clock } = useServices()
  return (fields: CardFields, withCvv: boolean): { errors: CardErrors; expiry: { month: number; year: number } | null } => {
    const errors: CardErrors = {}
    const number = checkCardNumber(fields.number)
    if (number) errors.number = t(`card.errors.number.${number}`)
    const expiry = checkExpiry(fields.expiry, clock.now())
    if ('problem' in expiry) errors.expiry = t(`card.errors.expiry.${expiry.problem}`)
    const cvv = withCvv ? checkCvv(fields.cvv) : null
    if (cvv) errors.cvv = t(`card.errors.cvv.${cvv}`)
    if (fields.holder.trim() === '') errors.holder = t('card.errors.holder')
    return { errors, expiry: 'expiry' in expiry ? expiry.expiry : null }
  }
}

function CardEntry({ fields, errors, onChange, withCvv }: { fields: CardFields; errors: CardErrors; onChange: (f: CardFields) => void; withCvv: boolean }) {
  const { t } = useTranslation('wallet')
  return (
    <div className="vc-card-entry">
      <TextField label={t('card.number')} name="cardNumber" inputMode="numeric" autoComplete="cc-number" value={fields.number} error={errors.number} onChange={(e) => onChange({ ...fields, number: groupCardNumber(e.target.value) })} />
      <TextField label={t('card.expiry')} name="expiry" autoComplete="cc-exp" placeholder={t('card.expiryPlaceholder')} value={fields.expiry} error={errors.expiry} onChange={(e) => onChange({ ...fields, expiry: e.target.value })} />
      {withCvv ? <TextField label={t('card.cvv')} name="cvv" inputMode="numeric" autoComplete="cc-csc" value={fields.cvv} error={errors.cvv} onChange={(e) => onChange({ ...fields, cvv: e.target.value })} /> : null}
      <TextField label={t('card.holder')} name="holder" autoComplete="cc-name" value={fields.holder} error={errors.holder} onChange={(e) => onChange({ ...fields, holder: e.target.value })} />
    </div>
  )
}

const EMPTY: CardFields = { number: '', expiry: '', cvv: '', holder: '' }

/** The field a provider's refusal belongs to, with the message the same check shows here. */
function providerErrors(problem: CardVaultProblem | undefined, t: (key: string) => string): CardErrors | null {
  switch (problem) {
    case 'number':
      return { number: t('card.errors.number.luhn') }
    case 'expiry':
      return { expiry: t('card.errors.expiry.expired') }
    case 'cvv':
      return { cvv: t('card.errors.cvv.format') }
    case 'holder':
      return { holder: t('card.errors.holder') }
    default:
      return null
  }
}

/** Card details for the provider's vault; the code only when the form asked for it. */
function cardDetails(fields: CardFields, expiry: { month: number; year: number }, withCvv: boolean): CardDetails {
  return {
    number: digitsOnly(fields.number),
    expiryMonth: expiry.month,
    expiryYear: expiry.year,
    holderName: fields.holder.trim(),
    ...(withCvv ? { cvv: fields.cvv.trim() } : {}),
  }
}

function cardLabel(card: SavedCard, t: (key: string, options: Record<string, unknown>) => string): string {
  return t('card.saved', { brand: card.brand, last4: card.last4, month: String(card.expiryMonth).padStart(2, '0'), year: String(card.expiryYear).slice(-2) })
}

/**
 * /checkoutCards: pay the chosen SKU with a saved card or a new one. A new card is checked here (Luhn,
 * expiry, code) for quick feedback, then sent to the payment provider's vault, never to the product
 * API; a saved card's code is asked on the provider's 3-D Secure page.
 */
export function CheckoutCardsScreen() {
  const { t } = useTranslation('wallet')
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const leave = useExternalNavigate()
  const intent = useIntentFromQuery()
  const { channels, retry } = useChannels()
  const purchase = useAppSelector(selectPurchase)
  const saving = useAppSelector(selectWallet).cardSave.status === 'saving'
  const check = useCardCheck()
  const { brand } = useServices()
  const cards = channels.data?.cards ?? []
  const [choice, setChoice] = useState<string | null>(null)
  const chosen = choice ?? cards[0]?.cardId ?? 'new'
  const [fields, setFields] = useState<CardFields>(EMPTY)
  const [errors, setErrors] = useState<CardErrors>({})
  const [saveFailed, setSaveFailed] = useState(false)
  // Saving a new card for later is the user's choice, never the default.
  const [keep, setKeep] = useState(false)

  const sku = intent ? channels.data?.countries.find((c) => c.country === intent.country)?.skus.find((s) => s.sku === intent.sku) : undefined

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!intent || purchase.status === 'creating' || saving) return
    let cardId = chosen
    setSaveFailed(false)
    if (chosen === 'new') {
      const found = check(fields, true)
      setErrors(found.errors)
      if (Object.keys(found.errors).length > 0 || !found.expiry) return
      // The card goes to the payment provider; the product API gets its token only.
      const saved = await dispatch(saveBankCard({ card: cardDetails(fields, found.expiry, true), keep }))
      if (!saveBankCard.fulfilled.match(saved)) {
        const refused = providerErrors(saved.payload, t)
        return refused ? setErrors(refused) : setSaveFailed(true)
      }
      cardId = saved.payload.cardId
      // A saved card joins the list and is chosen; a card used once stays typed in for a retry.
      if (keep) {
        setChoice(cardId)
        setFields(EMPTY)
      }
    }
    // A saved card's security code is asked on the provider's page, never here.
    const result = await dispatch(placeOrder({ intent: { ...intent, cardId } }))
    if (placeOrder.fulfilled.match(result)) {
      const { order, redirectUrl } = result.payload
      if (redirectUrl) leave(withReturnUrl(redirectUrl, order.orderId))
      else navigate(`/payresult?orderId=${encodeURIComponent(order.orderId)}`)
    }
  }

  return (
    <PaymentPage title={t('card.title')} back>
      {!intent ? (
        <NothingToPay message={t('errors.noChoice')} />
      ) : channels.status === 'failed' && !channels.data ? (
        <LoadFailed onRetry={retry} />
      ) : !channels.data ? (
        <Loading label={t('store.loading')} />
      ) : (
        <form className="vc-checkout" noValidate onSubmit={(e) => void submit(e)}>
          {sku ? <p className="vc-checkout__summary">{t('checkout.summary', { count: sku.gems, price: formatPrice(sku.price, sku.currency) })}</p> : null}
          <fieldset>
            <legend>{t('card.choose')}</legend>
            {cards.map((card) => (
              <label key={card.cardId} className="vc-channel">
                <input type="radio" name="card" value={card.cardId} checked={chosen === card.cardId} onChange={() => setChoice(card.cardId)} />
                <span>{cardLabel(card, t)}</span>
              </label>
            ))}
            <label className="vc-channel">
              <input type="radio" name="card" value="new" checked={chosen === 'new'} onChange={() => setChoice('new')} />
              <span>{t('card.new')}</span>
            </label>
          </fieldset>
          {chosen === 'new' ? (
            <>
              <CardEntry fields={fields} errors={errors} onChange={setFields} withCvv />
              <label className="vc-channel">
                <input type="checkbox" name="keep" checked={keep} onChange={(e) => setKeep(e.target.checked)} />
                <span>{t('card.keep')}</span>
              </label>
            </>
          ) : null}
          <p className="vc-checkout__note">{t('card.secure', { brand: brand.displayName })}</p>
          {saveFailed ? <p role="alert" className="vc-wallet-error">{t('errors.saveCard')}</p> : null}
          {purchase.status === 'failed' ? <p role="alert" className="vc-wallet-error">{t('errors.order')}</p> : null}
          <Button type="submit" variant="primary" block busy={purchase.status === 'creating' || saving}>
            {sku ? t('store.pay', { price: formatPrice(sku.price, sku.currency) }) : t('checkout.pay')}
          </Button>
          <Button variant="secondary" block onClick={() => navigate(`/bindcheckout?${intentQuery(intent)}`)}>
            {t('bind.open')}
          </Button>
        </form>
      )}
    </PaymentPage>
  )
}

/** /bindcheckout: save a card (save_bank_card) for later payments, then back to the card checkout. */
export function BindCheckoutScreen() {
  const { t } = useTranslation('wallet')
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const check = useCardCheck()
  const cardSave = useAppSelector(selectWallet).cardSave
  const { brand } = useServices()
  const [fields, setFields] = useState<CardFields>(EMPTY)
  const [errors, setErrors] = useState<CardErrors>({})

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (cardSave.status === 'saving') return
    const found = check(fields, false)
    setErrors(found.errors)
    if (Object.keys(found.errors).length > 0 || !found.expiry) return
    // This page exists to save a card: saving is what the user asked for. No code: the provider asks
    // for it when the card pays.
    const saved = await dispatch(saveBankCard({ card: cardDetails(fields, found.expiry, false), keep: true }))
    if (!saveBankCard.fulfilled.match(saved)) {
      const refused = providerErrors(saved.payload, t)
      if (refused) setErrors(refused)
      return
    }
    if (params.get('sku')) navigate(`/checkoutCards?${params.toString()}`, { replace: true })
  }

  return (
    <PaymentPage title={t('bind.title')} back>
      <form className="vc-checkout" noValidate onSubmit={(e) => void submit(e)}>
        <CardEntry fields={fields} errors={errors} onChange={setFields} withCvv={false} />
        <p className="vc-checkout__note">{t('card.secure', { brand: brand.displayName })}</p>
        {cardSave.status === 'failed' && cardSave.problem === 'unavailable' ? <p role="alert" className="vc-wallet-error">{t('errors.saveCard')}</p> : null}
        {cardSave.status === 'saved' && cardSave.card ? <p role="status">{t('bind.saved', { last4: cardSave.card.last4 })}</p> : null}
        <Button type="submit" variant="primary" block busy={cardSave.status === 'saving'}>
          {t('bind.submit')}
        </Button>
      </form>
    </PaymentPage>
  )
}
