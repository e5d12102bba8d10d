import { BlockingOverlay } from '@vchat/ui'
import { useTranslation } from 'react-i18next'

/** The full-screen maintenance overlay (SPEC §2: two texts, scrolling disabled). Loaded on demand. */
export function MaintenanceOverlay() {
  const { t } = useTranslation('app')
  return <BlockingOverlay title={t('maintenance.title')} message={t('maintenance.message')} />
}
