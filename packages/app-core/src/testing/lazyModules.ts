/**
 * Every module the app loads with `import()`, so tests and stories can load them before rendering.
 *
 * Why: a lazily loaded screen, sheet or runtime arrives when its chunk has been fetched and compiled,
 * and on a busy machine that takes however long the machine takes. A test that renders and then
 * waits for a screen would be measuring the machine. With every lazy module already in the module
 * cache, what a test waits for afterwards is the app's own work (fake services answering, React
 * rendering), not compilation. `lazyModules.test.ts` fails when an `import()` in the app is missing
 * here, so the list cannot silently fall behind.
 */
const LAZY_MODULES: ReadonlyArray<() => Promise<unknown>> = [
  // packages loaded on demand
  () => import('@vchat/analytics'),
  () => import('@vchat/chat-db'),
  () => import('@vchat/platform'),
  () => import('@vchat/webrtc-call'),
  () => import('@vchat/xmpp-chat'),
  () => import('localforage'),
  // app wiring
  () => import('../brand/brandConfig'),
  () => import('../app/persistence'),
  () => import('../services/analyticsRuntime'),
  () => import('../services/googleAuth'),
  () => import('../services/mediaDevices'),
  () => import('../services/messaging'),
  () => import('../services/platformIds'),
  () => import('../services/productApi'),
  () => import('../services/pushRuntime'),
  () => import('../services/tabShare'),
  // layout parts
  () => import('../layout/PopupSheet'),
  () => import('../layout/signedInParts'),
  // routes and screens
  () => import('../features/anchor/AnchorProfileScreen'),
  () => import('../features/auth/LoginScreen'),
  () => import('../features/call/CallScreen'),
  () => import('../features/call/DeviceCheckScreen'),
  () => import('../features/call/IncomingCallPopup'),
  () => import('../features/call/VideoViewScreen'),
  () => import('../features/call/callRuntime'),
  () => import('../features/call/callThunks'),
  () => import('../features/callrecord/CallRecordScreen'),
  () => import('../features/chat/ChatPreviewScreen'),
  () => import('../features/chat/MessageScreen'),
  () => import('../features/club/ClubScreen'),
  () => import('../features/discover/GoddessScreen'),
  () => import('../features/match/MatchScreen'),
  () => import('../features/pages/AccountOverlays'),
  () => import('../features/pages/CookiePolicySheet'),
  () => import('../features/pages/DomainScreen'),
  () => import('../features/pages/DownloadScreen'),
  () => import('../features/profile/EditProfileScreen'),
  () => import('../features/profile/PersonalHomeScreen'),
  () => import('../features/settings/DeleteMessageSettingsScreen'),
  () => import('../features/settings/LanguageSettingsScreen'),
  () => import('../features/settings/MessageSetupScreen'),
  () => import('../features/settings/SettingsScreen'),
  () => import('../features/social/SocialScreen'),
  () => import('../features/system/MaintenanceOverlay'),
  () => import('../features/tasks/TaskScreen'),
  () => import('../features/wallet/CheckoutCardsScreen'),
  () => import('../features/wallet/CoinStore'),
  () => import('../features/wallet/PayResultScreen'),
  () => import('../features/wallet/PaymentHistoryScreen'),
  () => import('../features/wallet/UpiScreens'),
]

let preloaded: Promise<void> | null = null

/** Loads every lazily loaded module of the app once (per module graph); later calls share the load. */
export function preloadLazyModules(): Promise<void> {
  preloaded ??= Promise.all(LAZY_MODULES.map((load) => load())).then(() => undefined)
  return preloaded
}
