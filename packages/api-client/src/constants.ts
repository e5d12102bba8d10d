/** SPEC §9 values used by the API client. Each constant carries the spec's value. */

/** Request time-out (SPEC §9: 10000 ms). */
export const REQUEST_TIMEOUT_MS = 10_000
/** Retries by default (SPEC §9: 3). */
export const DEFAULT_RETRIES = 3
/** Base of the exponential retry delay (SPEC §9: 100 ms, doubled per attempt). */
export const RETRY_BASE_DELAY_MS = 100
/** Largest random addition to an exponential delay, as a fraction of it (SPEC §9: up to 20%). */
export const RETRY_JITTER = 0.2
/** Length of the X-Request-Id value (SPEC §7/§9: random 21 characters). */
export const REQUEST_ID_LENGTH = 21
/** Channel code (SPEC §9: 'B1'). */
export const CHANNEL = 'B1'
/** Web package version (SPEC §9: 1.0.0). */
export const WEB_VERSION = '1.0.0'
/** Query-string parser limits (SPEC §9: 1000 parameters, array limit 20, depth 5). */
export const QUERY_PARAMETER_LIMIT = 1000
export const QUERY_ARRAY_LIMIT = 20
export const QUERY_DEPTH = 5
/** Auth token expiry buffer (SPEC §9: 1 hour). */
export const TOKEN_EXPIRY_BUFFER_MS = 3_600_000
/** Role of a visitor and default role of a user (SPEC §3: default 2). */
export const DEFAULT_ROLE = 2
/** The only call whose deviceInfo keeps fbp and fbc (SPEC §7). */
export const ORDER_CREATION_PATH = '/api/payment_service/create_order'
/** Message of a rejected product result (SPEC §8). */
export const BACKEND_ERROR_MESSAGE = 'the backend request error'
/** HTTP success: 200–299 or 304 (SPEC §7). */
export const HTTP_NOT_MODIFIED = 304
/** Avatar, host profile and discover wall image quality (SPEC §9: 480 px). */
export const IMAGE_QUALITY_PX = 480
/** How the quality is asked of the image host: this query parameter with `image/resize,w_<px>`. */
export const IMAGE_QUALITY_PARAM = 'x-oss-process'
/** Random part of an uploaded image's file name (SPEC §5: 32 hex characters). */
export const UPLOAD_NAME_HEX_LENGTH = 32
/** Path of the upload on the image host (SPEC §7). */
export const UPLOAD_PATH = '/upload'
