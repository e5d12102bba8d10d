/**
 * How long a string the product API accepts, in one place: the request envelope's fields here, and
 * each endpoint's own fields in its schema (`schemas/<service>.ts`, with the named maxima of
 * `types/`). A backend refuses a longer value with HTTP 400 naming the field, before any work; a
 * client can use the same numbers for its inputs. Our figures (SPEC §7 names the fields, not their
 * sizes): each is well above what a real client sends, so only garbage is refused.
 */
export const ENVELOPE_LIMITS = {
  /** A language tag (BCP 47 allows long private-use tags; real ones are under 20). */
  language: 35,
  /** The user agent, sent as deviceInfo.fingerprint. */
  userAgent: 1024,
  /** Device and vendor identifiers: androidId, webUuid, adid, gaClientId. */
  identifier: 128,
  /** An IANA time zone name. */
  timezoneId: 64,
  deviceModel: 128,
  /** The ad click ids sent with an order (fbp, fbc). */
  clickId: 512,
  /** clientInfo.channel, versionCode, versionName. */
  clientLabel: 32,
  /** clientInfo.pkgName. */
  packageName: 128,
  /** clientInfo.host: a host name (DNS allows 253). */
  host: 253,
  /** userInfo.id: a uid. */
  uid: 32,
  /** userInfo.jid (as the `jid` rule of every endpoint). */
  jid: 200,
  /** userInfo.vcToken. */
  token: 4096,
  /** Screen sides in CSS pixels. */
  screenSide: 100_000,
  /** Minutes from UTC either way (real zones are within ±14 h). */
  timezoneOffsetMinutes: 24 * 60,
} as const
