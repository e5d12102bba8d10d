/** Values of the local backend. SPEC §9 values are marked; the rest are development choices. */

/** Default port of the product API. */
export const DEFAULT_API_PORT = 8787
/** Default port of Prosody's websocket (HTTP) listener. */
export const DEFAULT_WS_PORT = 5280
/** Local XMPP domain; components live at hub.<domain> and gift.<domain>. */
export const DEFAULT_XMPP_DOMAIN = 'localhost'
/** How long a vcToken stays valid (a week). */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000
/** Bytes of randomness in a vcToken (hex encoded, so twice as many characters). */
export const TOKEN_BYTES = 32
/** Largest request body accepted. */
export const MAX_BODY_BYTES = 1024 * 1024
/** Password used by every seeded account. */
export const SEED_PASSWORD = 'demo1234'
/** scrypt cost parameters for stored passwords. */
export const SCRYPT_N = 16384
export const SCRYPT_R = 8
export const SCRYPT_P = 1
export const SCRYPT_KEY_LENGTH = 32
/** Default role of a user (SPEC §3). */
export const DEFAULT_ROLE = 2
/**
 * Gems a paid image costs to unlock (our rule; SPEC §3 only names an image's payPrice). The server
 * charges this whatever a message or a client says; a client that shows another price is told the
 * real one and asked again.
 */
export const IMAGE_UNLOCK_PRICE = 30
/** Private photos per host (the album a host sells from; world/paidImages.ts). */
export const PRIVATE_PHOTO_COUNT = 3
/** How long a signed URL of an unlocked private photo shows it (world/paidImages.ts). */
export const PAID_IMAGE_VIEW_TTL_MS = 10 * 60_000
/** Free first call offered to a user who never paid (development values; SPEC: from the server). */
export const FREE_FIRST_CALL_TIMES = 1
export const FREE_FIRST_CALL_DURATION_S = 60
export const SILVER_CALL_DURATION_S = 60
/**
 * Silver earned per minute paid in gems in a call with a club host (our rule; SPEC names silver and
 * the club, not how silver is earned): credited by the hub when the call ends, with a `club_call`
 * reward record, and announced to clients in the config (`silverPerPaidClubMinute`).
 */
export const SILVER_PER_PAID_CLUB_MINUTE = 5
/** Database file name inside the data folder. */
export const DATABASE_FILE = 'vchat.sqlite'
/** Gems of each day of the 7-day check-in cycle (development values; SPEC: from the server). */
export const CHECK_IN_REWARDS: readonly number[] = [10, 10, 20, 20, 30, 30, 50]
/** A pending order expires after 30 minutes. */
export const ORDER_TTL_MS = 30 * 60 * 1000
/** Favourites a free / paid user may keep. */
export const FAVORITE_LIMIT_FREE = 20
export const FAVORITE_LIMIT_PAID = 100
/** Silver club calls per day for a free / paid user. */
export const CLUB_CALLS_FREE = 1
export const CLUB_CALLS_PAID = 3
/**
 * Paid-user free call (SPEC §3; development values). The switch is the config's
 * `commonConfig.enablePaidUserFreeCall`, and the hub and paid_user_free_call obey the same value:
 * off, nobody has a paid-user free call left.
 */
export const PAID_USER_FREE_CALL_ENABLED = true
export const PAID_FREE_CALL_TIMES = 1
export const PAID_FREE_CALL_DURATION_S = 60
export const RECHARGE_REMINDER_S = 45
export const MATCH_TO_FLASH_S = 15
/** Largest upload to the image host. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024
/**
 * First-purchase bonus: shown with the payment channels while the user has no successful order, and
 * credited by the server on that first success (`firstPurchaseBonus` in world/payments.ts).
 */
export const FIRST_RECHARGE_BONUS_PERCENT = 20

/** Most messages one anchor-console burst send may carry (`POST /dev/anchor/send {contents}`). */
export const CONSOLE_BURST_MAX = 2000
/** How long a CDN or the browser may reuse the public wall: presence changes by the minute. */
export const PUBLIC_WALL_MAX_AGE_S = 30

/**
 * Password login throttling (`src/auth/loginThrottle.ts`; development choices). Wrong passwords are
 * counted per uid and per client address over a sliding window. Once a uid reaches its limit it is
 * locked for LOGIN_FIRST_LOCK_MS; every further wrong password after a lock locks it again for twice
 * as long, up to LOGIN_MAX_LOCK_MS, until a whole window passes without a failure after the last lock
 * (or, for a uid, until its right password gets in). An address gets a larger allowance, because
 * several people may share one. While locked, even the right password is refused unchecked.
 */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000
export const LOGIN_UID_FAILURE_LIMIT = 5
export const LOGIN_ADDRESS_FAILURE_LIMIT = 20
export const LOGIN_FIRST_LOCK_MS = 30 * 1000
export const LOGIN_MAX_LOCK_MS = 15 * 60 * 1000
/** uids (and, apart, addresses) whose failures are remembered at once; the least recently failed go first. */
export const LOGIN_THROTTLE_MAX_ENTRIES = 10_000

/**
 * Replays by X-Request-Id (`src/http/replays.ts`): how long the answer of a signed-in product request
 * is kept for a repeat with the same id, and how many answers (and bytes of them) at most; the oldest
 * go first. A retry comes within seconds; ten minutes also covers a phone that lost its connection.
 */
export const REPLAY_TTL_MS = 10 * 60 * 1000
export const REPLAY_MAX_ENTRIES = 10_000
export const REPLAY_MAX_BYTES = 32 * 1024 * 1024
/** Longest X-Request-Id kept as a replay key (ours are 21 characters; SPEC §9). */
export const REQUEST_ID_MAX_LENGTH = 128
