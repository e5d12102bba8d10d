import type { PushMessagePayload, PushNotice } from './types'

/**
 * Reads a push notice from a message's data (`from`, `type`, `avatarUrl`, `content`); the
 * notification body stands in for a missing `content`. Null when `from` or a numeric `type` is
 * missing: such a message is not a notice.
 */
export function parsePushNotice(payload: PushMessagePayload): PushNotice | null {
  const data = payload.data ?? {}
  const from = data['from']
  const typeText = data['type']
  if (typeof from !== 'string' || from === '' || typeof typeText !== 'string') return null
  if (!/^\d+$/.test(typeText.trim())) return null
  return {
    from,
    type: Number(typeText.trim()),
    avatarUrl: typeof data['avatarUrl'] === 'string' ? data['avatarUrl'] : '',
    content:
      typeof data['content'] === 'string' ? data['content'] : (payload.notification?.body ?? ''),
  }
}
