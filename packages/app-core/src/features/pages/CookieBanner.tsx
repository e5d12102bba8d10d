import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { KeyedStorage } from '../../services/types'

export type CookieConsent = 'all' | 'necessary'

/**
 * The cookie banner: shown until the visitor chooses; the choice is remembered in local storage.
 * Small on purpose (it is on the landing page): plain elements, `app` texts, no sheet.
 */
export function CookieBanner({ storage, onShowPolicy }: { storage: KeyedStorage<CookieConsent>; onShowPolicy: () => void }) {
  const { t } = useTranslation('app')
  const [consent, setConsent] = useState<CookieConsent | null>(() => storage.get())
  if (consent === 'all' || consent === 'necessary') return null
  function choose(value: CookieConsent) {
    storage.set(value)
    setConsent(value)
  }
  return (
    <section className="vc-cookie-banner" aria-label={t('cookies.label')}>
      <p className="vc-cookie-banner__text">
        {t('cookies.text')}{' '}
        <button type="button" className="vc-link-button" onClick={onShowPolicy}>
          {t('cookies.policy')}
        </button>
      </p>
      <div className="vc-cookie-banner__actions">
        <button type="button" className="vc-cookie-banner__button" onClick={() => choose('necessary')}>
          {t('cookies.necessary')}
        </button>
        <button type="button" className="vc-cookie-banner__button vc-cookie-banner__button--primary" onClick={() => choose('all')}>
          {t('cookies.accept')}
        </button>
      </div>
    </section>
  )
}

