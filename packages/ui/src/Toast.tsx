import { useEffect } from 'react'

export type ToastTone = 'info' | 'success' | 'error'

export type ToastProps = {
  message: string
  tone?: ToastTone
  /** Called when the toast should go (after `durationMs`, or never when 0). */
  onDismiss?: () => void
  durationMs?: number
  /** Timer source (tests pass fake timers; default window timers). */
  setTimer?: (callback: () => void, ms: number) => () => void
}

const windowTimer = (callback: () => void, ms: number) => {
  const handle = setTimeout(callback, ms)
  return () => clearTimeout(handle)
}

/** A short message that announces itself (status, or alert for errors) and leaves on its own. */
export function Toast({ message, tone = 'info', onDismiss, durationMs = 3000, setTimer = windowTimer }: ToastProps) {
  useEffect(() => {
    if (!onDismiss || durationMs <= 0) return undefined
    return setTimer(onDismiss, durationMs)
  }, [onDismiss, durationMs, setTimer, message])
  return (
    <div className={`vc-toast vc-toast--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {message}
    </div>
  )
}
