import type { Route } from '../http/routes.ts'
import { ANCHOR_CONSOLE_ROUTES } from '../console/anchorConsole.ts'
import { filterRulesRoutes } from './filterRules.ts'

export { startXmppComponents } from './components.ts'
export { createIceIssuer, iceDevRoutes } from './iceServers.ts'

/** HTTP routes of the XMPP side (mounted through startDevServer's extraRoutes). */
export const XMPP_ROUTES: readonly Route[] = [...filterRulesRoutes, ...ANCHOR_CONSOLE_ROUTES]
import { closeAnchorConsoles as closeConsoles, setAnchorConsoleXmpp as setConsoleXmpp, type AnchorConsoleXmpp } from '../console/anchorConsole.ts'
import { setAutoReplyXmpp } from './autoReplyRuntime.ts'


/** Where the anchors' sessions connect (console and auto replies); null when Prosody is down. */
export function setAnchorConsoleXmpp(target: AnchorConsoleXmpp | null): void {
  setConsoleXmpp(target)
  void setAutoReplyXmpp(target)
}

/** Ends every anchor session: the console's and the auto replies'. */
export async function closeAnchorConsoles(): Promise<void> {
  await setAutoReplyXmpp(null)
  await closeConsoles()
}
