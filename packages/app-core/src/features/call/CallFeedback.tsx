import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { REPORT_DETAIL_MAX, REPORT_REASONS } from '@vchat/api-client'
import type { CallStars, ReportReason } from '@vchat/api-client'
import { Button, Sheet, StarIcon } from '@vchat/ui'
import type { CallFeedback } from './callState'

const STARS: readonly CallStars[] = [1, 2, 3, 4, 5]

/**
 * "How was your call?": five stars as one radio group (arrow keys move between them, as a screen
 * reader expects of a rating), sent as soon as one is chosen. What the server did with them is said
 * below: kept, or not (then choosing again retries).
 */
export function CallRating({ name, stars, status, onRate }: { name: string; stars: CallStars | null; status: CallFeedback['rating']; onRate(stars: CallStars): void }) {
  const { t } = useTranslation('call')
  const titleId = useId()
  return (
    <div className="vc-call-rating">
      <p id={titleId} className="vc-call-rating__title" dir="auto">
        {t('feedback.rateTitle', { name })}
      </p>
      <div className="vc-call-rating__stars" role="radiogroup" aria-labelledby={titleId}>
        {STARS.map((value) => (
          <label key={value} className="vc-call-rating__star" data-on={stars !== null && value <= stars ? 'true' : undefined}>
            <input
              type="radio"
              name={`${titleId}-stars`}
              value={value}
              checked={stars === value}
              disabled={status === 'saving'}
              onChange={() => onRate(value)}
              aria-label={t('feedback.starLabel', { stars: value })}
            />
            <StarIcon size={32} fill={stars !== null && value <= stars ? 'currentColor' : 'none'} />
          </label>
        ))}
      </div>
      <p className="vc-call-rating__note" aria-live="polite">
        {status === 'saved' && stars !== null ? t('feedback.rated', { stars }) : status === 'failed' ? t('feedback.rateFailed') : ''}
      </p>
    </div>
  )
}

/**
 * The report sheet: why (one reason, required), the user's own words (required for "something
 * else"), send. The sheet stays open on a failure so nothing typed is lost; after sending, the end
 * screen says the report was received.
 */
export function ReportSheet({
  open,
  name,
  status,
  onSend,
  onClose,
}: {
  open: boolean
  name: string
  status: CallFeedback['report']
  onSend(reason: ReportReason, detail: string): void
  onClose(): void
}) {
  const { t } = useTranslation(['call', 'common'])
  const [reason, setReason] = useState<ReportReason | null>(null)
  const [detail, setDetail] = useState('')
  const [tried, setTried] = useState(false)
  const detailId = useId()
  const needsDetail = reason === 'other' && detail.trim() === ''
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (!reason || needsDetail) return
    onSend(reason, detail)
  }
  return (
    <Sheet open={open} title={t('feedback.reportTitle', { name })} onClose={onClose} closeLabel={t('feedback.close')} size="sm">
      <form className="vc-call-report" onSubmit={submit} noValidate>
        <fieldset className="vc-call-report__reasons">
          <legend>{t('feedback.reasonLegend')}</legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className="vc-choice">
              <input type="radio" name="report-reason" value={value} checked={reason === value} onChange={() => setReason(value)} />
              <span>{t(`feedback.reasons.${value}`)}</span>
            </label>
          ))}
        </fieldset>
        {tried && !reason ? (
          <p className="vc-call__error" role="alert">
            {t('feedback.reasonRequired')}
          </p>
        ) : null}
        <div className="vc-field">
          <label className="vc-field__label" htmlFor={detailId}>
            {reason === 'other' ? t('feedback.detailRequired') : t('feedback.detail')}
          </label>
          <textarea
            id={detailId}
            className="vc-field__input"
            dir="auto"
            rows={3}
            maxLength={REPORT_DETAIL_MAX}
            value={detail}
            aria-invalid={tried && needsDetail ? true : undefined}
            onChange={(event) => setDetail(event.target.value)}
          />
        </div>
        {tried && needsDetail ? (
          <p className="vc-call__error" role="alert">
            {t('feedback.detailMissing')}
          </p>
        ) : null}
        {status === 'failed' ? (
          <p className="vc-call__error" role="alert">
            {t('feedback.reportFailed')}
          </p>
        ) : null}
        <Button type="submit" variant="primary" block busy={status === 'sending'}>
          {t('feedback.send')}
        </Button>
      </form>
    </Sheet>
  )
}
