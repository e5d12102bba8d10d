import { useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import type { ConsentService, CookieConsent } from '../../services/types'

/** The visitor's cookie choice as React state: follows a change made here, in settings or in another tab. */
export function useCookieConsent(consent: ConsentService): CookieConsent | null {
  return useSyncExternalStore(consent.subscribe, consent.get, consent.get)
}

/**
 * The cookie banner: shown until the visitor chooses (`services.consent` keeps the choice and applies
 * it: nothing tracks before "Accept all"). Small on purpose (it is on the landing page): plain
 * elements, `app` texts, no sheet. The choice can be changed later in settings and on the cookies page.
 */
export function CookieBanner({ consent, onShowPolicy }: { consent: ConsentService; onShowPolicy: () => void }) {
  const { t } = useTranslation('app')
  const choice = useCookieConsent(consent)
  if (choice !== null) return null
  return (
    <section className="vc-cookie-banner" aria-label={t('cookies.label')}>
      <p className="vc-cookie-banner__text">
        {t('cookies.text')}{' '}
        <button type="button" className="vc-link-button" onClick={onShowPolicy}>
          {t('cookies.policy')}
        </button>
      </p>
      <div className="vc-cookie-banner__actions">
        <button type="button" className="vc-cookie-banner__button" onClick={() => consent.set('necessary')}>
          {t('cookies.necessary')}
        </button>
        <button type="button" className="vc-cookie-banner__button vc-cookie-banner__button--primary" onClick={() => consent.set('all')}>
          {t('cookies.accept')}
        </button>
      </div>
    </section>
  )
}
