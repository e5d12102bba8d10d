import { useEffect, useMemo, useRef, useState } from 'react'
import { useAppDispatch } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { PRESENCE_POLL_MS } from '../../constants'
import { refreshPresence } from '../discover/discoverSlice'

/** Whether the page is visible now (Page Visibility API). */
export function pageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden'
}

/**
 * Keeps the presence of these hosts live: asks multi_online_status as soon as there are hosts, then
 * every PRESENCE_POLL_MS for the hosts shown at that moment, while the page is visible; a hidden tab
 * asks nothing and catches up when shown. Scrolling changes the hosts without extra calls.
 */
export function usePresencePolling(jids: readonly string[]): void {
  const dispatch = useAppDispatch()
  const { clock } = useServices()
  const latest = useRef<readonly string[]>(jids)
  latest.current = jids
  // One host (a profile) restarts the polling when it changes; a list keeps one schedule.
  const key = jids.length === 0 ? '' : jids.length === 1 ? (jids[0] ?? '') : 'list'
  useEffect(() => {
    if (key === '') return undefined
    const refresh = () => {
      if (pageVisible() && latest.current.length > 0) void dispatch(refreshPresence(latest.current))
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
  return useMemo(() => new Date(now), [now])
}
