/**
 * The call state's types, apart from the slice: `app/state.ts` gathers every slice's state type
 * from modules like this one, so a slice can import the root state type without an import cycle.
 */
import type { CallStars } from '@vchat/api-client'
import type { CallQualityLevel, MediaLinkState } from '@vchat/webrtc-call'

/**
 * What the server recorded for a finished call (get_call_records): the gems it charged and whether
 * the call was free. The end screen shows these, not a figure the client worked out.
 */
export interface CallSummary {
  gemsCharged: number
  /** What a silver call cost (it charges silver coins, not gems). */
  silverCharged: number
  /** Silver the call earned (minutes paid in gems with a silver-club host). */
  silverEarned: number
  minutes: number
  freeKind: 'first' | 'paid' | null
}

export interface CallFailureView {
  /** SPEC §8 failure text ('timeOut', 'Gems insufficient', …). */
  reason: string
  detail?: string
}

export interface CallState {
  status: number
  direction: 'outgoing' | 'incoming' | null
  /** The other side's jid. */
  peer: string | null
  sid: string | null
  /** Gems per minute (of an incoming call: from CallIn, through the machine). */
  price: number | null
  /** Gems per minute of an outgoing call, as the hub's SessionSuccess set it up. */
  hubPrice: number | null
  failure: CallFailureView | null
  /** Why the hub ended the call (SessionTerminate reason), e.g. 'gems-insufficient'. */
  endedReason: string | null
  /** When remote media arrived (ms since epoch), for the call timer. */
  connectedAt: number | null
  /** Balance the hub last reported during the call. */
  gemsBalance: number | null
  /** The hub's free-call flash notice arrived. */
  matchToFlash: boolean
  /** Why a call could not start ('xmpp not connected', 'null jid', 'one call allowed once'). */
  startError: string | null
  /** The ringing incoming call was accepted here (the pop-up gives way to the call screen). */
  answered: boolean
  /** 'silver' for a silver (low-tier) call. */
  tier: 'standard' | 'silver'
  /** What the hub said when it set up a silver call. */
  silver: SilverCallInfo | null
  /** The hub granted this call free time (null for a paid call). */
  free: FreeCallTerms | null
  /** The free time is over and the call goes on at its price. */
  converted: boolean
  /** The free calls the server says the user has left (what the call confirmation offers). */
  offer: CallOffer | null
  offerStatus: 'idle' | 'loading' | 'ready' | 'failed'
  /** When the call ended (ms since epoch, services clock), for the end screen's duration. */
  endedAt: number | null
  /** The server's record of the call that ended (null while loading, unknown or not loaded). */
  summary: CallSummary | null
  summaryStatus: 'idle' | 'loading' | 'ready' | 'failed'
  /** What the user said about the call that ended: their stars and a report (reset with the call). */
  feedback: CallFeedback
  /** Whether the connected call's media flows or is being recovered (ICE restarts; the hub pauses billing). */
  media: MediaLinkState
  /** When the current media drop began (services clock), null while media flows. */
  reconnectingSince: number | null
  /** Time of earlier media drops in this call, ms: not talk time, not billed. */
  pausedMs: number
  /** The connection quality last measured (null until the first reading). */
  quality: CallQualityLevel | null
}

/** The end screen's rating and report, as far as the server has them. */
export interface CallFeedback {
  /** The stars chosen (shown at once; `rating` says whether the server kept them). */
  stars: CallStars | null
  rating: 'idle' | 'saving' | 'saved' | 'failed'
  report: 'idle' | 'sending' | 'sent' | 'failed'
}

/** A free call as the hub granted it (SessionSuccess `free`, `freeDuration`, `continuePaid`). */
export interface FreeCallTerms {
  free: 'first' | 'paid'
  durationS: number
  continuePaid: boolean
}

/**
 * The free calls the server offers (SPEC §3 firstCallInfo and the paid-user free call), read from
 * first_call_info and paid_user_free_call; the hub counts the same way when it grants a call.
 */
export interface CallOffer {
  firstLeft: number
  firstDurationS: number
  /** 0 where the brand's config turns the paid-user free call off. */
  paidLeft: number
  paidDurationS: number
  /** Seconds before the free time ends when the call offers to add gems. */
  rechargeReminderS: number
}

/** A silver call as the hub set it up (SPEC §3 silverCallDuration, silverCall.availableTimes). */
export interface SilverCallInfo {
  /** Seconds the call may last. */
  callDuration: number
  /** Silver calls left today after this one. */
  timesLeft: number
  silverBalance: number
  /** Silver coins per minute. */
  price: number
}
