import { useAppDispatch } from '../../app/hooks'
import { usePresenceSchedule } from '../discover'
import { refreshLastSeen } from './chatThunks'

/**
 * Keeps the open conversation's peer's last seen current on the presence schedule (at once when the
 * conversation opens or the connection comes back, then every PRESENCE_POLL_MS while visible).
 * `peer` null (the official account) or a connection that is down asks nothing.
 */
export function useLastSeenPolling(peer: string | null, connected: boolean): void {
  const dispatch = useAppDispatch()
  usePresenceSchedule(peer && connected ? peer : '', () => {
    if (peer) void dispatch(refreshLastSeen(peer))
  })
}
