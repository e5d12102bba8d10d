import { Spinner } from '@vchat/ui'
import { Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router-dom'
import { MaintenanceGate } from '../features/system/MaintenanceGate'
import { SignedInLayer } from '../layout/SignedInLayer'
import { ScrollToTop } from './ScrollToTop'

export function RouteFallback() {
  const { t } = useTranslation('common')
  return (
    <div className="vc-app-loading">
      <Spinner label={t('loading')} />
    </div>
  )
}

/** Wraps every route: scroll restoration, maintenance overlay, incoming calls (signed in, loaded on demand) and the loading state of lazy screens. */
export function RootShell() {
  return (
    <>
      <ScrollToTop />
      <Suspense fallback={<RouteFallback />}>
        <Outlet />
      </Suspense>
      <MaintenanceGate />
      <SignedInLayer part="calls" />
      <SignedInLayer part="notifications" />
    </>
  )
}
