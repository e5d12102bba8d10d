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
export { adaptVideoSender, createQualityMonitor, prioritizeAudio } from './quality'
export type {
  CallQualityLevel,
  CallQualitySample,
  QualityMonitor,
  QualityMonitorOptions,
  RtpSenderLike,
  SenderUpdate,
  SenderUpdateOptions,
  StatsReportLike,
} from './quality'
export type { CodecLike } from './media'
export { createIceRecovery, restartBackoffMs } from './recovery'
export type { IceRecovery, IceRecoveryOptions, MediaLinkState } from './recovery'
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
  ICE_RECOVERY_BOUND_MS,
  ICE_RESTART_ATTEMPTS,
  ICE_RESTART_BACKOFF_MS,
  ICE_RESTART_FIRST_DELAY_MS,
  ICE_RESTART_JITTER,
  ICE_SERVERS_REFRESH_TIMEOUT_MS,
  ICE_SERVERS_RENEW_MARGIN_MS,
  PREFERRED_VIDEO_MIME_TYPE,
  QUALITY_FAIR_PACKET_LOSS,
  QUALITY_FAIR_RTT_MS,
  QUALITY_POLL_INTERVAL_MS,
  QUALITY_POOR_FRAMES_PER_S,
  QUALITY_POOR_PACKET_LOSS,
  QUALITY_POOR_RTT_MS,
  QUALITY_RECOVERY_SAMPLES,
  VIDEO_FAIR_MAX_FRAMERATE,
  VIDEO_FAIR_SCALE_DOWN_BY,
  VIDEO_POOR_MAX_BITRATE_BPS,
  VIDEO_POOR_MAX_FRAMERATE,
  VIDEO_POOR_SCALE_DOWN_BY,
} from './constants'
export { CALL_MEDIA_CONSTRAINTS, createCallEngine, probeMediaPermission } from './negotiation'
export type { CallEngine, CallEngineOptions, MediaDevicesLike, MediaPermission } from './negotiation'
