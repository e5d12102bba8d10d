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

// ---------- Connection quality (quality.ts) ----------
// The spec gives no figures for these; each says where it comes from.

/**
 * How often the call's statistics are read. Jitsi Meet derives its indicator from statistics gathered
 * every 10 s (its `pcStatsInterval` default); in a paid one-to-one call the user should see trouble
 * sooner, and 2 s still holds about 100 audio packets (Opus sends one per 20 ms) plus the video's, enough
 * for a loss fraction to mean something. `getStats` builds the whole report on the main thread, so
 * polling faster would cost low-end phones more than it tells them.
 */
export const QUALITY_POLL_INTERVAL_MS = 2_000

/**
 * Packet loss (a fraction, 0..1) above which the connection reads 'fair'. Jitsi Meet keeps full bars up
 * to 2 % loss and takes bars away from there on; Opus's in-band FEC and video NACKs hide a few percent,
 * so the first step down comes at 3 %.
 */
export const QUALITY_FAIR_PACKET_LOSS = 0.03

/**
 * Packet loss above which the connection reads 'poor': from 10 % Jitsi Meet drops its indicator to
 * one bar whatever the bitrate, and audio breaks up audibly despite FEC.
 */
export const QUALITY_POOR_PACKET_LOSS = 0.1

/**
 * Round-trip time (ms) above which the connection reads 'fair': ITU-T G.114 takes 150 ms one way as the
 * limit for unimpaired conversation, and LiveKit's E-model scorer starts penalising delay steeply
 * from 160 ms one way, i.e. a round trip of about 300 ms.
 */
export const QUALITY_FAIR_RTT_MS = 300

/**
 * Round-trip time (ms) above which the connection reads 'poor': about 300 ms one way, plus the jitter
 * buffer, comes close to G.114's 400 ms ceiling beyond which people talk over each other.
 */
export const QUALITY_POOR_RTT_MS = 600

/**
 * Decoded frames per second of the other side's video below which the connection reads 'poor' (while
 * that video is expected): under about 5 fps motion stops reading as video and becomes a slide show.
 */
export const QUALITY_POOR_FRAMES_PER_S = 5

/**
 * How many successive better samples it takes before the level shown improves. A worse level shows at
 * once (the user should learn of trouble when it starts); a better one waits for this many samples in
 * a row (4 s at the default interval), so one good reading between bad ones does not flap the bars.
 * Jitsi Meet (at most 2 points a second up) and LiveKit (faster decrease than increase) smooth the same
 * way round.
 */
export const QUALITY_RECOVERY_SAMPLES = 2

/**
 * Sender-side video adaptation (adaptVideoSender). It only ever scales the camera's picture down
 * (scaleResolutionDownBy >= 1), so what is sent never exceeds the camera request of SPEC §9.
 * 'fair': 480x640 becomes 320x427 at up to 20 fps, roughly half the pixels per second.
 */
export const VIDEO_FAIR_SCALE_DOWN_BY = 1.5
export const VIDEO_FAIR_MAX_FRAMERATE = 20

/** 'poor' (and 'lost', so that the video restarts small when the network returns): 240x320 at up to 15 fps. */
export const VIDEO_POOR_SCALE_DOWN_BY = 2
export const VIDEO_POOR_MAX_FRAMERATE = 15

/**
 * Bitrate cap (bit/s) of the 'poor' video, so the encoder's overshoots cannot crowd out the audio.
 * Jitsi's defaults for its lowest layer (up to 270 lines) are 200 kbit/s for VP8 and 400 kbit/s for
 * H.264 at up to 30 fps; our H.264 (SPEC §4) at 240x320 and 15 fps looks acceptable from about 150.
 */
export const VIDEO_POOR_MAX_BITRATE_BPS = 250_000

/**
 * ICE recovery (recovery.ts): how long the first ICE restart waits after the connection reads
 * 'disconnected'. Chromium says so only after seconds without any answer to its connectivity checks
 * (measured: 5.8 s after a relay died), so the path has been dead long enough already; the short wait
 * only lets a 'connected' that arrives at the same moment (a path that healed) win without a restart.
 */
export const ICE_RESTART_FIRST_DELAY_MS = 300

/** ICE restarts before the call is given up (Jitsi Meet also tries three times). */
export const ICE_RESTART_ATTEMPTS = 3

/**
 * Back-off between restarts: 2 s after the first, 4 s after the second, each ±20 % jitter so both
 * ends of many calls cut by one outage do not retry in step. With the first delay the attempts fall
 * about 0.3, 2.3 and 6.3 s after the drop is seen: a hand-over between Wi-Fi and 4G or a relay that
 * is back within a few seconds is caught by one of them.
 */
export const ICE_RESTART_BACKOFF_MS = 2_000
export const ICE_RESTART_JITTER = 0.2

/**
 * Total bound of a recovery, from the drop: then the call ends as 'media-lost'. Past the last attempt
 * with room for it to connect; shorter than the hub's own bound (20 s), so a side that can still
 * speak says why the call ended before the hub ends it.
 */
export const ICE_RECOVERY_BOUND_MS = 15_000

/**
 * Factor applied to the video's scale-down after a recovery, so the encoder restarts with a key frame
 * (a resolution change needs one): 480x640 becomes 475x634, a change nobody sees.
 */
export const VIDEO_KEY_FRAME_NUDGE = 1.01

/** How long an ICE restart waits for fresh TURN credentials from the hub before it uses the old ones. */
export const ICE_SERVERS_REFRESH_TIMEOUT_MS = 3_000

/** Credentials this close to their expiry are renewed before a restart (they must outlive the new allocation's first refresh). */
export const ICE_SERVERS_RENEW_MARGIN_MS = 60_000
