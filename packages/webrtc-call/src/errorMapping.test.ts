import { describe, expect, it } from 'vitest'
import { CallFailureReason } from './callTypes'
import { invitationFailure, mapCallError, mapCancel, mapSessionFail } from './errorMapping'

describe('mapCallError', () => {
  it.each([
    ['timeOut', 'timeOut'],
    ['SessionFail', 'SessionFail'],
    ['callInSessionFail', 'callInSessionFail'],
    ['sdp fail', 'sdp fail'],
    ['sidNonExistent', 'sidNonExistent'],
    ['blocked', 'blocked'],
    ['something new', 'sidNonExistent'],
    ['', 'sidNonExistent'],
    [undefined, 'sidNonExistent'],
    [42, 'sidNonExistent'],
  ])('%s → %s', (reason, expected) => {
    expect(mapCallError(reason)).toEqual({ reason: expected })
  })
})

describe('mapCancel', () => {
  it("maps 'gems-insufficient' to 'Gems insufficient' shown as on_call_insuffic", () => {
    expect(mapCancel('gems-insufficient')).toEqual({
      reason: 'Gems insufficient',
      i18nKey: 'on_call_insuffic',
    })
  })

  it.each(['declined', '', undefined, 'Gems insufficient'])(
    'treats %s as a plain hang-up (no failure)',
    (reason) => {
      expect(mapCancel(reason)).toBeNull()
    },
  )
})

describe('other failures', () => {
  it('SessionFail depends on the direction of the call', () => {
    expect(mapSessionFail('outgoing')).toEqual({ reason: 'SessionFail' })
    expect(mapSessionFail('incoming')).toEqual({ reason: 'callInSessionFail' })
  })

  it('invitation failure is chat-invitation with invitationError', () => {
    expect(invitationFailure()).toEqual({ reason: 'chat-invitation', detail: 'invitationError' })
  })

  it('keeps the spec texts exactly (plus our blocked-account and media-lost reasons)', () => {
    expect(Object.values(CallFailureReason).sort()).toEqual(
      [
        'timeOut',
        'SessionFail',
        'callInSessionFail',
        'sdp fail',
        'chat-invitation',
        'Gems insufficient',
        'sendSession Unknown error',
        'sidNonExistent',
        'blocked',
        'media-lost',
      ].sort(),
    )
  })
})
