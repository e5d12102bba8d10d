import { Button, Spinner } from '@vchat/ui'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { loadUserSupport, selectProfile } from './profileSlice'

/** Customer support from get_user_support: e-mail, help account, FAQ and working hours. */
export function SupportCard() {
  const { t } = useTranslation('account')
  const { t: tc } = useTranslation('common')
  const dispatch = useAppDispatch()
  const { support, supportStatus } = useAppSelector(selectProfile)
  useEffect(() => {
    if (supportStatus === 'idle') void dispatch(loadUserSupport())
  }, [dispatch, supportStatus])
  return (
    <section className="vc-account-card" aria-labelledby="support-title">
      <h2 id="support-title" className="vc-account__subtitle">
        {t('support.title')}
      </h2>
      {supportStatus === 'failed' ? (
        <div>
          <p role="alert">{t('support.error')}</p>
          <Button variant="secondary" onClick={() => void dispatch(loadUserSupport())}>
            {tc('retry')}
          </Button>
        </div>
      ) : !support ? (
        <Spinner label={tc('loading')} />
      ) : (
        <dl className="vc-account-facts">
          <div>
            <dt>{t('support.email')}</dt>
            <dd>
              <a href={`mailto:${support.supportEmail}`}>{support.supportEmail}</a>
            </dd>
          </div>
          <div>
            <dt>{t('support.hours')}</dt>
            <dd>{support.workingHours}</dd>
          </div>
          <div>
            <dt>{t('support.faq')}</dt>
            <dd>
              <a href={support.faqUrl} target="_blank" rel="noopener noreferrer">
                {t('support.faqLink')}
              </a>
            </dd>
          </div>
        </dl>
      )}
    </section>
  )
}
