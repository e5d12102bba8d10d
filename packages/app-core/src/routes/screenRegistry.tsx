import { lazy } from 'react'
import type { ReactNode } from 'react'
import type { ScreenKey } from './routeTable'
import { accountScreen, preloadAccountScreen } from '../features/pages/accountScreens'
import { discoverScreen, preloadDiscoverScreen } from '../features/discover/screens'
import { preloadWalletScreen, walletScreen } from '../features/wallet/screens'

// Every screen but the landing page, each its own chunk. This registry is itself loaded on demand
// (`./screens`): a visitor on the landing page downloads neither it nor its chunk list.
const loadLogin = () => import('../features/auth/LoginScreen')
const loadMatch = () => import('../features/match/MatchScreen')
const loadComingSoon = () => import('../features/placeholder/ComingSoonScreen')
const loadMessage = () => import('../features/chat/MessageScreen')
const loadChatPreview = () => import('../features/chat/ChatPreviewScreen')
const CallScreen = lazy(() => import('../features/call/CallScreen').then((m) => ({ default: m.CallRouteScreen })))
const loadCallRecord = () => import('../features/callrecord/CallRecordScreen')
const CallRecordScreen = lazy(() => loadCallRecord().then((m) => ({ default: m.CallRecordScreen })))

const LoginScreen = lazy(() => loadLogin().then((m) => ({ default: m.LoginScreen })))
const MatchScreen = lazy(() => loadMatch().then((m) => ({ default: m.MatchScreen })))
const ComingSoonScreen = lazy(() => loadComingSoon().then((m) => ({ default: m.ComingSoonScreen })))
const MessageScreen = lazy(() => loadMessage().then((m) => ({ default: m.MessageScreen })))
const ChatPreviewScreen = lazy(() => loadChatPreview().then((m) => ({ default: m.ChatPreviewScreen })))

/**
 * Starts downloading a screen's code ahead of rendering it (e.g. together with the popup sheet, so the
 * two chunks load side by side rather than one after the other). Errors surface when it renders.
 */
export function preloadRegisteredScreen(screen: ScreenKey): void {
  if (preloadDiscoverScreen(screen)) return
  if (preloadWalletScreen(screen)) return
  if (preloadAccountScreen(screen)) return
  if (screen === 'callRecord') {
    loadCallRecord().catch(() => undefined)
    return
  }
  const load = screen === 'message' ? loadMessage : screen === 'chatPreview' ? loadChatPreview : screen === 'landing' ? null : screen === 'login' || screen === 'userPassword' ? loadLogin : screen === 'match' ? loadMatch : loadComingSoon
  load?.().catch(() => undefined)
}

/** The element of a screen other than the landing page. Screens of later work show an honest "coming soon" state. */
export function registeredScreen(screen: ScreenKey): ReactNode {
  if (discoverScreen(screen) !== null) return discoverScreen(screen)
  if (walletScreen(screen) !== null) return walletScreen(screen)
  if (accountScreen(screen) !== null) return accountScreen(screen)
  switch (screen) {
    case 'login':
      return <LoginScreen mode="choices" />
    case 'userPassword':
      return <LoginScreen mode="password" />
    case 'message':
      return <MessageScreen />
    case 'chatPreview':
      return <ChatPreviewScreen />
    case 'match':
      return <MatchScreen />
    case 'video':
    case 'call':
    case 'videoView':
    case 'videoTest':
      return <CallScreen />
    case 'callRecord':
      return <CallRecordScreen />
    default:
      return <ComingSoonScreen screen={screen} />
  }
}

/** `registeredScreen` as a component, what `./screens` loads lazily. */
export function RegisteredScreen({ screen }: { screen: ScreenKey }) {
  return registeredScreen(screen)
}
