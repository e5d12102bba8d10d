import { useEffect, useState } from 'react'
import { useAppDispatch } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { PRESENCE_POLL_MS } from '../../constants'
import { refreshPresence } from '../discover/discoverSlice'

/** Whether the page is visible now (Page Visibility API). */
function pageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden'
}

/**
 * Keeps the presence of these hosts live: asks multi_online_status at once, then every
 * PRESENCE_POLL_MS while the page is visible; a hidden tab asks nothing and catches up when shown.
 */
export function usePresencePolling(jids: readonly string[]): void {
  const dispatch = useAppDispatch()
  const { clock } = useServices()
  const key = jids.join(',')
  useEffect(() => {
    if (key === '') return undefined
    const list = key.split(',')
    const refresh = () => {
      if (pageVisible()) void dispatch(refreshPresence(list))
    }
    refresh()
    const handle = clock.setInterval(refresh, PRESENCE_POLL_MS)
    const onVisibility = () => {
      if (pageVisible()) refresh()
    }
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      clock.clearInterval(handle)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [key, clock, dispatch])
}

/** The current time from the services clock, updated every minute (virtual host status). */
export function useMinuteClock(): Date {
  const { clock } = useServices()
  const [now, setNow] = useState(() => clock.now())
  useEffect(() => {
    const handle = clock.setInterval(() => setNow(clock.now()), 60_000)
    return () => clock.clearInterval(handle)
  }, [clock])
  return new Date(now)
}
