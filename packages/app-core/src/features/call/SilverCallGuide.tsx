import type { ClubCallTimes } from '@vchat/api-client'
import { Button, EmptyState, Skeleton } from '@vchat/ui'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useServices } from '../../app/ServicesContext'

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; times: ClubCallTimes }

export interface SilverCallGuideProps {
  /** The user chose to place the silver call. */
  onStart(): void
  /** The user chose not to. */
  onCancel(): void
}

/**
 * The silver (low-tier) call guide, shown before a silver call starts: what a silver call is, how long
 * it lasts (silverCallDuration) and how many the user has left today (availableTimes, as the server
 * counts them); starting is offered only while some are left.
 */
export function SilverCallGuide({ onStart, onCancel }: SilverCallGuideProps) {
  const { t } = useTranslation('call')
  const { api } = useServices()
  const [load, setLoad] = useState<Load>({ status: 'loading' })

  const fetchTimes = useCallback(() => {
    setLoad({ status: 'loading' })
    api.getClubCallTimes().then(
      (times) => setLoad({ status: 'ready', times }),
      () => setLoad({ status: 'failed' }),
    )
  }, [api])
  useEffect(() => {
    fetchTimes()
  }, [fetchTimes])

  return (
    <section className="vc-silver-guide" aria-labelledby="vc-silver-guide-title">
      <h2 id="vc-silver-guide-title" className="vc-silver-guide__title">
        {t('silver.title')}
      </h2>
      <p>{t('silver.guideIntro')}</p>
      {load.status === 'loading' ? (
        <div aria-busy="true">
          <span className="vc-visually-hidden" role="status">
            {t('silver.loading')}
          </span>
          <Skeleton blockSize="48px" />
        </div>
      ) : load.status === 'failed' ? (
        <EmptyState title={t('silver.errorTitle')} message={t('history.errorMessage')} action={<Button onClick={fetchTimes}>{t('history.retry')}</Button>} />
      ) : (
        <>
          <p>{t('silver.duration', { count: load.times.silverCallDuration })}</p>
          <p className="vc-silver-guide__left" role="status">
            {load.times.availableTimes > 0 ? t('silver.timesLeft', { count: load.times.availableTimes }) : t('silver.noneLeft')}
          </p>
        </>
      )}
      <div className="vc-call__controls">
        <Button disabled={load.status !== 'ready' || load.times.availableTimes === 0} onClick={onStart}>
          {t('silver.start')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('silver.notNow')}
        </Button>
      </div>
    </section>
  )
}
