import { Logo } from '@vchat/ui'
import { useTranslation } from 'react-i18next'
import { Navigate, useLocation } from 'react-router-dom'
import { useAppSelector } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { AppLink, useIsBackground } from '../../routes/navigation'
import { selectIsLoggedIn } from '../auth'
import { LiveHosts } from './LiveHosts'
import './landing.css'
import { HOST_WALL_PATH } from '../../routes/paths'

const FEATURES = ['live', 'chat', 'private'] as const

/**
 * The landing variants (SPEC §2 "landing with variants"; which ones is our design): `classic` (headline,
 * three features, footer), `call` (the one-tap call leads, the other two features follow) and `compact`
 * (headline and actions only: the /onlinevideochat pop-up). One component, texts of the `app` namespace.
 */
const LANDING_VARIANTS = ['classic', 'call', 'compact'] as const
export type LandingVariant = (typeof LANDING_VARIANTS)[number]

/** Each brand's variant on `/` (brands not listed: classic). */
const BRAND_VARIANTS: Readonly<Record<string, LandingVariant>> = { second: 'call' }

/** `?v=<variant>` (campaign links) wins; else the pop-up is compact; else the brand's variant. */
export function landingVariantFor(search: string, brandId: string, popup: boolean): LandingVariant {
  const asked = new URLSearchParams(search).get('v')
  const known = LANDING_VARIANTS.find((variant) => variant === asked)
  return known ?? (popup ? 'compact' : (BRAND_VARIANTS[brandId] ?? 'classic'))
}

/**
 * `/` and `/onlinevideochat` for visitors: the online video chat landing page in its variant. Signed-in
 * visitors go to /match (SPEC §2). Below the hero, who is live now (`LiveHosts`, the public wall).
 * Loads no messaging, calling, database or push code, nor the product API client.
 */
export function LandingScreen() {
  const { t } = useTranslation('app')
  const { brand } = useServices()
  const location = useLocation()
  const loggedIn = useAppSelector(selectIsLoggedIn)
  const inBackground = useIsBackground()
  if (loggedIn && !inBackground) return <Navigate to="/match" replace />

  // Behind a pop-up the landing is rendered at its own address, so it keeps its variant.
  const search = location.search
  // Shown on `/` or, as a pop-up, on /onlinevideochat.
  const variant = landingVariantFor(search, brand.id, !inBackground && location.pathname !== '/')
  const lead = variant === 'call' ? 'live' : null
  const features = FEATURES.filter((key) => key !== lead)

  return (
    <div className={`vc-landing vc-landing--${variant}`}>
      <section
        className="vc-landing__hero"
        style={variant === 'compact' ? undefined : { backgroundImage: `url("${brand.images.landingBackground}")` }}
        aria-labelledby="landing-title"
      >
        <Logo src={brand.logos.mark} alt="" height={72} className="vc-landing__mark" />
        <h1 id="landing-title" className="vc-landing__title">
          {lead ? t(`landing.features.${lead}.title`) : t('landing.title')}
        </h1>
        <p className="vc-landing__lead">{lead ? t(`landing.features.${lead}.body`) : t('landing.lead', { brand: brand.displayName })}</p>
        <div className="vc-landing__actions">
          <AppLink to="/login" className="vc-button vc-button--primary vc-landing__cta">
            {t('landing.cta')}
          </AppLink>
          <AppLink to={HOST_WALL_PATH} className="vc-button vc-button--secondary vc-landing__cta">
            {t('landing.browse')}
          </AppLink>
        </div>
      </section>
      {variant === 'compact' ? null : (
        <>
          <LiveHosts />
          <section className="vc-landing__features" aria-labelledby="landing-features">
            <h2 id="landing-features" className="vc-landing__features-title">
              {t('landing.featuresTitle', { brand: brand.displayName })}
            </h2>
            <ul className="vc-landing__feature-list">
              {features.map((key) => (
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
        </>
      )}
    </div>
  )
}
