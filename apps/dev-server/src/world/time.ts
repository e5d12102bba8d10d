/** Day logic in the user's own time zone (deviceInfo.timezoneOffset, minutes east of UTC). */

export const DAY_MS = 86_400_000
/** Real offsets lie within UTC−12:00 … UTC+14:00; anything else is clamped. */
const MAX_OFFSET_MINUTES = 14 * 60

function clampOffset(offsetMinutes: number): number {
  if (!Number.isFinite(offsetMinutes)) return 0
  return Math.max(-MAX_OFFSET_MINUTES, Math.min(MAX_OFFSET_MINUTES, Math.round(offsetMinutes)))
}

/** The number of the user's local day (days since 1970-01-01 in their zone). */
export function localDay(now: number, offsetMinutes: number): number {
  return Math.floor((now + clampOffset(offsetMinutes) * 60_000) / DAY_MS)
}

/** UTC ms at which the user's local day `day` starts. */
export function dayStart(day: number, offsetMinutes: number): number {
  return day * DAY_MS - clampOffset(offsetMinutes) * 60_000
}

/** Whole seconds (rounded up, at least 1) until the user's next local midnight. */
export function secondsToNextDay(now: number, offsetMinutes: number): number {
  const next = dayStart(localDay(now, offsetMinutes) + 1, offsetMinutes)
  return Math.max(1, Math.ceil((next - now) / 1000))
}
