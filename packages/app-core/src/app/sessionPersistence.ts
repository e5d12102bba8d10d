import type { KeyedStorage, Logger, PersistEngine } from '../services/types'
import type { AppStore } from './store'

/** What starts redux-persist (`./persistence`, loaded on demand); tests pass their own. */
export type PersistenceStarter = (store: AppStore, engine: PersistEngine, options: { readStored: boolean }) => Promise<unknown>

export interface SessionPersistenceOptions {
  store: AppStore
  engine: PersistEngine
  /** Where the persisted-session marker lives (local storage under SESSION_MARKER_KEY). */
  marker: KeyedStorage<boolean>
  logger: Logger
  /** Defaults to loading `./persistence` with dynamic `import()`. */
  start?: PersistenceStarter
}

export interface SessionPersistence {
  /** A persisted session exists: persistence started at once, and the app waits for `ready`. */
  readonly restoring: boolean
  /**
   * Resolves when the stored session is applied (restoring), immediately otherwise. Never rejects: if
   * the stored state cannot be read, the app starts signed out.
   */
  readonly ready: Promise<void>
  /** Starts persistence now (idempotent); resolves when it runs. */
  start(): Promise<void>
  /** Stops watching the store. */
  dispose(): void
}

const loadAndStart: PersistenceStarter = async (store, engine, options) => (await import('./persistence')).startPersistence(store, engine, options)

/**
 * Session persistence without localforage on a visitor's first load.
 *
 * A synchronous marker in local storage says whether a signed-in state is persisted.
 * - Marker present: persistence (redux-persist + localforage) starts at once and reads the stored
 *   state; the app renders when it is applied (`ready`), as before — the user goes on to /match.
 * - No marker: nothing stored matters (at most a signed-out state), so the app renders at once and
 *   persistence starts with the first signed-in state (a login). It then reads nothing: the login in
 *   memory is newer than whatever is stored and overwrites it.
 * Once persistence runs, the marker follows the state: set while a user is signed in, removed when the
 * state becomes signed out (logout, a failed login) or a restore finds no session. It is set as soon as the user is in the state, ahead of the (asynchronous) write: a
 * marker without data only costs one rehydration that finds nobody; data without a marker would lose a
 * session.
 */
export function createSessionPersistence({ store, engine, marker, logger, start = loadAndStart }: SessionPersistenceOptions): SessionPersistence {
  const restoring = marker.get() === true
  let running: Promise<unknown> | null = null
  let active = false
  let markerSet = restoring

  const syncMarker = () => {
    if (!active) return
    const signedIn = store.getState().auth.user !== null
    if (signedIn === markerSet) return
    markerSet = signedIn
    if (signedIn) marker.set(true)
    else marker.remove()
  }

  const startNow = (readStored: boolean) =>
    (running ??= start(store, engine, { readStored }).then(
      (persistor) => {
        active = true
        syncMarker()
        return persistor
      },
      (error: unknown) => {
        // Unreadable storage or a failed download: the app runs without persistence; a later login
        // tries again.
        logger.warn('session persistence did not start', { reason: error instanceof Error ? error.message : String(error) })
        running = null
        return null
      },
    ))

  const unsubscribe = store.subscribe(() => {
    if (active) syncMarker()
    else if (!running && store.getState().auth.user !== null) void startNow(false)
  })

  const ready = restoring ? startNow(true).then(() => undefined) : Promise.resolve()

  return {
    restoring,
    ready,
    start: async () => {
      await startNow(restoring)
    },
    dispose: unsubscribe,
  }
}
