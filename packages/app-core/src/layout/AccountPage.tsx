// The frame of the account screens (profile, settings, tasks, small pages): shared by several features,
// so it lives in the layout.
import { Button, EmptyState, Spinner } from '@vchat/ui'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeading } from '../routes/BackLink'

export interface AccountPageProps {
  /** Page heading (already translated). */
  title: string
  id: string
  /** Where the back control leads when the tab has no earlier page (a pushed screen's parent). */
  back?: string
  children: ReactNode
}

/** A page of the account area: heading (with a back control on pushed screens) and content, in the app's page frame. */
export function AccountPage({ title, id, back, children }: AccountPageProps) {
  return (
    <section className="vc-app-page vc-account" aria-labelledby={id}>
      <PageHeading id={id} className="vc-app-page__title" back={back}>
        {title}
      </PageHeading>
      {children}
    </section>
  )
}

/** Loading state while a server answer or the texts are on their way. */
export function AccountLoading() {
  const { t } = useTranslation('common')
  return (
    <div className="vc-account__center">
      <Spinner label={t('loading')} />
    </div>
  )
}

/** Error state with a retry button. */
export function AccountError({ title, message, onRetry, retryLabel }: { title: string; message: string; onRetry: () => void; retryLabel: string }) {
  return <EmptyState title={title} message={message} action={<Button onClick={onRetry}>{retryLabel}</Button>} />
}
