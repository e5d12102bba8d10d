import { Button } from '@vchat/ui'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router-dom'
import { useAppSelector } from '../../app/hooks'
import { CompleteProfilePanel } from '../profile/CompleteProfilePanel'
import { selectBlockInfo } from '../profile/profileSlice'
import './account.css'

/** Routes where a blocked account would chat or call. */
export function isChatOrCallPath(pathname: string): boolean {
  return /^\/(message|call|video|videoview|preview|test)(\/|$)/i.test(pathname)
}

/** Signed-in extras: the complete-profile panel, and a blocked account kept out of chat and calls. */
export function AccountOverlays() {
  const { t } = useTranslation('app')
  const block = useAppSelector(selectBlockInfo)
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
