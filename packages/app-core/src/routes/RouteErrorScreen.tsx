import { Button, EmptyState } from '@vchat/ui'
import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, useRouteError } from 'react-router-dom'

/** Shown instead of a blank page or a stack trace when a route fails to render or load. */
export function RouteErrorScreen() {
  const error = useRouteError()
  const { t } = useTranslation('app')
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <main className="vc-app-error">
      <EmptyState
        title={notFound ? t('errors.notFoundTitle') : t('errors.routeTitle')}
        message={notFound ? t('errors.notFoundMessage') : t('errors.routeMessage')}
        action={
          <Button variant="primary" onClick={() => window.location.reload()}>
            {t('errors.reload')}
          </Button>
        }
      />
    </main>
  )
}
