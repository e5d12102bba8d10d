// Application entry
export { mountApp } from './mountApp'
export type { MountAppOptions } from './mountApp'

// Store and hooks
export { makeStore } from './app/store'
export type { AppDispatch, AppState, AppStore, MakeStoreOptions, PreloadedAppState, RootState } from './app/store'
// The state of each feature, as AppState names it: an app can name them too, also in declarations it
// emits (a type reachable only through another would be unnameable there, TS2742).
export type { DiscoverState } from './app/state'
export type { StoryLineState } from './features/anchor/storyLineState'
export type { CallState } from './features/call/callState'
export type { CallHistoryState } from './features/callrecord/callHistoryState'
export type { ChatPurchasesState, ChatState, ChatTranslationsState, ChatUploadsState } from './features/chat/chatState'
export type { ClubState } from './features/club/clubState'
export type { ContactPopupState } from './features/discover/contactPopupState'
export type { WallState } from './features/discover/discoverState'
export type { ExclusiveState } from './features/discover/exclusiveState'
export type { LiveHostsState } from './features/landing/liveHostsState'
export type { LuckyBoxState } from './features/luckybox/luckyBoxState'
export type { MatchState } from './features/match/matchState'
export type { ProfileState } from './features/profile/profileState'
export type { SettingsState } from './features/settings/settingsState'
export type { SocialState } from './features/social/socialState'
export type { TasksState } from './features/tasks/tasksState'
export type { UsersState } from './features/users/usersState'
export type { WalletState } from './features/wallet/walletState'
export { useAppDispatch, useAppSelector, useAppStore } from './app/hooks'
export { AppProviders } from './app/AppProviders'
export type { AppProvidersProps } from './app/AppProviders'
export { useServices } from './app/ServicesContext'

// Brand
export { brandConfigSchema, defineBrand, validateBrandConfig } from './brand/brandConfig'
export type { AbVariant, BrandConfig, BrandRouteFlags, BrandThemeConfig } from './brand/brandConfig'

// Features
export {
  authSlice,
  completeLogin,
  isPaymentRoute,
  loginWithPassword,
  logout,
  selectComponentInfo,
  selectDisplayName,
  selectIsLoggedIn,
  selectLoginFailure,
  selectLoginStatus,
  selectUser,
} from './features/auth/authSlice'
export type { AuthState, LoginFailure, LoginFailureKind, LoginStatus, PasswordCredentials } from './features/auth/authSlice'
export { loggedOut } from './app/authActions'
/** The jid rules of @vchat/contract; `uidFromJid` is the name this package has always exported. */
export { isAnchorJid, uidOfJid as uidFromJid } from '@vchat/contract'
export { LoginScreen, validateLoginForm } from './features/auth/LoginScreen'
export type { LoginScreenProps } from './features/auth/LoginScreen'
export { accountSlice, loadAccount, selectAccount, selectGemsBalance, selectIsPaidUser } from './features/account/accountSlice'
export type { AccountState } from './features/account/accountSlice'
export { configSlice, loadConfig, selectConfig } from './features/config/configSlice'
export type { ConfigState } from './features/config/configSlice'
export { fetchMaintenanceStatus, selectIsUnderMaintenance, systemSlice } from './features/system/systemSlice'
export type { SystemState } from './features/system/systemSlice'
export { abVariantFor } from './features/match/abVariant'

// Routes and layout
export { findRoute, TAB_ORDER } from './routes/routeTable'
export { buildRouteTable } from './routes/routes'
export type { AppRoute, RouteLayout, ScreenKey, TabKey } from './routes/routeTable'
export { createAppMemoryRouter, createAppRouter, createRouteObjects } from './routes/createAppRouter'
export type { AppRouterInstance } from './routes/createAppRouter'
export { AppRouter } from './routes/AppRouter'
export { AppLink, useAppNavigate } from './routes/navigation'
export type { AppLocationState, SavedLocation } from './routes/navigation'
export { HomeLayout } from './layout/HomeLayout'
export { breakpointForWidth, useBreakpoint } from './layout/useBreakpoint'

// Services
export { createServices, createPersistEngine } from './services/createServices'
export type { CreateServicesOptions } from './services/createServices'
export { absoluteWebsocketUrl, envFromImportMeta, resolveEndpoints } from './services/endpoints'
export { createStorage } from './services/storage'
export type { StorageKind } from './services/storage'
/** api-client's rule, re-exported under the name this package has always offered. */
export { platformFromUserAgent } from '@vchat/api-client'
export type * from './services/types'
export type { CardVaultService } from './services/cardVault'

export { installPreloadErrorReload } from './preloadError'
export * from './constants'
