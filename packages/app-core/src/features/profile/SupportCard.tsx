import { Button, Spinner } from '@vchat/ui'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { loadUserSupport, selectProfile } from './profileSlice'

/** Customer support: the brand's e-mail, and from get_user_support the help account, FAQ and working hours. */
export function SupportCard() {
  const { t } = useTranslation('account')
  const { t: tc } = useTranslation('common')
  // The address is the brand's (one backend may answer for several brands); hours, FAQ and the help
  // account come from get_user_support.
  const { brand } = useServices()
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
              <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>
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
