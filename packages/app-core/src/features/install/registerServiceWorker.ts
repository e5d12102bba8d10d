import type { Logger, ServiceWorkerService } from '../../services/types'

/** Where the generated app-shell service worker is served (see `vite/pwaPlugin.ts`). */
const SERVICE_WORKER_URL = '/sw.js'

export interface ServiceWorkerHost {
  navigator: { serviceWorker?: { register(url: string, options?: { scope: string }): Promise<unknown> } }
}

/**
 * Registers the app-shell service worker of a production build. Failures are only logged: the app
 * works without it, it just is not installable or offline-capable.
 */
export async function registerServiceWorker(host: ServiceWorkerHost | null, onError: (error: unknown) => void): Promise<boolean> {
  const container = host?.navigator.serviceWorker
  if (!container) return false
  try {
    await container.register(SERVICE_WORKER_URL, { scope: '/' })
    return true
  } catch (error) {
    onError(error)
    return false
  }
}

/**
 * The app's service worker service (`services.serviceWorker`): only a production build registers
 * (Vite replaces `import.meta.env.DEV` with false there); a development server serves no `/sw.js`.
 */
export function createServiceWorkerService(logger: Logger, host: ServiceWorkerHost | null = typeof window === 'undefined' ? null : window): ServiceWorkerService {
  const production = import.meta.env?.DEV === false
  return {
    register: async () =>
      production ? registerServiceWorker(host, (error) => logger.warn('service worker not registered', { error: String(error) })) : false,
  }
}
