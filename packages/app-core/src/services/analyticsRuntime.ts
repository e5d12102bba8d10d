import { attachPageLifecycle, createAnalytics, createCookieStorage, createHttpTransport } from '@vchat/analytics'
import type { AnalyticsClient, Properties, TrackingStatus } from '@vchat/analytics'
import { safeLocalStorage } from './platformIds'
import type { Logger } from './types'

/**
 * The real analytics client (@vchat/analytics) and its browser wiring, loaded on demand by the
 * analytics facade (`createLazyAnalytics`): events POSTed as a form to `<baseUrl>/sync` in batches,
 * identity and tracking status in a cookie, pending events in localStorage (none lost across a
 * reload), page show / hide on visibility change with a beacon flush when the page is hidden.
 */
export interface AnalyticsRuntime {
  /** `time`: when the event happened, for calls recorded before this client loaded (default now). */
  track(event: string, properties: Properties, time?: number): void
  identify(uid: string | null): void
  setTrackingStatus(status: TrackingStatus): void
  /** The client's status, kept in its cookie across page loads ('stop' after a withdrawn consent). */
  trackingStatus(): TrackingStatus
  client: AnalyticsClient
}

export interface AnalyticsRuntimeOptions {
  baseUrl: string
  logger: Logger
  document: Document
  window: Window
}

export function createAnalyticsRuntime({ baseUrl, logger, document, window }: AnalyticsRuntimeOptions): AnalyticsRuntime {
  const { transport, beacon } = createHttpTransport({ baseUrl, method: 'post' })
  const report = (what: string, details: Record<string, unknown>) => logger.warn(what, details)
  const client = createAnalytics({
    transport,
    beacon,
    storage: createCookieStorage({ document, secure: window.location.protocol === 'https:' }),
    queueStorage: safeLocalStorage(),
    onError: (error) => report('analytics', { reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }),
  })
  attachPageLifecycle({ document, window, analytics: client, properties: () => ({ path: window.location.pathname }) })
  const checked = (what: string, result: ReturnType<AnalyticsClient['track']>) => {
    if (!result.ok && result.reason === 'invalid') report(`analytics ${what} refused`, { errors: result.errors.map((e) => e.message) })
  }
  return {
    client,
    track: (event, properties, time) => checked(event, client.track(event, properties, time === undefined ? undefined : { time })),
    identify(uid) {
      if (uid === null) client.logout()
      else checked('identify', client.identify(uid))
    },
    setTrackingStatus: (status) => client.setTrackingStatus(status),
    trackingStatus: () => client.getTrackingStatus(),
  }
}
