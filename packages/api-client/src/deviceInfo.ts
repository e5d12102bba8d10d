import type { DeviceInfo } from '@vchat/contract'

/** What the browser (or a test) knows; everything is passed in, nothing is read from globals. */
export interface DeviceEnvironment {
  /** navigator.userAgent; also sent as the fingerprint (SPEC §7). */
  userAgent: string
  /** The browser language (navigator.language). */
  localLanguage: string
  /** The interface language chosen in the app. */
  configLanguage: string
  screenWidth: number
  screenHeight: number
  /** IANA time zone id, e.g. Intl.DateTimeFormat().resolvedOptions().timeZone. */
  timezoneId: string
  /** The device id of the fingerprint library (stored locally); sent as `androidId`. */
  deviceId: string
  /** The Google Analytics client id; default '' (no Google Analytics). */
  gaClientId?: string
  /**
   * The attribution vendor's web uuid for this browser (@vchat/analytics: `attribution.getWebUuid()`);
   * default '' (unknown, or no attribution).
   */
  webUuid?: string
  /**
   * The attribution vendor's advertising device id, `adid` (@vchat/analytics: `attribution.getAdid()`);
   * default '' (unknown, or no attribution).
   */
  adid?: string
  /** The Meta pixel cookies `_fbp` / `_fbc`; kept only for `payment_service/create_order`. */
  fbp?: string
  fbc?: string
  /** The moment whose UTC offset is sent (default now). */
  at?: Date
}

/** SPEC §7: platform is ios or android; Apple devices are ios, everything else android. */
export function platformFromUserAgent(userAgent: string): 'ios' | 'android' {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios'
  // iPadOS reports a Macintosh user agent with touch support; desktop Safari/Mac is Apple too.
  if (/Macintosh|Mac OS X/i.test(userAgent) && !/Android/i.test(userAgent)) return 'ios'
  return 'android'
}

/** A short device model from the user agent: iPhone, iPad, the Android model, or 'web'. */
export function deviceModelFromUserAgent(userAgent: string): string {
  const apple = /\b(iPhone|iPad|iPod)\b/.exec(userAgent)
  if (apple?.[1]) return apple[1]
  const android = /Android [^;)]*;\s*([^;)]+?)(?:\s+Build\/[^;)]*)?\)/.exec(userAgent)
  const model = android?.[1]?.trim()
  if (model && model !== 'K' && model !== 'wv') return model
  return 'web'
}

/** Minutes east of UTC of an IANA time zone at a moment (330 for Asia/Kolkata); 0 when unknown. */
export function timezoneOffsetMinutes(timezoneId: string, at: Date = new Date()): number {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: timezoneId, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value
    const match = /GMT([+-])(\d{1,2})(?::?(\d{2}))?/.exec(part ?? '')
    if (!match) return 0
    const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0)
    return match[1] === '-' ? -minutes : minutes
  } catch {
    return 0
  }
}

/** Builds the SPEC §7 deviceInfo from what the browser knows. */
export function createDeviceInfo(env: DeviceEnvironment): DeviceInfo {
  return {
    localLanguage: env.localLanguage,
    configLanguage: env.configLanguage,
    fingerprint: env.userAgent,
    androidId: env.deviceId,
    screenHeight: env.screenHeight,
    screenWidth: env.screenWidth,
    timezoneId: env.timezoneId,
    timezoneOffset: timezoneOffsetMinutes(env.timezoneId, env.at),
    platform: platformFromUserAgent(env.userAgent),
    gaClientId: env.gaClientId ?? '',
    deviceModel: deviceModelFromUserAgent(env.userAgent),
    webUuid: env.webUuid ?? '',
    adid: env.adid ?? '',
    ...(env.fbp === undefined ? {} : { fbp: env.fbp }),
    ...(env.fbc === undefined ? {} : { fbc: env.fbc }),
  }
}
