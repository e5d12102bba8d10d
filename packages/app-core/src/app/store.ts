import { combineReducers, configureStore } from '@reduxjs/toolkit'
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit'
import { accountSlice } from '../features/account/accountSlice'
import type { AccountState } from '../features/account/accountSlice'
import { authSlice } from '../features/auth/authSlice'
import type { AuthState } from '../features/auth/authSlice'
import { configSlice } from '../features/config/configSlice'
import type { ConfigState } from '../features/config/configSlice'
import { systemSlice } from '../features/system/systemSlice'
import { discoverReducer, initialDiscoverState, type DiscoverState } from '../features/discover/discoverReducer'
import type { SystemState } from '../features/system/systemSlice'
import { callSlice } from '../features/call/callSlice'
import type { CallState } from '../features/call/callSlice'
import { walletSlice } from '../features/wallet/walletSlice'
import type { WalletState } from '../features/wallet/walletSlice'
import type { Services } from '../services/types'
import { chatSlice } from '../features/chat/chatSlice'
import type { ChatState } from '../features/chat/chatSlice'
import { tasksSlice } from '../features/tasks/tasksSlice'
import type { TasksState } from '../features/tasks/tasksSlice'
import { settingsSlice } from '../features/settings/settingsSlice'
import type { SettingsState } from '../features/settings/settingsSlice'
import { profileSlice } from '../features/profile/profileSlice'
import type { ProfileState } from '../features/profile/profileSlice'

/** The state shape without persistence bookkeeping; what tests preload. */
export interface AppState {
  auth: AuthState
  account: AccountState
  config: ConfigState
  system: SystemState
  chat: ChatState
  tasks: TasksState
  settings: SettingsState
  profile: ProfileState
  call: CallState
  wallet: WalletState
  discover: DiscoverState
}

/** What `makeStore` accepts: any slice, each partially. */
export type PreloadedAppState = { [K in keyof AppState]?: Partial<AppState[K]> }

/** The slice reducers. Persistence (`./persistence`) wraps auth and account when it starts. */
export const sliceReducers = {
  auth: authSlice.reducer,
  account: accountSlice.reducer,
  config: configSlice.reducer,
  system: systemSlice.reducer,
  chat: chatSlice.reducer,
  tasks: tasksSlice.reducer,
  settings: settingsSlice.reducer,
  profile: profileSlice.reducer,
  call: callSlice.reducer,
  wallet: walletSlice.reducer,
  discover: discoverReducer,
}

const rootReducer = combineReducers(sliceReducers)

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
  return store as Omit<typeof store, 'dispatch'> & { dispatch: AppDispatch }
}

/**
 * Completes a partial preloaded state with each slice's initial values. The `_persist` marker of the
 * persisted slices is added by redux-persist itself when persistence starts, so it is left out here.
 */
function fillPreloadedState(partial: PreloadedAppState): AppState {
  return {
    auth: { ...authSlice.getInitialState(), ...partial.auth },
    account: { ...accountSlice.getInitialState(), ...partial.account },
    config: { ...configSlice.getInitialState(), ...partial.config },
    system: { ...systemSlice.getInitialState(), ...partial.system },
    chat: { ...chatSlice.getInitialState(), ...partial.chat },
    tasks: { ...tasksSlice.getInitialState(), ...partial.tasks },
    settings: { ...settingsSlice.getInitialState(), ...partial.settings },
    profile: { ...profileSlice.getInitialState(), ...partial.profile },
    call: { ...callSlice.getInitialState(), ...partial.call },
    wallet: { ...walletSlice.getInitialState(), ...partial.wallet },
    discover: { ...initialDiscoverState(), ...partial.discover },
  }
}

export type RootState = ReturnType<typeof rootReducer>

/** Dispatch with thunks whose extra argument is the services container. */
export type AppDispatch = ThunkDispatch<RootState, Services, UnknownAction>
export type AppStore = ReturnType<typeof makeStore>
