import { describe, expect, it } from 'vitest'
import { parsePushNotice } from './notice'
import { isIosDevice, readNotificationPermission, requestNotificationPermission } from './permission'

describe('notification permission', () => {
  it("reads 'granted', 'denied', 'default', or 'unsupported' without the API", () => {
    for (const permission of ['granted', 'denied', 'default'] as const) {
      expect(
        readNotificationPermission({ Notification: { permission, requestPermission: async () => permission } }),
      ).toBe(permission)
    }
    expect(readNotificationPermission({})).toBe('unsupported')
  })

  it('asks and answers the new state; unsupported without the API; never rejects', async () => {
    expect(
      await requestNotificationPermission({
        Notification: { permission: 'default', requestPermission: async () => 'granted' },
      }),
    ).toBe('granted')
    expect(await requestNotificationPermission({})).toBe('unsupported')
    expect(
      await requestNotificationPermission({
        Notification: {
          permission: 'default',
          requestPermission: () => Promise.reject(new TypeError('not allowed')),
        },
      }),
    ).toBe('default')
  })
})

describe('isIosDevice', () => {
  it('recognises iPhone, iPad (also as a touch Mac) and not desktop Mac or Android', () => {
    expect(isIosDevice({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' })).toBe(true)
    expect(isIosDevice({ userAgent: 'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)' })).toBe(true)
    expect(isIosDevice({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', maxTouchPoints: 5 })).toBe(true)
    expect(isIosDevice({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', maxTouchPoints: 0 })).toBe(false)
    expect(isIosDevice({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8)' })).toBe(false)
  })
})

describe('parsePushNotice', () => {
  it('reads from, type, avatarUrl and content from the data', () => {
    expect(
      parsePushNotice({ data: { from: 'anchor_200001@localhost', type: '13', avatarUrl: 'u', content: 'gift' } }),
    ).toEqual({ from: 'anchor_200001@localhost', type: 13, avatarUrl: 'u', content: 'gift' })
  })

  it('falls back to the notification body and empty avatar', () => {
    expect(parsePushNotice({ data: { from: 'a', type: '0' }, notification: { body: 'hello' } })).toEqual({
      from: 'a',
      type: 0,
      avatarUrl: '',
      content: 'hello',
    })
  })

  it('is null without a sender or a numeric type', () => {
    expect(parsePushNotice({})).toBeNull()
    expect(parsePushNotice({ data: { type: '0' } })).toBeNull()
    expect(parsePushNotice({ data: { from: 'a', type: 'text' } })).toBeNull()
    expect(parsePushNotice({ data: { from: 'a' } })).toBeNull()
  })
})
