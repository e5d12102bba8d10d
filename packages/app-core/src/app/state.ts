/**
 * The store's state and dispatch types. They are gathered from each feature's `<name>State.ts`
 * (types only), never from the slices: slices, thunks and selectors import these types, so a state
 * type taken from a slice module would close an import cycle through this file.
 */
import type { ThunkDispatch, UnknownAction, UnsubscribeListener } from '@reduxjs/toolkit'
import type { AccountState } from '../features/account/accountState'
import type { StoryLineState } from '../features/anchor/storyLineState'
import type { AuthState } from '../features/auth/authState'
import type { CallState } from '../features/call/callState'
import type { CallHistoryState } from '../features/callrecord/callHistoryState'
import type { ChatPurchasesState, ChatState, ChatTranslationsState, ChatUploadsState } from '../features/chat/chatState'
import type { ClubState } from '../features/club/clubState'
import type { ConfigState } from '../features/config/configState'
import type { ContactPopupState } from '../features/discover/contactPopupState'
import type { WallState } from '../features/discover/discoverState'
import type { ExclusiveState } from '../features/discover/exclusiveState'
import type { LiveHostsState } from '../features/landing/liveHostsState'
import type { LuckyBoxState } from '../features/luckybox/luckyBoxState'
import type { MatchState } from '../features/match/matchState'
import type { ProfileState } from '../features/profile/profileState'
import type { SettingsState } from '../features/settings/settingsState'
import type { SocialState } from '../features/social/socialState'
import type { SystemState } from '../features/system/systemState'
import type { TasksState } from '../features/tasks/tasksState'
import type { UsersState } from '../features/users/usersState'
import type { WalletState } from '../features/wallet/walletState'
import type { Services } from '../services/types'

/**
 * Host lists, match deck and social lists: one store key, `discover` (the reducer is `discoverReducer`
 * in `features/discover/discoverSlice`; match and social inject themselves into it). Put together here,
 * not in discover's state module: that module would import the match and social features, which
 * import discover, and close an import circle.
 */
export interface DiscoverState {
  wall: WallState
  match: MatchState
  social: SocialState
}

/** The state shape without persistence bookkeeping; what tests preload. */
export interface AppState {
  auth: AuthState
  account: AccountState
  config: ConfigState
  system: SystemState
  call: CallState
  discover: DiscoverState
  chat: ChatState
  chatUploads: ChatUploadsState
  chatPurchases: ChatPurchasesState
  chatTranslations: ChatTranslationsState
  tasks: TasksState
  settings: SettingsState
  profile: ProfileState
  wallet: WalletState
  users: UsersState
  landing: LiveHostsState
  luckyBox: LuckyBoxState
  club: ClubState
  exclusive: ExclusiveState
  callHistory: CallHistoryState
  storyLine: StoryLineState
  contactPopup: ContactPopupState
}

/** What `makeStore` accepts: any slice, each partially. */
export type PreloadedAppState = { [K in keyof AppState]?: Partial<AppState[K]> }

/** State of the slices every page needs, the landing page included (`baseSlices`, in the entry chunk). */
type BaseState = Pick<AppState, 'auth' | 'account' | 'config' | 'system' | 'settings'>

/** Feature state injected by the feature's own (lazy) module: absent from the store until then. */
export type LazyState = Omit<AppState, keyof BaseState>

/**
 * The store's state. Feature slices are optional (absent until injected) — read them through their
 * slice's selectors, which fall back to the initial state. `app/store.ts` checks that this is what
 * the root reducer produces.
 */
export type RootState = BaseState & Partial<LazyState>

/**
 * Dispatch with thunks whose extra argument is the services container; dispatching `addAppListener`
 * (`app/listeners.ts`) answers the function that removes the listener.
 */
export type AppDispatch = ((action: { type: 'listenerMiddleware/add'; payload: unknown }) => UnsubscribeListener) &
  ThunkDispatch<RootState, Services, UnknownAction>
