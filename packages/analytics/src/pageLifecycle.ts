import { PAGE_HIDE_EVENT, PAGE_SHOW_EVENT } from './constants'
import type { AnalyticsClient } from './types'
import type { Properties } from './validation'

/** The part of `Document` the lifecycle listens to. */
export interface LifecycleDocument {
  readonly visibilityState: string
  addEventListener(type: 'visibilitychange', listener: () => void): void
  removeEventListener(type: 'visibilitychange', listener: () => void): void
}

/** The part of `Window` used for `pagehide` (Safari may unload without a visibility change). */
export interface LifecycleWindow {
  addEventListener(type: 'pagehide', listener: () => void): void
  removeEventListener(type: 'pagehide', listener: () => void): void
}

export interface PageLifecycleOptions {
  document: LifecycleDocument
  window?: LifecycleWindow
  analytics: Pick<AnalyticsClient, 'track' | 'timeEvent' | 'flushByBeacon'>
  /** Extra properties for both events (e.g. the route), read when each event happens. */
  properties?: () => Properties
}

/**
 * SPEC §4: `page_show` when the page becomes visible (and at attach when it already is),
 * `page_hide` when it is hidden, carrying `#duration` since the show. On hide (and on `pagehide`)
 * every pending event goes out by beacon; what the beacon refuses stays persisted for the next
 * load. Returns a function that removes the listeners.
 */
export function attachPageLifecycle(options: PageLifecycleOptions): () => void {
  const { document, analytics } = options
  let shown = false

  function show(): void {
    if (shown) return
    shown = true
    analytics.track(PAGE_SHOW_EVENT, options.properties?.())
    analytics.timeEvent(PAGE_HIDE_EVENT)
  }

  function hide(): void {
    if (shown) {
      shown = false
      analytics.track(PAGE_HIDE_EVENT, options.properties?.())
    }
    analytics.flushByBeacon()
  }

  const onVisibilityChange = (): void => {
    if (document.visibilityState === 'visible') show()
    else if (document.visibilityState === 'hidden') hide()
  }

  document.addEventListener('visibilitychange', onVisibilityChange)
  options.window?.addEventListener('pagehide', hide)
  if (document.visibilityState === 'visible') show()

  return () => {
    document.removeEventListener('visibilitychange', onVisibilityChange)
    options.window?.removeEventListener('pagehide', hide)
  }
}
