/** Values from the product specification (SPEC §4, §8, §9). */

/** SPEC §4/§9: a call still connecting after 60 s fails with time out. */
export const CALL_SETUP_TIMEOUT_MS = 60_000

/** SPEC §4/§9: once connected, a heartbeat goes every 5 s. */
export const CALL_HEARTBEAT_INTERVAL_MS = 5_000

/**
 * How long `checkAlive` waits for the hub's answer to `CallCheck` before it takes the call for gone.
 * The spec gives no figure; this is its messaging login time-out (SPEC §9: 10 s), the longest a
 * server round trip is given anywhere in the product.
 */
export const CALL_CHECK_TIMEOUT_MS = 10_000

/** SPEC §9: camera request ideal 480x640 (width x height). */
export const CAMERA_IDEAL_WIDTH = 480
export const CAMERA_IDEAL_HEIGHT = 640

/** SPEC §9: camera request max 720x1280 (width x height). */
export const CAMERA_MAX_WIDTH = 720
export const CAMERA_MAX_HEIGHT = 1280

/** SPEC §4: H264 video codec is preferred. */
export const PREFERRED_VIDEO_MIME_TYPE = 'video/H264'

/** SPEC §8: cancel reason sent by the hub when the caller cannot pay. */
export const CANCEL_REASON_GEMS_INSUFFICIENT = 'gems-insufficient'

/** SPEC §8: translation key shown for 'Gems insufficient'. */
export const I18N_KEY_GEMS_INSUFFICIENT = 'on_call_insuffic'
