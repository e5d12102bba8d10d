import { BlockingOverlay } from '@vchat/ui'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { MAINTENANCE_POLL_INTERVAL_MS } from '../../constants'
import { fetchMaintenanceStatus, selectIsUnderMaintenance } from './systemSlice'

/**
 * Checks the maintenance status at start and every 60 s; while the server reports 2 a full-screen
 * overlay covers everything and the page cannot scroll (SPEC §2, §4).
 */
export function MaintenanceGate() {
  const dispatch = useAppDispatch()
  const { clock } = useServices()
  const underMaintenance = useAppSelector(selectIsUnderMaintenance)
  const { t } = useTranslation('app')

  useEffect(() => {
    void dispatch(fetchMaintenanceStatus())
    const handle = clock.setInterval(() => {
      void dispatch(fetchMaintenanceStatus())
    }, MAINTENANCE_POLL_INTERVAL_MS)
    return () => clock.clearInterval(handle)
  }, [dispatch, clock])

  if (!underMaintenance) return null
  return <BlockingOverlay title={t('maintenance.title')} message={t('maintenance.message')} />
}
