import type { ReactNode } from 'react'

export type EmptyStateProps = {
  title: string
  message?: string
  /** Decorative; rendered with aria-hidden. */
  icon?: ReactNode
  /** Usually a Button, e.g. "Retry". */
  action?: ReactNode
}

export function EmptyState({ title, message, icon, action }: EmptyStateProps) {
  return (
    <section className="vc-empty" aria-label={title}>
      {icon ? (
        <div className="vc-empty__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <h2 className="vc-empty__title">{title}</h2>
      {message ? <p className="vc-empty__message">{message}</p> : null}
      {action ? <div className="vc-empty__action">{action}</div> : null}
    </section>
  )
}
