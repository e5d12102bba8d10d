import type { TFunction } from 'i18next'
import { describe, expect, it } from 'vitest'
import { DAY_MS } from '../../constants'
import { lastSeenText } from './lastSeen'

/** Shows which key was used and with what, so the test reads the choice, not a translation. */
const t = ((key: string, options?: { when?: string }) => (options?.when ? `${key}(${options.when})` : key)) as unknown as TFunction<'chat'>
const NOW = Date.UTC(2026, 10, 26, 12, 0, 0)
const seen = (agoMs: number) => ({ state: 'seen' as const, at: NOW - agoMs })

describe('lastSeenText', () => {
  it('online, just now under a minute, then minutes, hours and days in the UI language', () => {
    expect(lastSeenText(t, 'en', { state: 'online' }, NOW)).toBe('presence.online')
    expect(lastSeenText(t, 'en', seen(59_000), NOW)).toBe('presence.lastSeenJustNow')
    expect(lastSeenText(t, 'en', seen(60_000), NOW)).toBe('presence.lastSeen(1 minute ago)')
    expect(lastSeenText(t, 'en', seen(59 * 60_000), NOW)).toBe('presence.lastSeen(59 minutes ago)')
    expect(lastSeenText(t, 'en', seen(3 * 3_600_000 + 5), NOW)).toBe('presence.lastSeen(3 hours ago)')
    expect(lastSeenText(t, 'en', seen(DAY_MS + 1), NOW)).toBe('presence.lastSeen(yesterday)')
    expect(lastSeenText(t, 'en', seen(4 * DAY_MS), NOW)).toBe('presence.lastSeen(4 days ago)')
    expect(lastSeenText(t, 'ar', seen(5 * 60_000), NOW)).toBe(`presence.lastSeen(${new Intl.RelativeTimeFormat('ar', { numeric: 'auto' }).format(-5, 'minute')})`)
  })

  it('nothing when hidden or unknown; a time ahead of this clock reads as just now', () => {
    expect(lastSeenText(t, 'en', { state: 'hidden' }, NOW)).toBe('')
    expect(lastSeenText(t, 'en', { state: 'unknown' }, NOW)).toBe('')
    expect(lastSeenText(t, 'en', seen(-30_000), NOW)).toBe('presence.lastSeenJustNow')
  })
})
