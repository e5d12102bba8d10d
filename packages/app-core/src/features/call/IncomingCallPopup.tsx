import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { withImageQuality } from '@vchat/api-client'
import { Avatar, Button } from '@vchat/ui'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useAppNavigate } from '../../routes/navigation'
import { selectIncomingCall } from './callSlice'
import { acceptCall, rejectCall } from './callThunks'
import { usePerson } from '../users'
import './call.css'

/**
 * The incoming-call pop-up (accept, reject), shown anywhere in the app while a call rings. Accepting
 * opens the call screen (/videoview); declining sends CallCancel and the pop-up goes. It is portalled
 * to the document body and stacked above sheets (the /match sheet a host sits on), the header and
 * the tab bar, so it can be seen and answered on any screen.
 */
export function IncomingCallPopup() {
  const { t } = useTranslation('call')
  const dispatch = useAppDispatch()
  const incoming = useAppSelector(selectIncomingCall)
  const navigate = useAppNavigate()
  const caller = usePerson(incoming?.peer ?? '')
  if (!incoming) return null
  return createPortal(
    <div className="vc-incoming" role="alertdialog" aria-modal="false" aria-labelledby="vc-incoming-title">
      <div className="vc-incoming__who">
        <Avatar src={withImageQuality(caller.avatarUrl)} name={caller.name} size={48} decorative />
        <p id="vc-incoming-title" className="vc-incoming__title">{t('incoming.title', { name: caller.name })}</p>
      </div>
      {incoming.tier === 'silver' ? <p className="vc-incoming__price">{t('silver.title')}</p> : null}
      {incoming.price !== null ? (
        <p className="vc-incoming__price">{incoming.tier === 'silver' ? t('silver.price', { count: incoming.price }) : t('price', { count: incoming.price })}</p>
      ) : null}
      <div className="vc-incoming__actions">
        <Button
          onClick={() => {
            void dispatch(acceptCall())
            navigate('/videoview')
          }}
        >{t('incoming.accept')}</Button>
        <Button variant="secondary" onClick={() => void dispatch(rejectCall())}>{t('incoming.reject')}</Button>
      </div>
    </div>,
    document.body,
  )
}
