import { useEffect } from 'react'
import { useAppDispatch } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { PRESENCE_POLL_MS } from '../../constants'
import { pageVisible } from '../anchor/usePresence'
import { refreshLastSeen } from './chatSlice'

/**
 * Keeps the open conversation's peer's last seen current: asked when the conversation opens or the
 * connection comes (back) up, then every PRESENCE_POLL_MS while the page is visible; a hidden tab
 * asks nothing and asks again when shown. `peer` null (the official account) asks nothing.
 */
export function useLastSeenPolling(peer: string | null, connected: boolean): void {
  const dispatch = useAppDispatch()
  const { clock } = useServices()
  useEffect(() => {
    if (!peer || !connected) return undefined
    const refresh = () => {
      if (pageVisible()) void dispatch(refreshLastSeen(peer))
    }
    refresh()
    const handle = clock.setInterval(refresh, PRESENCE_POLL_MS)
    document.addEventListener('visibilitychange', refresh)
    return () => {
      clock.clearInterval(handle)
      document.removeEventListener('visibilitychange', refresh)
    }
  }, [peer, connected, clock, dispatch])
}
