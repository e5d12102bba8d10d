import type { DEFAULT_ACCOUNT_SETTINGS } from '@vchat/api-client'

/** Spec values used by the application shell. Each constant carries the value given in SPEC.md. */

/** SPEC §2: breakpoints in px; "mobile" means xs. Ordered from widest to narrowest. */
export const BREAKPOINTS = { '2xl': 1536, xl: 1280, md: 1024, xs: 0 } as const
export type Breakpoint = keyof typeof BREAKPOINTS

/** SPEC §2: A/B split — users with uid above this value take part. */
export const AB_SPLIT_ABOVE_UID = 264457000

/** SPEC §2: desktop pop-up window size. */
export const POPUP_WINDOW = { width: 600, height: 400 } as const

/** SPEC §4: maintananceStatus equal to 2 means maintenance. */
export const MAINTENANCE_STATUS_ON = 2
/** Maintenance status is re-checked on this interval (ms). */
export const MAINTENANCE_POLL_INTERVAL_MS = 60_000
/** Opening another route re-checks the maintenance status unless it was checked this recently (ms). */
export const MAINTENANCE_RECHECK_ON_NAVIGATION_MS = 10_000

/** SPEC §3: default role of the main user. */
export const DEFAULT_USER_ROLE = 2

/** SPEC §5 / §8: failure reasons of the login flow. */
export const LOGIN_ERROR_INVALID_TOKEN = 'invalid token'
export const LOGIN_ERROR_UNKNOWN = 'unknown reason'

/** SPEC §9: client storage. Drivers are tried IndexedDB → WebSQL → localStorage. */
export const STORAGE_NAME = 'keyvaluepairs'
export const STORAGE_SIZE_BYTES = 4_980_736

/** SPEC §7: XMPP resource of the web client. */
export const XMPP_RESOURCE = 'web_fachat'
/** Messages shown when a thread opens (the last 50; chat-db DEFAULT_THREAD_PAGE_SIZE), and per older page. */
export const CHAT_PAGE_SIZE = 50
/** The conversation's virtualised list: a row's height before it is measured (a one-line bubble with its time). */
export const CHAT_ROW_ESTIMATE_PX = 64
/** Rows rendered beyond each edge of the view, so a quick scroll shows no gap. */
export const CHAT_ROW_OVERSCAN = 8
/** Space between rows and around the list (the list's CSS gap and padding). */
export const CHAT_LIST_GAP_PX = 8
export const CHAT_LIST_PADDING_PX = 12
/** Within this distance of the newest row the view follows new messages. */
export const CHAT_STICK_TO_BOTTOM_PX = 48
/** Scrolled this close to the top, the previous page of history loads. */
export const CHAT_LOAD_OLDER_THRESHOLD_PX = 400
/** uid shown for the local official conversation's account. */
export const OFFICIAL_UID = 'official'
/** SPEC §5: a message to a host counts as a reply within this time of the host's message (10 minutes). */
export const CHAT_REPLY_WINDOW_MS = 10 * 60 * 1000
/** Largest image the composer uploads (bytes); the image host takes up to 5 MB. */
export const CHAT_IMAGE_MAX_BYTES = 5 * 1024 * 1024
/** Image types the composer uploads (the image host's formats). */
export const CHAT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const

/** Key of the redux-persist root record. */
export const PERSIST_KEY = 'vchat'

/**
 * Local storage key of the persisted-session marker: present (`true`) while a signed-in state is
 * persisted, so start-up knows synchronously whether to wait for rehydration (and load localforage).
 */
export const SESSION_MARKER_KEY = 'vchat:session'

/** Local storage key of the device id / web uuid sent as deviceInfo.androidId and webUuid. */
export const DEVICE_ID_STORAGE_KEY = 'vchat:device-id'

/** Session storage flag that prevents a reload loop after a stale chunk (vite:preloadError). */
export const PRELOAD_RELOAD_FLAG_KEY = 'vchat:preload-reload'

