import * as reduxPersistConstants from 'redux-persist/es/constants'
import { describe, expect, it, vi } from 'vitest'
import { SESSION_MARKER_KEY } from '../constants'
import { loginWithPassword, logout } from '../features/auth/authSlice'
import { fakeServices, memoryPersistEngine, memoryStorage, silentLogger } from '../testing/fakeServices'
import type { Logger, PersistEngine, StorageService } from '../services/types'
import { createSessionPersistence } from './sessionPersistence'
import type { PersistenceStarter } from './sessionPersistence'
import { makeStore, PERSIST_ACTION_TYPES } from './store'

const AUTH_KEY = 'persist:vchat:auth'
const ACCOUNT_KEY = 'persist:vchat:account'

/** A spy over an in-memory engine: what a browser tab's localforage would hold. */
function recordingEngine(initial: Record<string, string> = {}) {
  const engine = memoryPersistEngine(initial)
  const calls: string[] = []
  const spy: PersistEngine = {
    getItem: (key) => (calls.push(`get ${key}`), engine.getItem(key)),
    setItem: (key, value) => (calls.push(`set ${key}`), engine.setItem(key, value)),
    removeItem: (key) => (calls.push(`remove ${key}`), engine.removeItem(key)),
  }
  return { engine: spy, data: engine.data, calls }
}

/** What redux-persist keeps for the auth slice (each field JSON-encoded inside a JSON object). */
function storedUser(data: Map<string, string>): unknown {
  const raw = data.get(AUTH_KEY)
  if (!raw) return undefined
  return JSON.parse((JSON.parse(raw) as { user: string }).user)
}

/** What redux-persist keeps for the account slice: its balance, written separately from auth. */
function storedGems(data: Map<string, string>): unknown {
  const raw = data.get(ACCOUNT_KEY)
  if (!raw) return undefined
  return JSON.parse((JSON.parse(raw) as { gemsBalance: string }).gemsBalance)
}

function storedAuth(user: { uid: string; jid: string; vcToken: string } | null): string {
  const full = user ? { ...user, role: 2, nickName: '', name: '' } : null
  return JSON.stringify({ user: JSON.stringify(full), componentInfo: 'null', _persist: JSON.stringify({ version: -1, rehydrated: true }) })
}

/** One page load: a store, its services and session persistence over shared storage. */
function boot(storage: StorageService, engine: PersistEngine, options: { start?: PersistenceStarter; logger?: Logger } = {}) {
  const services = { ...fakeServices(), storage }
  const store = makeStore({ services })
  const persistence = createSessionPersistence({
    store,
    engine,
    marker: storage.local<boolean>(SESSION_MARKER_KEY),
    logger: options.logger ?? silentLogger,
    ...(options.start ? { start: options.start } : {}),
  })
  return { store, persistence, marker: storage.local<boolean>(SESSION_MARKER_KEY) }
}

describe('session persistence', () => {
  it('spells redux-persist action types as redux-persist does', () => {
    const { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE } = reduxPersistConstants
    expect([...PERSIST_ACTION_TYPES].sort()).toEqual([FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER].sort())
  })

  it('leaves storage alone for a visitor: no marker, nothing read or written, renders at once', async () => {
    const storage = memoryStorage()
    const { engine, calls } = recordingEngine({ [AUTH_KEY]: storedAuth(null) })
    const start = vi.fn<PersistenceStarter>()
    const { persistence, store } = boot(storage, engine, { start })
    expect(persistence.restoring).toBe(false)
    await persistence.ready
    store.dispatch({ type: 'visitor/browses' })
    expect(start).not.toHaveBeenCalled()
    expect(calls).toEqual([])
    expect(store.getState().auth.user).toBeNull()
  })

  it('starts with a login and keeps the new login over stale stored data, then sets the marker', async () => {
    const storage = memoryStorage()
    // Left behind by an earlier session whose marker is gone (signed out in another tab, say).
    const { engine, data, calls } = recordingEngine({ [AUTH_KEY]: storedAuth({ uid: '100002', jid: 'user_100002@localhost', vcToken: 'old' }) })
    const { persistence, store, marker } = boot(storage, engine)
    await persistence.ready

    await store.dispatch(loginWithPassword({ uid: '100001', passwd: 'demo1234' }))
    await vi.waitFor(() => expect(marker.get()).toBe(true))
    expect(store.getState().auth.user?.uid).toBe('100001')
    await vi.waitFor(() => expect(storedUser(data)).toMatchObject({ uid: '100001', vcToken: 'token-100001' }))
    expect(calls.filter((call) => call.startsWith('get'))).toEqual([])
    expect(store.getState().account.gemsBalance).toBe(500)
  })

  it('restores the session after a reload, then logout and reload stay signed out', async () => {
    const storage = memoryStorage()
    const { engine, data } = recordingEngine()
    const first = boot(storage, engine)
    await first.store.dispatch(loginWithPassword({ uid: '100001', passwd: 'demo1234' }))
    await vi.waitFor(() => expect(storedUser(data)).toMatchObject({ uid: '100001' }))
    // Each slice is written on its own: the balance may reach storage after the user (it did on a
    // busy machine), and the reload below expects both.
    await vi.waitFor(() => expect(storedGems(data)).toBe(500))
    await vi.waitFor(() => expect(first.marker.get()).toBe(true))
    first.persistence.dispose()

    const second = boot(storage, engine)
    expect(second.persistence.restoring).toBe(true)
    expect(second.store.getState().auth.user).toBeNull()
    await second.persistence.ready
    expect(second.store.getState().auth.user).toMatchObject({ uid: '100001', jid: 'user_100001@localhost' })
    expect(second.store.getState().account.gemsBalance).toBe(500)

    await second.store.dispatch(logout())
    expect(second.marker.get()).toBeNull()
    await vi.waitFor(() => expect(storedUser(data)).toBeNull())
    second.persistence.dispose()

    const third = boot(storage, engine)
    expect(third.persistence.restoring).toBe(false)
    await third.persistence.ready
    expect(third.store.getState().auth.user).toBeNull()
  })

  it('clears a marker whose stored session is gone (storage wiped)', async () => {
    const storage = memoryStorage()
    storage.local<boolean>(SESSION_MARKER_KEY).set(true)
    const { engine } = recordingEngine()
    const { persistence, store, marker } = boot(storage, engine)
    expect(persistence.restoring).toBe(true)
    await persistence.ready
    expect(store.getState().auth.user).toBeNull()
    expect(marker.get()).toBeNull()
  })

  it('starts signed out when restoring fails, and tries again with the next login', async () => {
    const storage = memoryStorage()
    storage.local<boolean>(SESSION_MARKER_KEY).set(true)
    const warnings: string[] = []
    const logger: Logger = { ...silentLogger, warn: (message) => warnings.push(message) }
    const { engine, data } = recordingEngine()
    const real: PersistenceStarter = async (...args) => (await import('./persistence')).startPersistence(...args)
    const start = vi.fn<PersistenceStarter>().mockRejectedValueOnce(new Error('chunk failed')).mockImplementation(real)
    const { persistence, store } = boot(storage, engine, { start, logger })
    await persistence.ready
    expect(warnings).toEqual(['session persistence did not start'])
    expect(store.getState().auth.user).toBeNull()

    await store.dispatch(loginWithPassword({ uid: '100001', passwd: 'demo1234' }))
    await vi.waitFor(() => expect(storedUser(data)).toMatchObject({ uid: '100001' }))
    expect(start).toHaveBeenLastCalledWith(store, engine, { readStored: false })
  })
})
