import { Button, EmptyState } from '@vchat/ui'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import type { ScreenKey } from '../../routes/routeTable'

/** An honest placeholder for screens that are not built yet: no invented data. */
export function ComingSoonScreen({ screen }: { screen: ScreenKey }) {
  const { t } = useTranslation('app')
  const navigate = useNavigate()
  return (
    <section className="vc-app-page" aria-labelledby={`screen-${screen}`}>
      <h1 id={`screen-${screen}`} className="vc-app-page__title">
        {t(`screens.${screen}`)}
      </h1>
      <EmptyState
        title={t('comingSoon.title')}
        message={t('comingSoon.message')}
        action={
          <Button variant="secondary" onClick={() => navigate('/')}>
            {t('comingSoon.backHome')}
          </Button>
        }
      />
    </section>
  )
}
