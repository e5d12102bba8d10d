/**
 * Call vocabulary (SPEC §4): status numbers, the actions exchanged with the hub and the
 * WebRTC negotiation steps. Const objects and string-literal unions, no TS enums.
 */

export const CallStatus = {
  Initial: 0,
  Connecting: 1,
  Connected: 2,
  Disconnected: 3,
  Failed: 4,
  CallIn: 5,
} as const

export type CallStatus = (typeof CallStatus)[keyof typeof CallStatus]

export const CALL_ACTIONS = [
  'SessionRequest',
  'CallReady',
  'CallCheck',
  'CallAccept',
  'PeerAnswered',
  'WebRTCContent',
  'SessionSuccess',
  'SessionFail',
  'SessionTerminate',
  'SessionHeartbeat',
  'CallCancel',
  'MatchToFlash',
  'ReChargeSuccess',
  'CallIn',
  'CallError',
  /** Not in SPEC §4: a side's media went down (ICE restart under way) or came back; the hub pauses billing. */
  'MediaState',
  /** Not in SPEC §4: fresh STUN/TURN servers and credentials for an ICE restart (asked and answered). */
  'IceServers',
] as const

export type CallAction = (typeof CALL_ACTIONS)[number]

export function isCallAction(value: unknown): value is CallAction {
  return typeof value === 'string' && (CALL_ACTIONS as readonly string[]).includes(value)
}

export const NEGOTIATION_STEPS = [
  'invitation',
  'accepted',
  'offer',
  'answer',
  'candidates',
  'negotiation-needed',
  'close',
] as const

export type NegotiationStep = (typeof NEGOTIATION_STEPS)[number]

export function isNegotiationStep(value: unknown): value is NegotiationStep {
  return typeof value === 'string' && (NEGOTIATION_STEPS as readonly string[]).includes(value)
}

/** Texts of call failures exactly as SPEC §8 gives them. */
export const CallFailureReason = {
  TimeOut: 'timeOut',
  SessionFail: 'SessionFail',
  CallInSessionFail: 'callInSessionFail',
  SdpFail: 'sdp fail',
  ChatInvitation: 'chat-invitation',
  GemsInsufficient: 'Gems insufficient',
  SendSessionUnknown: 'sendSession Unknown error',
  SidNonExistent: 'sidNonExistent',
  /**
   * Not in SPEC §8: the hub refuses every call of an account blocked by the operator (blockInfo), and
   * the app says so instead of the generic 'sidNonExistent' an unknown reason would give.
   */
  AccountBlocked: 'blocked',
  /**
   * Not in SPEC §8: the call's media dropped and three ICE restarts within the recovery bound could not
   * bring it back (or the hub's own bound passed). Both sides end with it; only connected time is paid.
   */
  MediaLost: 'media-lost',
} as const

export type CallFailureReason = (typeof CallFailureReason)[keyof typeof CallFailureReason]

/** SPEC §8: the 'chat-invitation' failure carries this detail. */
export const INVITATION_ERROR_DETAIL = 'invitationError'

export interface CallFailure {
  readonly reason: CallFailureReason
  /** Extra text from the source of the failure (e.g. 'invitationError'). */
  readonly detail?: string
  /** Translation key for the text shown to the user, when the spec names one. */
  readonly i18nKey?: string
}

/** Payload of a signalling message: JSON-serialisable fields. */
export type CallPayload = Readonly<Record<string, unknown>>

export type CallActionListener = (action: CallAction, payload: CallPayload) => void

/**
 * How call messages reach the hub. The app wires this to the messaging transport
 * (this package never imports the messaging package).
 */
export interface CallSignalling {
  send(action: CallAction, payload: CallPayload): Promise<void>
  /** Subscribes to actions from the hub; returns the unsubscribe function. */
  onAction(listener: CallActionListener): () => void
}
