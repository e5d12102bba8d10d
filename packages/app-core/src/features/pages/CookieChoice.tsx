import { Switch } from '@vchat/ui'
import { useTranslation } from 'react-i18next'
import { useServices } from '../../app/ServicesContext'
import { useCookieConsent } from './CookieBanner'

/**
 * The cookie choice made after the banner: one switch, on = "Accept all", off = "Only necessary".
 * It applies at once (`services.consent`): turning it off stops analytics and attribution on this page
 * and the app's other tabs; turning it on starts them. Shown in settings and on the cookies page.
 */
export function CookieChoice() {
  const { t } = useTranslation('account')
  const { consent } = useServices()
  const choice = useCookieConsent(consent)
  return (
    <Switch
      label={t('cookieChoice.label')}
      description={t('cookieChoice.hint')}
      checked={choice === 'all'}
      onChange={(on) => consent.set(on ? 'all' : 'necessary')}
    />
  )
}
