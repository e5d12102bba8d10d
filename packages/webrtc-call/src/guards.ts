/** Errors the messaging side reports when a call cannot start (SPEC §8). */
export const CallStartErrorCode = {
  MessagingNotConnected: 'xmpp not connected',
  NullJid: 'null jid',
  OneCallAtATime: 'one call allowed once',
} as const

export type CallStartErrorCode = (typeof CallStartErrorCode)[keyof typeof CallStartErrorCode]

export class CallStartError extends Error {
  readonly code: CallStartErrorCode
  constructor(code: CallStartErrorCode) {
    super(code)
    this.name = 'CallStartError'
    this.code = code
  }
}

export type CanStartCallResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly error: CallStartErrorCode }

/**
 * SPEC §5: a call starts only if the messaging connection is live and the user has a jid.
 * The connection is checked first, as the messaging layer does.
 */
export function canStartCall(input: {
  messagingLive: boolean
  jid: string | null | undefined
}): CanStartCallResult {
  if (!input.messagingLive) return { ok: false, error: CallStartErrorCode.MessagingNotConnected }
  if (input.jid == null || input.jid === '') return { ok: false, error: CallStartErrorCode.NullJid }
  return { ok: true }
}
