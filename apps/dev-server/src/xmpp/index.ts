import type { Route } from '../http/routes.ts'
import { ANCHOR_CONSOLE_ROUTES } from '../console/anchorConsole.ts'
import { filterRoute } from './filter.ts'

export { startXmppComponents, buyGift, type StartXmppComponentsOptions, type XmppComponents } from './components.ts'
export { filterText, FILTER_PATH, FILTER_WORDS, type FilterVerdict } from './filter.ts'

/** HTTP routes of the XMPP side (mounted through startDevServer's extraRoutes). */
export const XMPP_ROUTES: readonly Route[] = [filterRoute, ...ANCHOR_CONSOLE_ROUTES]
export { setAnchorConsoleXmpp, closeAnchorConsoles } from '../console/anchorConsole.ts'
