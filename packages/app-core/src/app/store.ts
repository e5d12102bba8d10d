import { configureStore } from '@reduxjs/toolkit'
import type { Reducer } from '@reduxjs/toolkit'
import { accountSlice } from '../features/account/accountSlice'
import { authSlice } from '../features/auth/authSlice'
import { configSlice } from '../features/config/configSlice'
import { settingsSlice } from '../features/settings/settingsSlice'
import { systemSlice } from '../features/system/systemSlice'
import type { Services } from '../services/types'
import { startSessionListeners } from '../features/auth/sessionListeners'
import { createAppListenerMiddleware } from './listeners'
import { rootReducer } from './rootReducer'
import type { AppDispatch, LazyState, PreloadedAppState, RootState } from './state'

export type { AppDispatch, AppState, PreloadedAppState, RootState } from './state'
export { rootReducer } from './rootReducer'

/**
 * redux-persist's action types (`redux-persist/es/constants`), spelled out so the store does not load
 * redux-persist: it is downloaded only when persistence starts. persistence.test.ts checks they match.
 */
export const PERSIST_ACTION_TYPES = [
  'persist/FLUSH',
  'persist/REHYDRATE',
  'persist/PAUSE',
  'persist/PERSIST',
  'persist/PURGE',
  'persist/REGISTER',
] as const

export interface MakeStoreOptions {
  preloadedState?: PreloadedAppState
  services: Services
}

/**
 * One store factory for every brand, test and story. Thunks receive `services` as their extra
 * argument. The store starts without persistence; `startPersistence` (loaded on demand) swaps in the
 * persisted reducers when a stored session is restored or a user logs in (see `sessionPersistence`).
 */
export function makeStore({ preloadedState, services }: MakeStoreOptions) {
  const store = configureStore({
    reducer: rootReducer,
    // Preloaded state (tests, stories) is kept for the slices injected by then; `src/testing` injects
    // every feature slice, so any slice can be preloaded there.
    preloadedState: preloadedState ? fillPreloadedState(preloadedState) : undefined,
    // Listeners first, so an effect sees every action, thunks included (`app/listeners.ts`).
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: services },
        serializableCheck: { ignoredActions: [...PERSIST_ACTION_TYPES] },
      }).prepend(createAppListenerMiddleware(services).middleware),
  })
  // The API client reads the signed-in user from the store on every call.
  services.auth.bindUserSource(() => store.getState().auth.user)
  // A session the server no longer takes signs the user out with a word why, on every page.
  startSessionListeners(store.dispatch as AppDispatch)
  // Spelled out so thunks typed with AppDispatch (extra argument = Services) type-check on it.
  // replaceReducer takes persistence's reducer.
  return store as Omit<typeof store, 'dispatch' | 'getState' | 'replaceReducer'> & {
    dispatch: AppDispatch
    getState: () => RootState
    replaceReducer: (next: Reducer<RootState>) => void
  }
}

/**
 * Completes a partial preloaded state with each slice's initial values. The `_persist` marker of the
 * persisted slices is added by redux-persist itself when persistence starts, so it is left out here.
 */
function fillPreloadedState(partial: PreloadedAppState): RootState {
  const filled: Record<string, unknown> = {
    auth: { ...authSlice.getInitialState(), ...partial.auth },
    account: { ...accountSlice.getInitialState(), ...partial.account },
    config: { ...configSlice.getInitialState(), ...partial.config },
    system: { ...systemSlice.getInitialState(), ...partial.system },
    settings: { ...settingsSlice.getInitialState(), ...partial.settings },
  }
  // A feature slice starts from its reducer's initial state (once injected) with the preloaded fields.
  const initial = rootReducer(undefined, { type: '@@vchat/preload' }) as Record<string, unknown>
  for (const key of Object.keys(partial) as (keyof LazyState)[]) {
    if (key in filled || !(key in initial)) continue
    filled[key] = { ...(initial[key] as object), ...partial[key] }
  }
  return filled as RootState
}

/** Compile-time: the state type written in `./state` is the one the root reducer produces, both ways. */
type ReducerState = ReturnType<typeof rootReducer>
const stateMatchesReducer: [ReducerState] extends [RootState] ? ([RootState] extends [ReducerState] ? true : false) : false = true
void stateMatchesReducer

export type AppStore = ReturnType<typeof makeStore>
