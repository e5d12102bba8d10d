import { PRELOAD_RELOAD_FLAG_KEY } from './constants'

interface ReloadGuardStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export interface PreloadErrorOptions {
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>
  storage?: ReloadGuardStorage | undefined
  reload?: () => void
  /** How long after a reload another stale chunk counts as the same failure (ms). */
  windowMs?: number
  now?: () => number
}

function sessionStorageOrUndefined(): ReloadGuardStorage | undefined {
  try {
    return window.sessionStorage
  } catch {
    return undefined
  }
}

/**
 * After a deploy, an open tab may ask for code chunks that no longer exist. Vite then fires
 * `vite:preloadError`: reload the page once to get the new build. A session flag stops a reload loop;
 * if the chunk still fails, the error reaches the route error boundary (translated message + reload).
 * Returns a function that removes the listener.
 */
export function installPreloadErrorReload(options: PreloadErrorOptions = {}): () => void {
  const target = options.target ?? window
  const storage = options.storage ?? sessionStorageOrUndefined()
  const reload = options.reload ?? (() => window.location.reload())
  const windowMs = options.windowMs ?? 10_000
  const now = options.now ?? Date.now

  const listener = (event: Event) => {
    const last = Number(storage?.getItem(PRELOAD_RELOAD_FLAG_KEY) ?? '0')
    if (storage && now() - last < windowMs) {
      // Already reloaded just now: let the error through to the error boundary.
      return
    }
    event.preventDefault()
    storage?.setItem(PRELOAD_RELOAD_FLAG_KEY, String(now()))
    reload()
  }
  target.addEventListener('vite:preloadError', listener)
  return () => target.removeEventListener('vite:preloadError', listener)
}
