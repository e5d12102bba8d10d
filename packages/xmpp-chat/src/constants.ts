/** Login gives up after 10 s (spec §4, §9). */
export const LOGIN_TIMEOUT_MS = 10_000
/** A ping without answer for 2 s disconnects (spec §4, §9). */
export const PING_TIMEOUT_MS = 2_000
/**
 * At most this many XEP-0184 receipts go in one stanza (a stored burst is confirmed per sender in
 * stanzas of up to 100: about 6 KB, far below a server's stanza size limit).
 */
export const RECEIPTS_PER_STANZA = 100
/** Presence is re-sent every 10 s while connected (spec §4). */
export const PRESENCE_HEARTBEAT_MS = 10_000
/**
 * The longest a full login's initial presence waits for `ReadyEvent.holdPresence` (the archive
 * query being sent): a store that is slow to answer never leaves the user looking offline.
 */
export const PRESENCE_HOLD_MAX_MS = 1_000
/** While the session should be connected it is checked every 10 s (spec §9). */
export const RECONNECT_CHECK_MS = 10_000
/** First reconnect check after a failure or a disconnect (spec §4, §9). */
export const RECONNECT_FIRST_CHECK_MS = 500
/** Second reconnect check, 3 s after the first (spec §4, §9). */
export const RECONNECT_SECOND_CHECK_MS = 3_000
/** XMPP resource of the web client (spec §7). */
export const RESOURCE = 'web_fachat'

/** Messaging error texts (spec §8), used as Error messages. */
export const ERROR_NEED_LOGIN = 'need login'
export const ERROR_TIME_OUT = 'time out'
export const ERROR_NULL_JID = 'null jid'
export const ERROR_ONE_CALL_ALLOWED_ONCE = 'one call allowed once'
export const ERROR_XMPP_NOT_CONNECTED = 'xmpp not connected'
export const ERROR_NO_CALL_INSIDE_MAIN_USER = 'no call inside main user'

/** XEP-0199 namespace. */
export const NS_PING = 'urn:xmpp:ping'

/** How long an iq request (vCard get, GiftBuy) waits for its answer (development choice). */
export const REQUEST_TIMEOUT_MS = 10_000

/** SPEC §8: a failed gift purchase. */
export const ERROR_XMPP_SEND_IQ = 'xmpp send iq error'

/** Messages per archive (XEP-0313) page; the server caps it too (Prosody: max_archive_query_results). */
export const ARCHIVE_PAGE_SIZE = 50
/**
 * Catch-up after a gap pages forward in large pages: every query costs the server a read of the whole
 * archive (Prosody's internal storage loads it for each query) and the page is sent only once all of it
 * is read, so a thousand messages missed are one query instead of four (pages of 250) or twenty (50).
 * A server that caps pages lower (`max_archive_query_results`; the local stack's Prosody allows this)
 * still answers: its pages are read one after the other.
 */
export const ARCHIVE_CATCH_UP_PAGE_SIZE = 1000
/**
 * An archive answer is given up (ArchiveError, nothing of it stored) once nothing of it has arrived for
 * this long; a large page on a slow link may take longer than that in all, as long as it keeps coming.
 * The same length as a request's time-out, on purpose, not by accident of value.
 * @alias
 */
export const ARCHIVE_QUIET_MS = REQUEST_TIMEOUT_MS
/** The longest an archive answer may take in all, even while it keeps coming. */
export const ARCHIVE_ANSWER_MAX_MS = 120_000
/**
 * Catch-up starts this long before the newest message stored locally: that date is the sender's
 * clock, the archive's is the server's, and a message is de-duplicated by mid anyway.
 */
export const ARCHIVE_CATCH_UP_MARGIN_MS = 5 * 60_000
