import { lazy, Suspense, useEffect } from 'react'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { selectIncomingCall } from './callSlice'
import { useMessagingState } from './useMessagingState'

const IncomingCallPopup = lazy(() => import('./IncomingCallPopup').then((m) => ({ default: m.IncomingCallPopup })))

/**
 * Calls for the whole signed-in app: once messaging is logged in (after a sign-in or a restored
 * session, and again after a new login) the call layer is bound to its hub transport, so an incoming
 * call rings on any screen; the incoming-call pop-up shows while it rings. Nothing of the call code is
 * downloaded before messaging is live.
 */
export function CallLayer() {
  const dispatch = useAppDispatch()
  const { chat } = useServices()
  const jid = useAppSelector((state) => state.auth.user?.jid ?? null)
  const ringing = useAppSelector((state) => selectIncomingCall(state) !== null)
  const messaging = useMessagingState()
  const transport = messaging === 'connected' ? chat.hubTransport : null

  useEffect(() => {
    if (!jid || !transport) return
    void import('./callThunks').then(({ bindCalls }) => dispatch(bindCalls()))
  }, [dispatch, jid, transport])

  if (!jid || !ringing) return null
  return (
    <Suspense fallback={null}>
      <IncomingCallPopup />
    </Suspense>
  )
}
