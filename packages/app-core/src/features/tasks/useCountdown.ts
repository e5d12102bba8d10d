import { useEffect, useState } from 'react'
import { useServices } from '../../app/ServicesContext'
import { COUNTDOWN_TICK_MS } from '../../constants'

/**
 * Seconds left of a countdown that had `seconds` at clock time `since`, re-rendered every second with
 * the services clock. Calls `onDone` once when it reaches 0.
 */
export function useCountdown(seconds: number, since: number, onDone?: () => void): number {
  const { clock } = useServices()
  const compute = () => Math.max(0, seconds - Math.floor((clock.now() - since) / 1000))
  const [left, setLeft] = useState(compute)
  useEffect(() => {
    setLeft(compute())
    if (seconds <= 0) return undefined
    let finished = false
    const handle = clock.setInterval(() => {
      const next = compute()
      setLeft(next)
      if (next === 0 && !finished) {
        finished = true
        clock.clearInterval(handle)
        onDone?.()
      }
    }, COUNTDOWN_TICK_MS)
    return () => clock.clearInterval(handle)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- compute reads the same inputs
  }, [seconds, since, clock])
  return left
}

/** 3725 → "01:02:05". */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds))
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`
}
