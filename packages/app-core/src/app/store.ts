import { combineReducers, configureStore } from '@reduxjs/toolkit'
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit'
import { FLUSH, PAUSE, PERSIST, persistReducer, PURGE, REGISTER, REHYDRATE } from 'redux-persist'
import type { PersistConfig } from 'redux-persist'
import { PERSIST_KEY } from '../constants'
import { accountSlice } from '../features/account/accountSlice'
import type { AccountState } from '../features/account/accountSlice'
import { authSlice } from '../features/auth/authSlice'
import type { AuthState } from '../features/auth/authSlice'
import { configSlice } from '../features/config/configSlice'
import type { ConfigState } from '../features/config/configSlice'
import { systemSlice } from '../features/system/systemSlice'
import type { SystemState } from '../features/system/systemSlice'
import type { Services } from '../services/types'

/** The state shape without persistence bookkeeping; what tests preload. */
export interface AppState {
  auth: AuthState
  account: AccountState
  config: ConfigState
  system: SystemState
}

/** What `makeStore` accepts: any slice, each partially. */
export type PreloadedAppState = { [K in keyof AppState]?: Partial<AppState[K]> }

function createRootReducer(services: Services) {
  const engine = services.storage.persistEngine
  // Only the signed-in user (and its component info) and the balance survive a reload; login status,
  // failures, config and maintenance are transient.
  const authPersist: PersistConfig<AuthState> = {
    key: `${PERSIST_KEY}:auth`,
    storage: engine,
    whitelist: ['user', 'componentInfo'],
  }
  const accountPersist: PersistConfig<AccountState> = {
    key: `${PERSIST_KEY}:account`,
    storage: engine,
  }
  return combineReducers({
    auth: persistReducer(authPersist, authSlice.reducer),
    account: persistReducer(accountPersist, accountSlice.reducer),
    config: configSlice.reducer,
    system: systemSlice.reducer,
  })
}

export interface MakeStoreOptions {
  preloadedState?: PreloadedAppState
  services: Services
}

/** One store factory for every brand, test and story. Thunks receive `services` as their extra argument. */
export function makeStore({ preloadedState, services }: MakeStoreOptions) {
  const reducer = createRootReducer(services)
  const store = configureStore({
    reducer,
    preloadedState: preloadedState ? fillPreloadedState(preloadedState) : undefined,
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: services },
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }),
  })
  // The API client reads the signed-in user from the store on every call.
  services.auth.bindUserSource(() => store.getState().auth.user)
  // Spelled out so thunks typed with AppDispatch (extra argument = Services) type-check on it.
  return store as Omit<typeof store, 'dispatch'> & { dispatch: AppDispatch }
}

/**
 * Completes a partial preloaded state with each slice's initial values. The `_persist` marker of the
 * persisted slices is added by redux-persist itself when persistence starts, so it is left out here.
 */
function fillPreloadedState(partial: PreloadedAppState): Partial<RootState> {
  const state: AppState = {
    auth: { ...authSlice.getInitialState(), ...partial.auth },
    account: { ...accountSlice.getInitialState(), ...partial.account },
    config: { ...configSlice.getInitialState(), ...partial.config },
    system: { ...systemSlice.getInitialState(), ...partial.system },
  }
  return state as Partial<RootState>
}

export type RootState = ReturnType<ReturnType<typeof createRootReducer>>
/** Dispatch with thunks whose extra argument is the services container. */
export type AppDispatch = ThunkDispatch<RootState, Services, UnknownAction>
export type AppStore = ReturnType<typeof makeStore>
