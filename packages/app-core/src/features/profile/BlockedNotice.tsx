import { useTranslation } from 'react-i18next'
import { useAppSelector } from '../../app/hooks'
import { selectBlockInfo } from './profileSlice'

/** Tells a blocked account (blockInfo) that it is blocked and why; nothing otherwise. */
export function BlockedNotice() {
  const { t } = useTranslation('app')
  const block = useAppSelector(selectBlockInfo)
  if (!block.blocked) return null
  return (
    <div className="vc-blocked" role="alert" data-testid="blocked-notice">
      <strong>{t('blocked.title')}</strong>
      <p>{block.reason ? t('blocked.reason', { reason: block.reason }) : t('blocked.noReason')}</p>
      <p>{t('blocked.effect')}</p>
    </div>
  )
}
