import type { ComponentType } from 'react'
import type { BrandRouteFlags } from '../brand/brandConfig'

/**
 * The vocabulary of routes: which screen a route shows, a route row and a route as one brand has it.
 * The rows themselves, each with its screen's loader, are in `routes.ts`, which only the app's root
 * imports: screens import this module (through navigation), so it holds no loader, and no screen's
 * chunk ever points back at the table that loads it.
 */

/** Which screen a route shows; each route row says how its screen loads (`load`). */
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

/** A row of the route table (`routes.ts`). */
export interface RouteDefinition {
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
  /**
   * The screen's code, each its own chunk, loaded when the route is first shown (or preloaded with a
   * popup's sheet). Absent only for the landing page, which is in the first load.
   */
  load?: ScreenLoader
}

/** Loads a screen's component (its chunk). */
export type ScreenLoader = () => Promise<ComponentType>


export type TabKey = 'match' | 'discover' | 'messages' | 'history'

/** A route as one brand has it: flags resolved. */
export interface AppRoute {
  path: string
  screen: ScreenKey
  layout: RouteLayout
  popup: boolean
  auth: boolean
  tab?: TabKey | undefined
  payment: boolean
  load?: ScreenLoader | undefined
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
