import { describe, expect, it } from 'vitest'
import { CHAT_IMAGE_MAX_BYTES, CHAT_IMAGE_TYPES } from '../../constants'
import { callOutcome, checkImageFile, formatDuration } from './messageView'

describe('call records', () => {
  it('answered calls have a duration from connect to end; declined and missed ones say so', () => {
    expect(callOutcome({ startTime: 1000, connectingTime: 5000, endTime: 65_000, reason: 'hang up' })).toEqual({ kind: 'answered', seconds: 60 })
    expect(callOutcome({ startTime: 1000, endTime: 3_601_000 })).toEqual({ kind: 'answered', seconds: 3600 })
    expect(callOutcome({ connectingTime: 0, endTime: 5000, reason: 'rejected', rejectType: 'busy' })).toEqual({ kind: 'declined' })
    expect(callOutcome({ reason: 'declined' })).toEqual({ kind: 'declined' })
    expect(callOutcome({ connectingTime: 0, endTime: 5000, reason: 'timeOut' })).toEqual({ kind: 'missed' })
    expect(callOutcome(undefined)).toEqual({ kind: 'missed' })
  })

  it('formats durations as m:ss or h:mm:ss', () => {
    expect(formatDuration(0)).toBe('0:00')
    expect(formatDuration(65)).toBe('1:05')
    expect(formatDuration(3725)).toBe('1:02:05')
  })
})

describe('composer image check', () => {
  const check = (type: string, size: number) => checkImageFile({ type, size }, CHAT_IMAGE_TYPES, CHAT_IMAGE_MAX_BYTES)
  it('takes the image host formats up to 5 MB', () => {
    expect(check('image/png', 1)).toEqual({ ok: true })
    expect(check('image/webp', CHAT_IMAGE_MAX_BYTES)).toEqual({ ok: true })
  })
  it('refuses other types, empty files and larger files', () => {
    expect(check('image/svg+xml', 10)).toEqual({ ok: false, reason: 'type' })
    expect(check('application/pdf', 10)).toEqual({ ok: false, reason: 'type' })
    expect(check('image/jpeg', 0)).toEqual({ ok: false, reason: 'empty' })
    expect(check('image/jpeg', CHAT_IMAGE_MAX_BYTES + 1)).toEqual({ ok: false, reason: 'size' })
  })
})
