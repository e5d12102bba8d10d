import type { TFunction } from 'i18next'
import { DAY_MS } from '../../constants'
import type { PeerLastSeen } from './chatState'

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS

/**
 * The conversation header's presence line: "online", "last seen 5 minutes ago", "last seen
 * yesterday" (Intl.RelativeTimeFormat in the UI language), or nothing when it is hidden or unknown.
 * Under a minute reads "last seen just now" rather than Intl's "this minute".
 */
export function lastSeenText(t: TFunction<'chat'>, language: string, lastSeen: PeerLastSeen, now: number): string {
  if (lastSeen.state === 'online') return t('presence.online')
  if (lastSeen.state !== 'seen') return ''
  const ago = Math.max(0, now - lastSeen.at)
  if (ago < MINUTE_MS) return t('presence.lastSeenJustNow')
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' })
  const when =
    ago < HOUR_MS
      ? format.format(-Math.floor(ago / MINUTE_MS), 'minute')
      : ago < DAY_MS
        ? format.format(-Math.floor(ago / HOUR_MS), 'hour')
        : format.format(-Math.floor(ago / DAY_MS), 'day')
  return t('presence.lastSeen', { when })
}
