import type { BrandRouteFlags } from '../brand/brandConfig'
import { DEVICE_CHECK_PATH } from './paths'
import type { AppRoute, RouteDefinition, ScreenLoader } from './routeTable'
import { withProps } from './withProps'

/** The call screens share one component, which reads its mode from the route. */
const loadCallScreen: ScreenLoader = () => import('../features/call/CallScreen').then((m) => m.CallRouteScreen)

/**
 * SPEC §2, the one definition of every route: adding a screen is one row here (its path, flags and
 * `load`). The route table is on the landing page, the screens' code is not: each `import()` is a
 * chunk fetched when the route is first shown.
 */
const ROUTE_DEFINITIONS: readonly RouteDefinition[] = [
  { path: '/', screen: 'landing', layout: 'home', popup: false, auth: false },
  { path: '/onlinevideochat', screen: 'onlineVideoChat', layout: 'home', popup: true, auth: false },
  { path: '/match', screen: 'match', layout: 'home', popup: true, auth: true, tab: 'match', load: () => import('../features/match/MatchScreen').then((m) => m.MatchScreen) },
  { path: '/goddess', screen: 'goddess', layout: 'home', popup: false, auth: true, tab: 'discover', load: () => import('../features/discover/GoddessScreen').then((m) => m.GoddessScreen) },
  { path: '/download', screen: 'download', layout: 'home', popup: false, auth: false, load: () => import('../features/pages/DownloadScreen').then((m) => m.DownloadScreen) },
  { path: '/message', screen: 'message', layout: 'home', popup: false, auth: true, tab: 'messages', load: () => import('../features/chat/MessageScreen').then((m) => m.MessageScreen) },
  { path: '/callrecord', screen: 'callRecord', layout: 'home', popup: false, auth: true, tab: 'history', load: () => import('../features/callrecord/CallRecordScreen').then((m) => m.CallRecordScreen) },
  { path: '/task', screen: 'task', layout: 'home', popup: false, auth: (f) => f.task.auth, load: () => import('../features/tasks/TaskScreen').then((m) => m.TaskScreen) },
  { path: '/domain', screen: 'domain', layout: 'home', popup: false, auth: (f) => f.domain.auth, load: () => import('../features/pages/DomainScreen').then((m) => m.DomainScreen) },
  { path: '/call/:uid', screen: 'call', layout: 'home', popup: false, auth: true, load: loadCallScreen },
  { path: '/login', screen: 'login', layout: 'home', popup: true, auth: false, load: () => import('../features/auth/LoginScreen').then((m) => withProps(m.LoginScreen, { mode: 'choices' })) },
  { path: '/userpassword', screen: 'userPassword', layout: 'home', popup: true, auth: false, load: () => import('../features/auth/LoginScreen').then((m) => withProps(m.LoginScreen, { mode: 'password' })) },
  { path: '/video/:uid', screen: 'video', layout: 'home', popup: true, auth: true, load: loadCallScreen },
  { path: '/videoview', screen: 'videoView', layout: 'home', popup: true, auth: true, load: () => import('../features/call/VideoViewScreen').then((m) => m.VideoViewScreen) },
  { path: '/friendreq', screen: 'friendRequests', layout: 'home', popup: false, auth: true, load: () => import('../features/social/SocialScreen').then((m) => m.SocialScreen) },
  { path: '/deletemessagesettings', screen: 'deleteMessageSettings', layout: 'home', popup: false, auth: true, load: () => import('../features/settings/DeleteMessageSettingsScreen').then((m) => m.DeleteMessageSettingsScreen) },
  { path: '/paymenthistory', screen: 'paymentHistory', layout: 'home', popup: false, auth: true, load: () => import('../features/wallet/PaymentHistoryScreen').then((m) => m.PaymentHistoryScreen) },
  { path: '/anchorprofile', screen: 'anchorProfile', layout: 'home', popup: false, auth: true, load: () => import('../features/anchor/AnchorProfileScreen').then((m) => m.AnchorProfileScreen) },
  { path: '/languagesettings', screen: 'languageSettings', layout: 'home', popup: false, auth: true, load: () => import('../features/settings/LanguageSettingsScreen').then((m) => m.LanguageSettingsScreen) },
  { path: '/personalhome', screen: 'personalHome', layout: 'home', popup: false, auth: true, load: () => import('../features/profile/PersonalHomeScreen').then((m) => m.PersonalHomeScreen) },
  { path: '/settings', screen: 'settings', layout: 'home', popup: false, auth: true, load: () => import('../features/settings/SettingsScreen').then((m) => m.SettingsScreen) },
  { path: '/club', screen: 'club', layout: 'home', popup: false, auth: (f) => f.club.auth, load: () => import('../features/club/ClubScreen').then((m) => m.ClubScreen) },
  { path: '/silveranchor', screen: 'silverAnchor', layout: 'home', popup: true, auth: false, load: () => import('../features/club/ClubScreen').then((m) => withProps(m.ClubScreen, { listOnly: true })) },
  { path: '/editprofile', screen: 'editProfile', layout: 'home', popup: false, auth: true, load: () => import('../features/profile/EditProfileScreen').then((m) => m.EditProfileScreen) },
  { path: '/messageSetup', screen: 'messageSetup', layout: 'home', popup: false, auth: true, enabled: (f) => f.messageSetup, load: () => import('../features/settings/MessageSetupScreen').then((m) => m.MessageSetupScreen) },
  // Top-level routes outside the layout.
  { path: DEVICE_CHECK_PATH, screen: 'videoTest', layout: 'top', popup: false, auth: false, load: () => import('../features/call/DeviceCheckScreen').then((m) => m.DeviceCheckScreen) },
  { path: '/preview', screen: 'chatPreview', layout: 'top', popup: false, auth: false, load: () => import('../features/chat/ChatPreviewScreen').then((m) => m.ChatPreviewScreen) },
  { path: '/checkoutCards', screen: 'checkoutCards', layout: 'top', popup: false, auth: false, payment: true, load: () => import('../features/wallet/CheckoutCardsScreen').then((m) => m.CheckoutCardsScreen) },
  { path: '/bindcheckout', screen: 'bindCheckout', layout: 'top', popup: false, auth: false, payment: true, load: () => import('../features/wallet/CheckoutCardsScreen').then((m) => m.BindCheckoutScreen) },
  { path: '/upi', screen: 'upi', layout: 'top', popup: false, auth: false, payment: true, load: () => import('../features/wallet/UpiScreens').then((m) => m.UpiScreen) },
  { path: '/upiprocess', screen: 'upiProcess', layout: 'top', popup: false, auth: false, payment: true, load: () => import('../features/wallet/UpiScreens').then((m) => m.UpiProcessScreen) },
  { path: '/payresult', screen: 'payResult', layout: 'top', popup: false, auth: false, payment: true, load: () => import('../features/wallet/PayResultScreen').then((m) => m.PayResultScreen) },
]

/** The routes of a brand, in SPEC §2 order, with its per-brand flags applied. */
export function buildRouteTable(flags: BrandRouteFlags): AppRoute[] {
  return ROUTE_DEFINITIONS.filter((definition) => definition.enabled?.(flags) ?? true).map((definition) => ({
    path: definition.path,
    screen: definition.screen,
    layout: definition.layout,
    popup: definition.popup,
    auth: typeof definition.auth === 'function' ? definition.auth(flags) : definition.auth,
    tab: definition.tab,
    payment: definition.payment ?? false,
    load: definition.load,
  }))
}

