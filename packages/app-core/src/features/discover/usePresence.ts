// Presence polling and the minute clock of host statuses. The polling dispatches this feature's
// `refreshPresence` (presence is kept with the wall's hosts), so the hooks live here.
import { useEffect, useMemo, useRef, useState } from 'react'
import { useAppDispatch } from '../../app/hooks'
import { useServices } from '../../app/ServicesContext'
import { PRESENCE_POLL_MS } from '../../constants'
import { refreshPresence } from './discoverSlice'

/** Whether the page is visible now (Page Visibility API). */
function pageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden'
}

/**
 * Presence polling: runs `refresh` at once, then every PRESENCE_POLL_MS while the page is visible,
 * and again when a hidden page is shown (a hidden tab asks nothing). A new `key` restarts the
 * schedule; the key '' runs nothing. The latest `refresh` is the one called.
 */
export function usePresenceSchedule(key: string, refresh: () => void): void {
  const { clock } = useServices()
  const latest = useRef(refresh)
  latest.current = refresh
  useEffect(() => {
    if (key === '') return undefined
    const run = () => {
      if (pageVisible()) latest.current()
    }
    run()
    const handle = clock.setInterval(run, PRESENCE_POLL_MS)
    document.addEventListener('visibilitychange', run)
    return () => {
      clock.clearInterval(handle)
      document.removeEventListener('visibilitychange', run)
    }
  }, [key, clock])
}

/**
 * Keeps the presence of these hosts live: asks multi_online_status as soon as there are hosts, then
 * on the presence schedule for the hosts shown at that moment. Scrolling changes the hosts without
 * extra calls.
 */
export function usePresencePolling(jids: readonly string[]): void {
  const dispatch = useAppDispatch()
  // One host (a profile) restarts the polling when it changes; a list keeps one schedule.
  const key = jids.length === 0 ? '' : jids.length === 1 ? (jids[0] ?? '') : 'list'
  usePresenceSchedule(key, () => {
    if (jids.length > 0) void dispatch(refreshPresence(jids))
  })
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
