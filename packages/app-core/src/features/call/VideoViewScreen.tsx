import { useState } from 'react'
import { Navigate } from 'react-router-dom'
import { useAppSelector } from '../../app/hooks'
import { DEVICE_CHECK_PATH } from '../../routes/paths'
import { CallRouteScreen } from './CallScreen'
import { CALL_STATUS, selectCall } from './callSlice'

/**
 * /videoview (SPEC §2): the current call.
 *
 * Decision: opened with no call at all (status Initial, no start error: a bookmark, a link, a reload,
 * which no call survives), the screen has nothing to show, so it leads to the camera and microphone
 * check (/test) and replaces itself in the history (Back does not return to an empty call screen).
 * Only what the screen finds when it opens decides: a call that ends here and is closed stays on the
 * call screen's own "no call" state with its way to the hosts, since someone who just had a call
 * wants the next host, not a device check.
 */
export function VideoViewScreen() {
  const call = useAppSelector(selectCall)
  const [openedWithoutCall] = useState(() => call.status === CALL_STATUS.Initial && call.startError === null)
  if (openedWithoutCall) return <Navigate to={DEVICE_CHECK_PATH} replace />
  return <CallRouteScreen />
}
