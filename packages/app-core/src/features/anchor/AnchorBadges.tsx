import type { AnchorInfo, OnlineStatus } from '@vchat/api-client'
import { Flag, GenderIcon } from '@vchat/ui'
import { useTranslation } from 'react-i18next'
import { ageFromBirthday } from './age'
import { flagFor, flagSrc } from './flags'
import { virtualStatusAt } from './virtualStatus'
import './anchorBadges.css'

const displayNames = new Map<string, Intl.DisplayNames | null>()

/** Country or language name in the viewer's language (one Intl.DisplayNames per locale and type). */
function displayName(locale: string, code: string, type: 'region' | 'language'): string {
  const key = `${locale}|${type}`
  if (!displayNames.has(key)) {
    try {
      displayNames.set(key, new Intl.DisplayNames([locale], { type }))
    } catch {
      displayNames.set(key, null)
    }
  }
  try {
    return displayNames.get(key)?.of(code) ?? code
  } catch {
    return code
  }
}

/**
 * Country flag (SPEC §9, global fallback) with the country's name for assistive technology, or
 * `decorative` where the name is written beside it.
 */
export function CountryFlag({ country, size, decorative = false }: { country: string; size?: number; decorative?: boolean }) {
  const { t, i18n } = useTranslation('discover')
  const code = flagFor(country)
  const label = decorative ? undefined : code === 'GLOBAL' ? t('country.global') : countryName(i18n.language, code)
  return <Flag code={code} {...(label === undefined ? {} : { label })} size={size ?? 16} src={flagSrc(code)} />
}

/** A country's name in the viewer's language (Intl), '' for none, the code when Intl does not know it. */
export function countryName(locale: string, country: string): string {
  return country ? displayName(locale, country.toUpperCase(), 'region') : ''
}

export function languageName(locale: string, language: string): string {
  return displayName(locale, language, 'language')
}

/**
 * Presence as shown to the user: online and busy as they are; an offline host shows the virtual
 * status of the viewer's local time (SPEC §1).
 */
export function PresenceBadge({ status, now }: { status: OnlineStatus; now: Date }) {
  const { t } = useTranslation('discover')
  const shown = status === 'offline' ? virtualStatusAt(now) : status
  return (
    <span className={`vc-presence vc-presence--${shown}`} data-status={shown}>
      <span className="vc-presence__dot" aria-hidden="true" />
      {t(`presence.${shown}`)}
    </span>
  )
}

/** Flag, gender icon and age (hidden when the birth date is empty or invalid) of a host. */
export function AnchorFacts({ anchor, now }: { anchor: Pick<AnchorInfo, 'country' | 'gender' | 'birthday'>; now: Date }) {
  const { t } = useTranslation('discover')
  const age = ageFromBirthday(anchor.birthday, now)
  return (
    <span className="vc-anchor-facts">
      <CountryFlag country={anchor.country} />
      <span className={`vc-anchor-facts__gender vc-anchor-facts__gender--${anchor.gender}`}>
        <GenderIcon gender={anchor.gender} label={t(`gender.${anchor.gender}`)} size={14} />
        {age === -1 ? null : (
          <>
            {/* The number fits a narrow card on one line; "24 years old" is what a screen reader says. */}
            <span aria-hidden="true">{age}</span>
            <span className="vc-visually-hidden">{t('age', { count: age })}</span>
          </>
        )}
      </span>
    </span>
  )
}
