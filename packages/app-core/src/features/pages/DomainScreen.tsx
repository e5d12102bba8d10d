import { EmptyState } from '@vchat/ui'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { loadWebsiteConfig, selectWebsite, selectWebsiteStatus } from '../profile'
import { AccountError, AccountLoading, AccountPage } from '../../layout/AccountPage'
import '../../layout/account.css'

/** A migration target is used only as an https address. */
export function safeMigrationUrl(value: string): string | null {
  if (!value) return null
  try {
    const url = new URL(/^https?:\/\//.test(value) ? value : `https://${value}`)
    return url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

/** /domain: where the product lives now (website config migrateDomain) or that this address is current. */
export function DomainScreen() {
  const { t, ready } = useTranslation('account')
  const { t: tc } = useTranslation('common')
  const { brand } = useServices()
  const dispatch = useAppDispatch()
  const website = useAppSelector(selectWebsite)
  const status = useAppSelector(selectWebsiteStatus)
  useEffect(() => {
    void dispatch(loadWebsiteConfig())
  }, [dispatch])
  if (!ready) return <AccountLoading />
  const target = website ? safeMigrationUrl(website.migrateDomain) : null
  return (
    <AccountPage title={t('domain.title')} id="domain-title">
      {status === 'failed' && !website ? (
        <AccountError title={t('domain.errorTitle')} message={t('common.tryAgain')} onRetry={() => void dispatch(loadWebsiteConfig())} retryLabel={tc('retry')} />
      ) : !website ? (
        <AccountLoading />
      ) : target ? (
        <section className="vc-account-card">
          <p>{t('domain.moved', { brand: brand.displayName })}</p>
          <p>
            <a className="vc-account__button-link" href={target}>
              {t('domain.go', { domain: new URL(target).host })}
            </a>
          </p>
        </section>
      ) : (
        <EmptyState title={t('domain.currentTitle')} message={t('domain.current', { domain: brand.domain })} />
      )}
    </AccountPage>
  )
}
