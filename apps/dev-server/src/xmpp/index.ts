import type { Route } from '../http/routes.ts'
import { filterRoute } from './filter.ts'

export { startXmppComponents, buyGift, type StartXmppComponentsOptions, type XmppComponents } from './components.ts'
export { filterText, FILTER_PATH, FILTER_WORDS, type FilterVerdict } from './filter.ts'

/** HTTP routes of the XMPP side (mounted through startDevServer's extraRoutes). */
export const XMPP_ROUTES: readonly Route[] = [filterRoute]
