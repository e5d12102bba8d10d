import { BackIcon } from '@vchat/ui'
import type { MouseEvent, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router-dom'
import { AppLink } from './navigation'

/**
 * The back control of a pushed screen (start of its heading, mirrored in right-to-left): back to
 * the page the user came from when this tab's history has one in the app, else up to `parent` (a
 * screen opened from a link, a notification or a reload still has a way back).
 */
export function BackLink({ parent, className }: { parent: string; className?: string }) {
  const { t } = useTranslation('common')
  const location = useLocation()
  const navigate = useNavigate()
  // React Router gives the first entry of a session the key "default": nothing of ours behind it.
  const hasHistory = location.key !== 'default'
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (!hasHistory || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    navigate(-1)
  }
  return (
    <AppLink to={parent} className={['vc-back-link', className].filter(Boolean).join(' ')} aria-label={t('back')} onClick={onClick}>
      <BackIcon />
    </AppLink>
  )
}

/** A screen's h1, led by its back control when the screen is pushed (`back` is its parent). */
export function PageHeading({ id, className, back, children }: { id: string; className: string; back?: string | undefined; children: ReactNode }) {
  const heading = (
    <h1 id={id} className={className}>
      {children}
    </h1>
  )
  if (!back) return heading
  return (
    <div className="vc-page-heading">
      <BackLink parent={back} />
      {heading}
    </div>
  )
}
