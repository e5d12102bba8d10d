import { Button } from '@vchat/ui'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router-dom'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { loadConfig, selectConfig } from '../config'
import { CompleteProfilePanel, selectBlockInfo } from '../profile'
import '../../layout/account.css'

/** Routes where a blocked account would chat or call. */
export function isChatOrCallPath(pathname: string): boolean {
  return /^\/(message|call|video|videoview|preview|test)(\/|$)/i.test(pathname)
}

/** Signed-in extras: the complete-profile panel, and a blocked account kept out of chat and calls. */
export function AccountOverlays() {
  const { t } = useTranslation('app')
  const dispatch = useAppDispatch()
  const config = useAppSelector(selectConfig)
  const block = useAppSelector(selectBlockInfo)
  // A restored session has no config yet (it is not persisted): blockInfo and the task entrance need it.
  useEffect(() => {
    if (!config) void dispatch(loadConfig())
  }, [config, dispatch])
  const location = useLocation()
  const navigate = useNavigate()
  return (
    <>
      <CompleteProfilePanel />
      {block.blocked && isChatOrCallPath(location.pathname) ? (
        <div className="vc-blocked-guard" data-testid="blocked-guard">
          <div className="vc-blocked" role="alert">
            <strong>{t('blocked.title')}</strong>
            <p>{block.reason ? t('blocked.reason', { reason: block.reason }) : t('blocked.noReason')}</p>
            <p>{t('blocked.effect')}</p>
            <Button variant="secondary" onClick={() => navigate('/personalhome')}>
              {t('blocked.goProfile')}
            </Button>
          </div>
        </div>
      ) : null}
    </>
  )
}
