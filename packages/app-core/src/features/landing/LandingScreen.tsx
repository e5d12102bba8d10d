import { Logo } from '@vchat/ui'
import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router-dom'
import { useAppSelector } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { AppLink, useIsBackground } from '../../routes/navigation'
import { selectIsLoggedIn } from '../auth/authSlice'

const FEATURES = ['live', 'chat', 'private'] as const

/**
 * `/` for visitors: the online video chat landing page. Signed-in visitors go to /match (SPEC §2).
 * Loads no messaging, calling, database or push code.
 */
export function LandingScreen() {
  const { t } = useTranslation('app')
  const { brand } = useServices()
  const loggedIn = useAppSelector(selectIsLoggedIn)
  const inBackground = useIsBackground()
  if (loggedIn && !inBackground) return <Navigate to="/match" replace />

  return (
    <div className="vc-landing">
      <section className="vc-landing__hero" style={{ backgroundImage: `url("${brand.images.landingBackground}")` }} aria-labelledby="landing-title">
        <Logo src={brand.logos.mark} alt="" height={72} className="vc-landing__mark" />
        <h1 id="landing-title" className="vc-landing__title">
          {t('landing.title')}
        </h1>
        <p className="vc-landing__lead">{t('landing.lead', { brand: brand.displayName })}</p>
        <div className="vc-landing__actions">
          <AppLink to="/login" className="vc-button vc-button--primary vc-landing__cta">
            {t('landing.cta')}
          </AppLink>
          <AppLink to="/goddess" className="vc-button vc-button--secondary vc-landing__cta">
            {t('landing.browse')}
          </AppLink>
        </div>
      </section>
      <section className="vc-landing__features" aria-labelledby="landing-features">
        <h2 id="landing-features" className="vc-landing__features-title">
          {t('landing.featuresTitle', { brand: brand.displayName })}
        </h2>
        <ul className="vc-landing__feature-list">
          {FEATURES.map((key) => (
            <li key={key} className="vc-landing__feature">
              <h3>{t(`landing.features.${key}.title`)}</h3>
              <p>{t(`landing.features.${key}.body`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <footer className="vc-landing__footer">
        <p>{t('landing.footer', { brand: brand.displayName, domain: brand.domain })}</p>
        <AppLink to="/download">{t('screens.download')}</AppLink>
      </footer>
    </div>
  )
}
