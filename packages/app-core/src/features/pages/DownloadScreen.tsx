import { Button, EmptyState } from '@vchat/ui'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { useBreakpoint } from '../../layout/useBreakpoint'
import { InstallCard, useInstallMethod, openDesktopPopup } from '../install'
import { loadWebsiteConfig, selectWebsite, selectWebsiteStatus } from '../profile'
import { AccountError, AccountLoading, AccountPage } from '../../layout/AccountPage'
import { LegalLinks } from './LegalLinks'
import '../../layout/account.css'
import { HOST_WALL_PATH } from '../../routes/paths'

/** /download ("about"): the native apps from appDownloadInfo, installing this web app, legal pages. */
export function DownloadScreen() {
  const { t, ready } = useTranslation('account')
  const { t: tc } = useTranslation('common')
  const { brand } = useServices()
  const dispatch = useAppDispatch()
  const website = useAppSelector(selectWebsite)
  const status = useAppSelector(selectWebsiteStatus)
  const method = useInstallMethod()
  const { isMobile } = useBreakpoint()
  useEffect(() => {
    void dispatch(loadWebsiteConfig())
  }, [dispatch])
  if (!ready) return <AccountLoading />
  const app = website?.appDownloadInfo
  return (
    <AccountPage title={t('download.title')} id="download-title">
      <p className="vc-account__hint">{brand.tagline}</p>
      {status === 'failed' && !website ? (
        <AccountError title={t('download.errorTitle')} message={t('common.tryAgain')} onRetry={() => void dispatch(loadWebsiteConfig())} retryLabel={tc('retry')} />
      ) : !website ? (
        <AccountLoading />
      ) : !app?.enabled ? (
        <EmptyState title={t('download.unavailableTitle')} message={t('download.unavailable')} />
      ) : (
        <section className="vc-account-card" aria-labelledby="download-app-title">
          <h2 id="download-app-title" className="vc-account__subtitle">
            {t('download.appTitle', { app: brand.displayName, version: app.version })}
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
          {app.qrCodeUrl ? <img className="vc-download__qr" src={app.qrCodeUrl} alt={t('download.qr')} width={160} height={160} /> : null}
        </section>
      )}
      <section className="vc-account-card" aria-labelledby="download-web-title">
        <h2 id="download-web-title" className="vc-account__subtitle">
          {t('install.title')}
        </h2>
        <InstallCard method={method} />
        {!isMobile ? (
          <Button variant="secondary" onClick={() => openDesktopPopup(HOST_WALL_PATH)}>
            {t('install.popupWindow')}
          </Button>
        ) : null}
      </section>
      <LegalLinks />
    </AccountPage>
  )
}
