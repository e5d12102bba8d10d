import {
  CANCEL_REASON_GEMS_INSUFFICIENT,
  I18N_KEY_GEMS_INSUFFICIENT,
} from './constants'
import { CallFailureReason, INVITATION_ERROR_DETAIL } from './callTypes'
import type { CallFailure } from './callTypes'

const KNOWN_REASONS: readonly string[] = Object.values(CallFailureReason)

/**
 * Maps the reason of a `CallError` notice from the hub (SPEC §8): a reason the client
 * knows is kept, anything else (or none) means the hub no longer knows the session.
 */
export function mapCallError(reason: unknown): CallFailure {
  if (typeof reason === 'string' && KNOWN_REASONS.includes(reason)) {
    return { reason: reason as CallFailureReason }
  }
  return { reason: CallFailureReason.SidNonExistent }
}

/**
 * Maps the reason of a `CallCancel` (SPEC §8). 'gems-insufficient' is a failure shown as
 * 'on_call_insuffic'; any other cancel is the other side hanging up or declining, which ends
 * the call normally, so the result is `null`.
 */
export function mapCancel(reason: unknown): CallFailure | null {
  if (reason === CANCEL_REASON_GEMS_INSUFFICIENT) {
    return { reason: CallFailureReason.GemsInsufficient, i18nKey: I18N_KEY_GEMS_INSUFFICIENT }
  }
  return null
}

/** Maps a `SessionFail` by the side of the call: incoming calls report 'callInSessionFail'. */
export function mapSessionFail(direction: 'outgoing' | 'incoming'): CallFailure {
  return {
    reason:
      direction === 'incoming' ? CallFailureReason.CallInSessionFail : CallFailureReason.SessionFail,
  }
}

/** The failure of a chat invitation that could not be delivered (SPEC §8). */
export function invitationFailure(): CallFailure {
  return { reason: CallFailureReason.ChatInvitation, detail: INVITATION_ERROR_DETAIL }
}
