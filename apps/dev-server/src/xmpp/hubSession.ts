/**
 * The state of one call as the hub keeps it, shared by its two halves: the protocol (`hub.ts`) moves
 * a call through its states, billing (`hubBilling.ts`) moves its money.
 */
import type { FreeKind } from './callRecords.ts'

export type HubPayload = Record<string, unknown>

export interface HubTimers {
  now(): number
  /** `scope`: the bare jids of the call, so a development clock can move one call's timers only. */
  setTimeout(callback: () => void, ms: number, scope?: readonly string[]): unknown
  clearTimeout(handle: unknown): void
}

/** 'silver': a low-tier call with a club host, paid in silver coins, ending at silverCallDuration. */
export type CallTier = 'standard' | 'silver'

/** An account as the hub reads it when a call is requested. */
export interface HubAccount {
  jid: string
  kind: 'user' | 'anchor'
  paid: number
  gems_balance: number
  /** 1 when the account is blocked (development endpoint /dev/users/block): no calls either way. */
  blocked: number
}

export interface Party {
  bare: string
  /** The full jid once known (the caller's from its request, the callee's from CallReady/Accept). */
  full: string
  kind: 'user' | 'anchor'
}

export interface CallSession {
  sid: string
  caller: Party
  callee: Party
  /** The user who pays (the user side; anchors never pay). */
  payer: string
  price: number
  /** The free call this is while its free time runs (null once converted to paid, or never free). */
  free: FreeKind | null
  /** What `free` was when the call started (the record keeps it after a conversion). */
  freeKind: FreeKind | null
  freeDurationMs: number
  /**
   * The caller agreed to go on at `price` when the free time is over (the app's confirmation says
   * so); without it a free call ends at its duration.
   */
  continuePaid: boolean
  /** Where billing minutes count from: a time and the minutes already counted then. */
  minuteBase: { at: number; minutes: number }
  /** When the next minute found no gems to pay it and the call began to wait for a purchase. */
  graceSince: number | null
  /** What the wait is for: a free call to convert ('free') or a paid call's next minute ('paid'). */
  graceFor: 'free' | 'paid' | null
  /** A silver call holds and charges silver coins (the anchor's silverCallPrice) instead of gems. */
  tier: CallTier
  state: 'ringing' | 'connected'
  /** Gems taken from the payer and not yet charged (the current minute before it is earned). */
  held: number
  charged: number
  minutes: number
  startTime: number
  connectingTime: number | null
  lastHeartbeat: Map<string, number>
  /** The sides (bare jids) whose media is down and being recovered (`MediaState {media: 'down'}`). */
  mediaDown: Set<string>
  /** Since when either side's media has been down (null while both flow): the recovery bound counts from it. */
  downSince: number | null
  /** When the last billing pause ended (a new one never starts before it). */
  resumedAt: number | null
  /** Since when billing is paused (the earning side's media down, backdated to its last packet), else null. */
  pausedSince: number | null
  /** Media-down time of earlier gaps, ms: the next minute starts this much later, the duration excludes it. */
  pausedMs: number
  /** A minute fell due while media was down: it is charged when media is back. */
  minuteDue: boolean
  timers: unknown[]
}

export function bareJid(jid: string): string {
  const slash = jid.indexOf('/')
  return slash === -1 ? jid : jid.slice(0, slash)
}
