import { Button, EmptyState } from '@vchat/ui'
import { useTranslation } from 'react-i18next'

/** Shown instead of a blank page or a stack trace when a route fails to render or its code fails to load. */
export function RouteErrorScreen() {
  const { t } = useTranslation('app')
  return (
    <main className="vc-app-error">
      <EmptyState
        title={t('errors.routeTitle')}
        message={t('errors.routeMessage')}
        action={
          <Button variant="primary" onClick={() => window.location.reload()}>
            {t('errors.reload')}
          </Button>
        }
      />
    </main>
  )
}
