/**
 * redux-persist on the product storage engine (localforage). Loaded on demand by `sessionPersistence`:
 * with the first paint when a persisted session exists, else when a user logs in — never for a visitor
 * on the landing page.
 */
import type { Reducer, UnknownAction } from '@reduxjs/toolkit'
import { persistReducer, persistStore } from 'redux-persist'
import type { PersistConfig, Persistor } from 'redux-persist'
import { PERSIST_KEY } from '../constants'
import { accountSlice } from '../features/account/accountSlice'
import type { AccountState } from '../features/account/accountSlice'
import { authSlice } from '../features/auth/authSlice'
import type { AuthState } from '../features/auth/authSlice'
import type { PersistEngine } from '../services/types'
import { rootReducer } from './store'
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

/**
 * The root reducer with auth (user, componentInfo) and account persisted. The other slices — feature
 * slices injected later included — stay with the shared root reducer; only auth and account are
 * computed by their persisted reducers.
 */
export function createPersistedReducer(engine: PersistEngine): Reducer<RootState> {
  // Only the signed-in user (and its component info) and the balance survive a reload; login status,
  // failures, config and maintenance are transient.
  const authPersist: PersistConfig<AuthState> = { key: `${PERSIST_KEY}:auth`, storage: engine, whitelist: ['user', 'componentInfo'] }
  const accountPersist: PersistConfig<AccountState> = { key: `${PERSIST_KEY}:account`, storage: engine }
  const auth = persistReducer(authPersist, authSlice.reducer)
  const account = persistReducer(accountPersist, accountSlice.reducer)
  return (state: RootState | undefined, action: UnknownAction): RootState => {
    const rest = rootReducer(state, action)
    // The persisted slices carry redux-persist's `_persist` marker once it runs.
    const nextAuth = auth(state?.auth as Parameters<typeof auth>[0], action)
    const nextAccount = account(state?.account as Parameters<typeof account>[0], action)
    if (rest === state && nextAuth === state.auth && nextAccount === state.account) return state
    return { ...rest, auth: nextAuth, account: nextAccount } as RootState
  }
}

/**
 * Swaps the persisted reducers into the store and starts redux-persist. Resolves with the persistor
 * once the stored state is applied (or, with `readStored: false`, once the current state is being
 * written).
 */
export function startPersistence(store: AppStore, engine: PersistEngine, { readStored }: StartPersistenceOptions): Promise<Persistor> {
  const reducer = createPersistedReducer(readStored ? engine : writeOnly(engine))
  // Same slices plus redux-persist's `_persist` bookkeeping, which nothing in the app reads.
  store.replaceReducer(reducer)
  return new Promise((resolve) => {
    const persistor: Persistor = persistStore(store, null, () => resolve(persistor))
  })
}
