/**
 * redux-persist on the product storage engine (localforage). Loaded on demand by `sessionPersistence`:
 * with the first paint when a persisted session exists, else when a user logs in — never for a visitor
 * on the landing page.
 */
import { combineReducers } from '@reduxjs/toolkit'
import type { Reducer } from '@reduxjs/toolkit'
import { persistReducer, persistStore } from 'redux-persist'
import type { PersistConfig, Persistor } from 'redux-persist'
import { PERSIST_KEY } from '../constants'
import type { AccountState } from '../features/account/accountSlice'
import type { AuthState } from '../features/auth/authSlice'
import type { PersistEngine } from '../services/types'
import { sliceReducers } from './store'
import type { AppStore, RootState } from './store'

export interface StartPersistenceOptions {
  /**
   * Apply what is stored (a session restored at start). False: the in-memory state is newer than
   * anything stored (persistence starts after a login), so nothing is read and the current state
   * overwrites the stored one.
   */
  readStored: boolean
}

/** An engine that reports nothing stored but writes and removes normally. */
function writeOnly(engine: PersistEngine): PersistEngine {
  return { getItem: async () => null, setItem: (key, value) => engine.setItem(key, value), removeItem: (key) => engine.removeItem(key) }
}

/** The root reducer with auth (user, componentInfo) and account persisted. */
export function createPersistedReducer(engine: PersistEngine) {
  // Only the signed-in user (and its component info) and the balance survive a reload; login status,
  // failures, config and maintenance are transient.
  const authPersist: PersistConfig<AuthState> = { key: `${PERSIST_KEY}:auth`, storage: engine, whitelist: ['user', 'componentInfo'] }
  const accountPersist: PersistConfig<AccountState> = { key: `${PERSIST_KEY}:account`, storage: engine }
  return combineReducers({
    ...sliceReducers,
    auth: persistReducer(authPersist, sliceReducers.auth),
    account: persistReducer(accountPersist, sliceReducers.account),
  })
}

/**
 * Swaps the persisted reducers into the store and starts redux-persist. Resolves with the persistor
 * once the stored state is applied (or, with `readStored: false`, once the current state is being
 * written).
 */
export function startPersistence(store: AppStore, engine: PersistEngine, { readStored }: StartPersistenceOptions): Promise<Persistor> {
  const reducer = createPersistedReducer(readStored ? engine : writeOnly(engine))
  // Same slices plus redux-persist's `_persist` bookkeeping, which nothing in the app reads.
  store.replaceReducer(reducer as unknown as Reducer<RootState>)
  return new Promise((resolve) => {
    const persistor: Persistor = persistStore(store, null, () => resolve(persistor))
  })
}
