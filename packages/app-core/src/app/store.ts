import { combineSlices, configureStore } from '@reduxjs/toolkit'
import type { Reducer, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit'
import { accountSlice } from '../features/account/accountSlice'
import type { AccountState } from '../features/account/accountSlice'
import { authSlice } from '../features/auth/authSlice'
import type { AuthState } from '../features/auth/authSlice'
import { configSlice } from '../features/config/configSlice'
import type { ConfigState } from '../features/config/configSlice'
import { systemSlice } from '../features/system/systemSlice'
import type { DiscoverState } from '../features/discover/discoverReducer'
import type { SystemState } from '../features/system/systemSlice'
import type { CallState } from '../features/call/callSlice'
import type { Services } from '../services/types'
import type { ChatState } from '../features/chat/chatSlice'
import type { TasksState } from '../features/tasks/tasksSlice'
import { settingsSlice } from '../features/settings/settingsSlice'
import type { SettingsState } from '../features/settings/settingsSlice'
import type { ProfileState } from '../features/profile/profileSlice'
import type { WalletState } from '../features/wallet/walletSlice'
import type { UsersState } from '../features/users/usersSlice'
import type { LiveHostsState } from '../features/landing/liveHostsSlice'

/** The state shape without persistence bookkeeping; what tests preload. */
export interface AppState {
  auth: AuthState
  account: AccountState
  config: ConfigState
  system: SystemState
  call: CallState
  discover: DiscoverState
  chat: ChatState
  tasks: TasksState
  settings: SettingsState
  profile: ProfileState
  wallet: WalletState
  users: UsersState
  landing: LiveHostsState
}

/** What `makeStore` accepts: any slice, each partially. */
export type PreloadedAppState = { [K in keyof AppState]?: Partial<AppState[K]> }

/** Slices every page needs, the landing page included; in the entry chunk. */
export const baseSlices = [authSlice, accountSlice, configSlice, systemSlice, settingsSlice] as const

/** Feature state injected by the feature's own (lazy) module: absent from the store until then. */
export type LazyState = Pick<AppState, 'call' | 'discover' | 'chat' | 'tasks' | 'profile' | 'wallet' | 'users' | 'landing'>

/**
 * The root reducer: the base slices, plus each feature slice once its module has loaded and injected
 * itself (`slice.injectInto(rootReducer)`). Selectors of an injected slice answer its initial state
 * while the store holds nothing for it yet.
 */
export const rootReducer = combineSlices(...baseSlices).withLazyLoadedSlices<LazyState>()

/** Dispatched once feature slices were injected, so the store computes their initial state. */
export const FEATURE_SLICES_INJECTED = 'app/featureSlicesInjected'

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
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: services },
        serializableCheck: { ignoredActions: [...PERSIST_ACTION_TYPES] },
      }),
  })
  // The API client reads the signed-in user from the store on every call.
  services.auth.bindUserSource(() => store.getState().auth.user)
  // Spelled out so thunks typed with AppDispatch (extra argument = Services) type-check on it.
  // getState answers RootState (`call` typed as present, see there); replaceReducer takes persistence's reducer.
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

/**
 * The store's state. Feature slices are optional (absent until injected) — read them through their
 * slice's selectors, which fall back to the initial state. `call` is typed as present for its one direct
 * reader, `CallLayer`, which renders only once the call slice is in the store (`layout/signedInParts`).
 */
export type RootState = ReturnType<typeof rootReducer> & Pick<AppState, 'call'>

/** Dispatch with thunks whose extra argument is the services container. */
export type AppDispatch = ThunkDispatch<RootState, Services, UnknownAction>
export type AppStore = ReturnType<typeof makeStore>
