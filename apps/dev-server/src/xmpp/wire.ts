/**
 * The part of the client's wire vocabulary (`@vchat/xmpp-chat/wire`) the dev-server speaks.
 *
 * Why a mirror and not a value import: the dev-server runs straight from source on Node
 * (`node src/stack/cli.ts`), where `@vchat/xmpp-chat/wire` would resolve to the package's build
 * output, which a fresh checkout does not have. Each value is checked against the client's
 * definition by the compiler (`satisfies typeof Wire.X`, the constants are literal types), so
 * `pnpm typecheck` fails the moment the two sides disagree; the import is type-only and erased.
 */
import type * as Wire from '@vchat/xmpp-chat/wire'

export const NS_GIFT = 'urn:vchat:gift:1' satisfies typeof Wire.NS_GIFT
export const GIFT_BUY_ELEMENT = 'giftBuy' satisfies typeof Wire.GIFT_BUY_ELEMENT
export const GIFT_ERROR_GEMS_INSUFFICIENT = 'gems-insufficient' satisfies typeof Wire.GIFT_ERROR_GEMS_INSUFFICIENT
export const NS_CALL = 'urn:vchat:call:1' satisfies typeof Wire.NS_CALL
export const CALL_ELEMENT = 'call' satisfies typeof Wire.CALL_ELEMENT
export const NS_FILTER = 'urn:vchat:filter:1' satisfies typeof Wire.NS_FILTER
export const SENSITIVE_ELEMENT = 'sensitive' satisfies typeof Wire.SENSITIVE_ELEMENT
export const NS_STANZAS = 'urn:ietf:params:xml:ns:xmpp-stanzas' satisfies typeof Wire.NS_STANZAS
export const FILTER_ERROR_BLOCKED = 'blocked' satisfies typeof Wire.FILTER_ERROR_BLOCKED
export const CALL_ERROR_BLOCKED = 'blocked' satisfies typeof Wire.CALL_ERROR_BLOCKED

export const SENSITIVE_DISCARD = 1 satisfies typeof Wire.SENSITIVE_DISCARD
export const SENSITIVE_SENSITIVE = 2 satisfies typeof Wire.SENSITIVE_SENSITIVE
export const SENSITIVE_OFFLINE = 4 satisfies typeof Wire.SENSITIVE_OFFLINE
export const SENSITIVE_PORN = 8 satisfies typeof Wire.SENSITIVE_PORN
