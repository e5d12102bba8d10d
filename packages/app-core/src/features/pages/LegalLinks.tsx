import { Sheet } from '@vchat/ui'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppSelector } from '../../app/hooks'
import { selectWebsite } from '../profile'
import { LEGAL_PAGES, LegalPage } from './LegalPage'
import type { LegalPageKind } from './LegalPage'

/** Links to the static pages; each opens in a sheet over the current screen. */
export function LegalLinks() {
  const { t } = useTranslation('app')
  const { t: tc } = useTranslation('common')
  const [open, setOpen] = useState<LegalPageKind | null>(null)
  const website = useAppSelector(selectWebsite)
  const fullUrl = open === 'privacy' || open === 'cookies' ? website?.privacyPolicyUrl : open === 'terms' ? website?.termsOfServiceUrl : undefined
  return (
    <nav className="vc-legal-links" aria-label={t('pages.label')}>
      {LEGAL_PAGES.map((kind) => (
        <button key={kind} type="button" className="vc-link-button" onClick={() => setOpen(kind)}>
          {t(`pages.${kind}.title`)}
        </button>
      ))}
      <Sheet open={open !== null} title={open ? t(`pages.${open}.title`) : ''} onClose={() => setOpen(null)} closeLabel={tc('close')}>
        {open ? <LegalPage kind={open} fullUrl={fullUrl} /> : null}
      </Sheet>
    </nav>
  )
}
