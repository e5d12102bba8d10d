import type { BrandRouteFlags } from '../brand/brandConfig'

/** Which screen a route shows. Screens are mapped to lazy components in `screens.tsx`. */
export type ScreenKey =
  | 'landing'
  | 'onlineVideoChat'
  | 'match'
  | 'goddess'
  | 'download'
  | 'message'
  | 'callRecord'
  | 'task'
  | 'domain'
  | 'call'
  | 'login'
  | 'userPassword'
  | 'video'
  | 'videoView'
  | 'friendRequests'
  | 'deleteMessageSettings'
  | 'paymentHistory'
  | 'anchorProfile'
  | 'languageSettings'
  | 'personalHome'
  | 'settings'
  | 'club'
  | 'silverAnchor'
  | 'editProfile'
  | 'messageSetup'
  | 'videoTest'
  | 'chatPreview'
  | 'checkoutCards'
  | 'bindCheckout'
  | 'upi'
  | 'upiProcess'
  | 'payResult'

/** `home`: under the home layout (tabs); `top`: a full page outside it. */
export type RouteLayout = 'home' | 'top'

type Flag = boolean | ((flags: BrandRouteFlags) => boolean)

interface RouteDefinition {
  path: string
  screen: ScreenKey
  layout: RouteLayout
  /** Keeps the earlier page visible behind it (SPEC §2). */
  popup: boolean
  /** Requires login (SPEC §2). */
  auth: Flag
  /** Present in the brand? (default: always) */
  enabled?: (flags: BrandRouteFlags) => boolean
  /** The tab this route belongs to, if any. */
  tab?: TabKey
  /** Payment screens: messaging login is skipped there (SPEC §4). */
  payment?: boolean
}

export type TabKey = 'match' | 'discover' | 'messages' | 'history'

/** SPEC §2, the one definition of every route. */
const ROUTE_DEFINITIONS: readonly RouteDefinition[] = [
  { path: '/', screen: 'landing', layout: 'home', popup: false, auth: false },
  { path: '/onlinevideochat', screen: 'onlineVideoChat', layout: 'home', popup: true, auth: false },
  { path: '/match', screen: 'match', layout: 'home', popup: true, auth: true, tab: 'match' },
  { path: '/goddess', screen: 'goddess', layout: 'home', popup: false, auth: true, tab: 'discover' },
  { path: '/download', screen: 'download', layout: 'home', popup: false, auth: false },
  { path: '/message', screen: 'message', layout: 'home', popup: false, auth: true, tab: 'messages' },
  { path: '/callrecord', screen: 'callRecord', layout: 'home', popup: false, auth: true, tab: 'history' },
  { path: '/task', screen: 'task', layout: 'home', popup: false, auth: (f) => f.task.auth },
  { path: '/domain', screen: 'domain', layout: 'home', popup: false, auth: (f) => f.domain.auth },
  { path: '/call/:uid', screen: 'call', layout: 'home', popup: false, auth: true },
  { path: '/login', screen: 'login', layout: 'home', popup: true, auth: false },
  { path: '/userpassword', screen: 'userPassword', layout: 'home', popup: true, auth: false },
  { path: '/video/:uid', screen: 'video', layout: 'home', popup: true, auth: true },
  { path: '/videoview', screen: 'videoView', layout: 'home', popup: true, auth: true },
  { path: '/friendreq', screen: 'friendRequests', layout: 'home', popup: false, auth: true },
  { path: '/deletemessagesettings', screen: 'deleteMessageSettings', layout: 'home', popup: false, auth: true },
  { path: '/paymenthistory', screen: 'paymentHistory', layout: 'home', popup: false, auth: true },
  { path: '/anchorprofile', screen: 'anchorProfile', layout: 'home', popup: false, auth: true },
  { path: '/languagesettings', screen: 'languageSettings', layout: 'home', popup: false, auth: true },
  { path: '/personalhome', screen: 'personalHome', layout: 'home', popup: false, auth: true },
  { path: '/settings', screen: 'settings', layout: 'home', popup: false, auth: true },
  { path: '/club', screen: 'club', layout: 'home', popup: false, auth: (f) => f.club.auth },
  { path: '/silveranchor', screen: 'silverAnchor', layout: 'home', popup: true, auth: false },
  { path: '/editprofile', screen: 'editProfile', layout: 'home', popup: false, auth: true },
  { path: '/messageSetup', screen: 'messageSetup', layout: 'home', popup: false, auth: true, enabled: (f) => f.messageSetup },
  // Top-level routes outside the layout.
  { path: '/test', screen: 'videoTest', layout: 'top', popup: false, auth: false },
  { path: '/preview', screen: 'chatPreview', layout: 'top', popup: false, auth: false },
  { path: '/checkoutCards', screen: 'checkoutCards', layout: 'top', popup: false, auth: false, payment: true },
  { path: '/bindcheckout', screen: 'bindCheckout', layout: 'top', popup: false, auth: false, payment: true },
  { path: '/upi', screen: 'upi', layout: 'top', popup: false, auth: false, payment: true },
  { path: '/upiprocess', screen: 'upiProcess', layout: 'top', popup: false, auth: false, payment: true },
  { path: '/payresult', screen: 'payResult', layout: 'top', popup: false, auth: false, payment: true },
]

/** A route as one brand has it: flags resolved. */
export interface AppRoute {
  path: string
  screen: ScreenKey
  layout: RouteLayout
  popup: boolean
  auth: boolean
  tab?: TabKey | undefined
  payment: boolean
}

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
  }))
}

/** The bottom tabs (SPEC §2: cards/match, list, messages, history) in display order. */
export const TAB_ORDER: readonly { key: TabKey; path: string }[] = [
  { key: 'match', path: '/match' },
  { key: 'discover', path: '/goddess' },
  { key: 'messages', path: '/message' },
  { key: 'history', path: '/callrecord' },
]

function segmentsMatch(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean)
  const have = pathname.split('/').filter(Boolean)
  if (want.length !== have.length) return false
  return want.every((segment, index) => segment.startsWith(':') || segment.toLowerCase() === have[index]?.toLowerCase())
}

/** The route a pathname belongs to, or undefined. */
export function findRoute(routes: readonly AppRoute[], pathname: string): AppRoute | undefined {
  return routes.find((route) => segmentsMatch(route.path, pathname))
}
