import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { loadWebsiteConfig, selectWebsite, selectWebsiteStatus } from '../profile'

/** The download-app panel: the native app (named as the brand) with its install bonus and store links from the website config. */
export function DownloadAppPanel() {
  const { t } = useTranslation('account')
  const { brand } = useServices()
  const dispatch = useAppDispatch()
  const website = useAppSelector(selectWebsite)
  const status = useAppSelector(selectWebsiteStatus)
  useEffect(() => {
    if (status === 'idle') void dispatch(loadWebsiteConfig())
  }, [dispatch, status])
  const app = website?.appDownloadInfo
  if (!app?.enabled) return null
  return (
    <aside className="vc-account-card vc-download-panel" aria-labelledby="download-panel-title">
      <h2 id="download-panel-title" className="vc-account__subtitle">
        {t('download.panelTitle', { app: brand.displayName })}
      </h2>
      {app.bonusGems > 0 ? <p>{t('download.bonus', { count: app.bonusGems })}</p> : null}
      <p className="vc-download-panel__links">
        <a href={app.androidUrl} className="vc-account__button-link">
          {t('download.android')}
        </a>
        <a href={app.iosUrl} className="vc-account__button-link">
          {t('download.ios')}
        </a>
      </p>
    </aside>
  )
}