/** Payment routes on which messaging login and profile fetch are skipped (SPEC §4). */
export const PAYMENT_ROUTE_PATHS = ['/checkoutCards', '/bindcheckout', '/upi', '/upiprocess', '/payresult'] as const

/** Where a popup route without a background falls back to (SPEC §2: the goddess wall). */
export const POPUP_FALLBACK_PATH = '/goddess'
/** Where the app goes after login when no route was intended. */
export const HOME_AFTER_LOGIN_PATH = '/match'

// ---- account: tasks, settings, profile, small pages, install ----

/** SPEC §4: task status 2 means claimable (a red dot shows). */
export const TASK_CLAIMABLE_STATUS = 2
/** SPEC §4: check-in status 3 means completed. */
export const CHECK_IN_COMPLETED_STATUS = 3
/** The countdown to the next check-in ticks every second (ms). */
export const COUNTDOWN_TICK_MS = 1000
/** Local storage key of the SPEC §3 settings. */
export const SETTINGS_STORAGE_KEY = 'vchat:settings'
/**
 * SPEC §3 / §5: show_translate is 'on' or 'off', default on; translation shows only when 'on'. The
 * contract's default, restated because build tools load this module without the workspace packages;
 * the compiler checks that the two agree.
 */
export const SHOW_TRANSLATE_DEFAULT = 'on' satisfies (typeof DEFAULT_ACCOUNT_SETTINGS)['show_translate']
/** Local storage key of the remembered cookie consent. */
export const COOKIE_CONSENT_STORAGE_KEY = 'vchat:cookie-consent'
/** Largest avatar the image host takes (bytes). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024

/** SPEC §1 virtual host status by the viewer's local hour: [from, to) hours; every other time offline. */
export const VIRTUAL_STATUS_SCHEDULE = [
  { from: 0, to: 8, status: 'sleeping' },
  { from: 8, to: 9, status: 'dining' },
  { from: 9, to: 12, status: 'outdoor' },
  { from: 12, to: 13, status: 'dining' },
  { from: 13, to: 15, status: 'private' },
  { from: 17, to: 18, status: 'dining' },
] as const

/** SPEC §9 flags; any other country shows the global flag. */
export const FLAG_COUNTRIES = [
  'BH', 'OM', 'GB', 'SA', 'DE', 'AE', 'QA', 'KW', 'IN', 'FR', 'EG', 'US', 'AU', 'CA', 'DK',
  'IE', 'IT', 'NZ', 'CH', 'TR', 'BR', 'MX', 'PE', 'AT', 'SE', 'NO', 'ES', 'NL', 'NG',
] as const

/** SPEC §2 goddess wall language filter tabs. */
export const DISCOVER_LANGUAGES = ['all', 'en', 'ar', 'hi', 'tr', 'fr', 'es'] as const

/** Presence refresh while the page is visible: hosts (multi_online_status) and an open conversation's peer (last seen); our choice. */
export const PRESENCE_POLL_MS = 30_000
/** multi_online_status takes 1–100 jids per call (API contract). */
export const PRESENCE_BATCH = 100
/** Hosts per list page (API contract: 1–50). */
export const DISCOVER_PAGE_SIZE = 50
/** Swipe cards fetched per batch. */
export const SWIPE_BATCH = 10
/** Longest "about" text a profile keeps. */
export const ABOUT_MAX_LENGTH = 300
/** Nickname length 1–32 (update_manual_personal_info_v2 validation). */
export const NICKNAME_MAX_LENGTH = 32
/** Local storage key of how long chat messages are kept on this device. */
export const MESSAGE_RETENTION_STORAGE_KEY = 'vchat:message-retention'

/** One day in milliseconds (the delete-messages schedule counts in days). */
export const DAY_MS = 86_400_000

/** Folder of the country flag pictures under the app's base URL (`/flags/<CODE>.svg`, vite/flagsPlugin.ts). */
export const FLAGS_DIR = 'flags'
