import { Button, EmptyState, Skeleton } from '@vchat/ui'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { checkClubCallTimes, selectCallTimesCheck, selectClubCallTimes, silverCallGuideLeft } from '../club'

export interface SilverCallGuideProps {
  /** The user chose to place the silver call. */
  onStart(): void
  /** The user chose not to. */
  onCancel(): void
}

/**
 * The silver (low-tier) call guide, shown before a silver call starts: what a silver call is, how long
 * it lasts (silverCallDuration) and how many the user has left today (availableTimes, as the server
 * counts them, asked again each time the guide opens); starting is offered only while some are left.
 */
export function SilverCallGuide({ onStart, onCancel }: SilverCallGuideProps) {
  const { t } = useTranslation('call')
  const dispatch = useAppDispatch()
  const times = useAppSelector(selectClubCallTimes)
  // The count shown is the one this guide asked for: a call is offered on the server's latest word.
  // (Until it has asked, the store may still hold the check of a guide replaced in the same render.)
  const [asked, setAsked] = useState(false)
  const storedCheck = useAppSelector(selectCallTimesCheck)
  const check = asked ? storedCheck : 'idle'
  const ready = check === 'ready' && times !== null
  const checkAgain = () => void dispatch(checkClubCallTimes())

  useEffect(() => {
    void dispatch(checkClubCallTimes())
    setAsked(true)
    return () => {
      dispatch(silverCallGuideLeft())
    }
  }, [dispatch])

  return (
    <section className="vc-silver-guide" aria-labelledby="vc-silver-guide-title">
      <h2 id="vc-silver-guide-title" className="vc-silver-guide__title">
        {t('silver.title')}
      </h2>
      <p>{t('silver.guideIntro')}</p>
      {check === 'failed' ? (
        <EmptyState title={t('silver.errorTitle')} message={t('history.errorMessage')} action={<Button onClick={checkAgain}>{t('history.retry')}</Button>} />
      ) : !ready ? (
        <div aria-busy="true">
          <span className="vc-visually-hidden" role="status">
            {t('silver.loading')}
          </span>
          <Skeleton blockSize="48px" />
        </div>
      ) : (
        <>
          <p>{t('silver.duration', { count: times.silverCallDuration })}</p>
          <p className="vc-silver-guide__left" role="status">
            {times.availableTimes > 0 ? t('silver.timesLeft', { count: times.availableTimes }) : t('silver.noneLeft')}
          </p>
        </>
      )}
      <div className="vc-call__controls">
        <Button disabled={!ready || times.availableTimes === 0} onClick={onStart}>
          {t('silver.start')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('silver.notNow')}
        </Button>
      </div>
    </section>
  )
}
