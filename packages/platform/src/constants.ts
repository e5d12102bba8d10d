/** Values from the product specification (SPEC §4, §7, §9) and our own choices, marked as such. */

/** SPEC §4, §9: the push token is uploaded again (and refreshed) after 7 days. */
export const PUSH_TOKEN_REFRESH_MS = 7 * 24 * 60 * 60 * 1_000

/** SPEC §9: a pending installation (token) request gives up after 10 s. */
export const INSTALLATION_REQUEST_TIMEOUT_MS = 10_000

/**
 * SPEC §9: an installation auth token is renewed 1 hour before it expires. Applied inside the
 * Firebase Installations SDK itself; kept here so the value is on record.
 */
export const AUTH_TOKEN_EXPIRY_BUFFER_MS = 60 * 60 * 1_000

/** Where the last uploaded push token is stored (our choice). */
export const PUSH_TOKEN_STORAGE_KEY = 'vchat_push_token'

/** SPEC §7: Google sign-in scopes. */
export const GOOGLE_SCOPES = 'email profile openid'

/** Google Identity Services client library. */
export const GOOGLE_IDENTITY_SCRIPT_URL = 'https://accounts.google.com/gsi/client'

/** `channel` of a Google login request (our choice; the server records it). */
export const GOOGLE_LOGIN_CHANNEL = 'google'
