import { describe, expect, it } from 'vitest'
import { CALL_ACTIONS, CallStatus, NEGOTIATION_STEPS, isCallAction, isNegotiationStep } from './callTypes'
import { CallStartError, canStartCall } from './guards'
import { CAMERA_CONSTRAINTS, preferH264 } from './media'

describe('canStartCall', () => {
  it('needs a live messaging connection', () => {
    expect(canStartCall({ messagingLive: false, jid: 'user_1@localhost' })).toEqual({
      ok: false,
      error: 'xmpp not connected',
    })
  })

  it.each([null, undefined, ''])('needs a jid (%s gives null jid)', (jid) => {
    expect(canStartCall({ messagingLive: true, jid })).toEqual({ ok: false, error: 'null jid' })
  })

  it('checks the connection before the jid', () => {
    expect(canStartCall({ messagingLive: false, jid: null })).toEqual({
      ok: false,
      error: 'xmpp not connected',
    })
  })

  it('allows a call when both hold', () => {
    expect(canStartCall({ messagingLive: true, jid: 'user_1@localhost' })).toEqual({ ok: true })
  })

  it('CallStartError carries the code as message', () => {
    const error = new CallStartError('null jid')
    expect(error).toBeInstanceOf(Error)
    expect(error.message).toBe('null jid')
    expect(error.code).toBe('null jid')
  })
})

describe('vocabulary', () => {
  it('has the spec status numbers', () => {
    expect(CallStatus).toEqual({
      Initial: 0,
      Connecting: 1,
      Connected: 2,
      Disconnected: 3,
      Failed: 4,
      CallIn: 5,
    })
  })

  it('lists the 15 actions of the spec plus our MediaState and IceServers, and 7 negotiation steps', () => {
    expect(CALL_ACTIONS).toHaveLength(17)
    expect(isCallAction('MediaState')).toBe(true)
    expect(isCallAction('IceServers')).toBe(true)
    expect(NEGOTIATION_STEPS).toEqual([
      'invitation',
      'accepted',
      'offer',
      'answer',
      'candidates',
      'negotiation-needed',
      'close',
    ])
    expect(isCallAction('ReChargeSuccess')).toBe(true)
    expect(isCallAction('Recharge')).toBe(false)
    expect(isNegotiationStep('negotiation-needed')).toBe(true)
    expect(isNegotiationStep(3)).toBe(false)
  })
})

describe('preferH264', () => {
  const vp8 = { mimeType: 'video/VP8', clockRate: 90000 }
  const h264a = { mimeType: 'video/H264', clockRate: 90000, sdpFmtpLine: 'profile-level-id=42e01f' }
  const vp9 = { mimeType: 'video/VP9', clockRate: 90000 }
  const h264b = { mimeType: 'video/h264', clockRate: 90000, sdpFmtpLine: 'profile-level-id=640c1f' }
  const rtx = { mimeType: 'video/rtx', clockRate: 90000 }

  it('puts every H264 codec first and keeps the order inside both groups', () => {
    expect(preferH264([vp8, h264a, vp9, h264b, rtx])).toEqual([h264a, h264b, vp8, vp9, rtx])
  })

  it('does not change the input', () => {
    const input = [vp8, h264a]
    preferH264(input)
    expect(input).toEqual([vp8, h264a])
  })

  it('leaves a list without H264 as it was', () => {
    expect(preferH264([vp8, vp9])).toEqual([vp8, vp9])
    expect(preferH264([])).toEqual([])
  })
})

describe('CAMERA_CONSTRAINTS', () => {
  it('asks for ideal 480x640 and at most 720x1280', () => {
    expect(CAMERA_CONSTRAINTS).toEqual({
      width: { ideal: 480, max: 720 },
      height: { ideal: 640, max: 1280 },
    })
    expect(Object.isFrozen(CAMERA_CONSTRAINTS)).toBe(true)
  })
})
