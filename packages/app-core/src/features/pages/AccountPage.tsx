import { Button, EmptyState, Spinner } from '@vchat/ui'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

export interface AccountPageProps {
  /** Page heading (already translated). */
  title: string
  id: string
  children: ReactNode
}

/** A page of the account area: heading and content, in the app's page frame. */
export function AccountPage({ title, id, children }: AccountPageProps) {
  return (
    <section className="vc-app-page vc-account" aria-labelledby={id}>
      <h1 id={id} className="vc-app-page__title">
        {title}
      </h1>
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
