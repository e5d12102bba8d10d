export {
  CALL_ACTIONS,
  CallFailureReason,
  CallStatus,
  INVITATION_ERROR_DETAIL,
  NEGOTIATION_STEPS,
  isCallAction,
  isNegotiationStep,
} from './callTypes'
export type {
  CallAction,
  CallActionListener,
  CallFailure,
  CallPayload,
  CallSignalling,
  NegotiationStep,
} from './callTypes'
export { createCallMachine } from './callMachine'
export type {
  CallCheckResult,
  CallCleanup,
  CallDirection,
  CallListener,
  CallTier,
  CallMachine,
  CallMachineOptions,
  CallSnapshot,
  CallTimers,
} from './callMachine'
export { invitationFailure, mapCallError, mapCancel, mapSessionFail } from './errorMapping'
export { CallStartError, CallStartErrorCode, canStartCall } from './guards'
export type { CanStartCallResult } from './guards'
export { CAMERA_CONSTRAINTS, preferH264 } from './media'
export type { CodecLike } from './media'
export {
  CALL_CHECK_TIMEOUT_MS,
  CALL_HEARTBEAT_INTERVAL_MS,
  CALL_SETUP_TIMEOUT_MS,
  CAMERA_IDEAL_HEIGHT,
  CAMERA_IDEAL_WIDTH,
  CAMERA_MAX_HEIGHT,
  CAMERA_MAX_WIDTH,
  CANCEL_REASON_GEMS_INSUFFICIENT,
  I18N_KEY_GEMS_INSUFFICIENT,
  PREFERRED_VIDEO_MIME_TYPE,
} from './constants'
export { CALL_MEDIA_CONSTRAINTS, createCallEngine, probeMediaPermission } from './negotiation'
export type { CallEngine, CallEngineOptions, MediaDevicesLike, MediaPermission } from './negotiation'
