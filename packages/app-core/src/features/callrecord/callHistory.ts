import type { CallRecord } from '@vchat/api-client'
import { uidOfJid } from '@vchat/contract'
import type { VideoCallRecord } from '../../services/types'

/** How a call in the history ended, as the row shows it. */
type CallHistoryStatus = 'completed' | 'declined' | 'missed' | 'cancelled' | 'failed' | 'ongoing'

/** One row of the video history: the server's record and the local one (chat-db videocalls) merged. */
export interface CallHistoryEntry {
  /** The call's sid, or the local record's id when the hub never gave one (a call refused at once). */
  key: string
  direction: 'outgoing' | 'incoming'
  peerJid: string
  peerUid: string
  /** '' when unknown (local-only records). */
  peerNickName: string
  peerAvatarUrl: string
  status: CallHistoryStatus
  /** ms since epoch. */
  startTime: number
  /** Talk time in whole seconds; null when the call never connected. */
  durationSeconds: number | null
  tier: 'standard' | 'silver'
  /** Charged by the server: gems (standard) or silver coins (silver); null when only the local record is known. */
  charged: number | null
  /** A free call (first call or paid-user free call). */
  free: boolean
}

/** Reasons that mean the other side never picked up. */
const UNANSWERED = new Set(['timeOut', 'unavailable', 'busy'])

/**
 * The row status from what is known of a call: answered → completed; declined by either side →
 * declined; an incoming call not answered, or an outgoing one nobody picked up → missed; an outgoing
 * call given up by the caller → cancelled; refused or broken before it connected → failed.
 */
function historyStatus(call: { direction: 'outgoing' | 'incoming'; connected: boolean; reason: string; active?: boolean }): CallHistoryStatus {
  if (call.active) return 'ongoing'
  if (call.connected) return 'completed'
  if (call.reason === 'rejected') return 'declined'
  if (call.direction === 'incoming') return 'missed'
  if (UNANSWERED.has(call.reason)) return 'missed'
  return call.reason === 'cancelled' || call.reason === 'hangup' || call.reason === '' ? 'cancelled' : 'failed'
}

function seconds(from: number | null | undefined, to: number | null | undefined): number | null {
  if (from === null || from === undefined || to === null || to === undefined) return null
  return Math.max(0, Math.round((to - from) / 1000))
}

function entryFromServer(record: CallRecord): CallHistoryEntry {
  const connected = record.connectingTime !== null
  return {
    key: record.sid,
    direction: record.direction,
    peerJid: record.peerJid,
    peerUid: record.peerUid,
    peerNickName: record.peerNickName,
    peerAvatarUrl: record.peerAvatarUrl,
    status: historyStatus({ direction: record.direction, connected, reason: record.reason, active: record.state === 'ringing' || record.state === 'connected' }),
    startTime: record.startTime,
    // Time the call's media was down and being recovered is neither billed nor talk time.
    durationSeconds: connected ? seconds(record.connectingTime, record.endTime === null ? null : record.endTime - record.pausedMs) : null,
    tier: record.tier,
    charged: record.tier === 'silver' ? record.silverCharged : record.gemsCharged,
    free: record.freeKind !== null,
  }
}

/** A record of chat-db `videocalls` as `me` (bare jid) sees it. */
function entryFromLocal(call: VideoCallRecord, me: string): CallHistoryEntry {
  const direction = call.caller === me ? 'outgoing' : 'incoming'
  const peerJid = direction === 'outgoing' ? call.callee : call.caller
  const connected = call.connectingTime !== undefined
  return {
    key: call.sid ?? call.vid,
    direction,
    peerJid,
    peerUid: uidOfJid(peerJid),
    peerNickName: '',
    peerAvatarUrl: '',
    status: historyStatus({ direction, connected, reason: call.reason ?? '' }),
    startTime: call.startTime,
    durationSeconds: connected ? seconds(call.connectingTime, call.endTime) : null,
    tier: call.tier === 'silver' ? 'silver' : 'standard',
    charged: null,
    free: false,
  }
}

/**
 * The history: the server's records (authoritative for status and charges) and the calls this browser
 * recorded (chat-db) that the server has not listed, one row per call (by sid), newest first. Local
 * rows older than the last server row are held back while more server pages remain, so that a page
 * that loads later never has to slot rows in above ones already shown.
 */
export function mergeCallHistory(server: readonly CallRecord[], local: readonly VideoCallRecord[], me: string, serverComplete: boolean): CallHistoryEntry[] {
  const rows = new Map<string, CallHistoryEntry>()
  for (const record of server) rows.set(record.sid, entryFromServer(record))
  const oldestServer = server.reduce((oldest, record) => Math.min(oldest, record.startTime), Number.POSITIVE_INFINITY)
  for (const call of local) {
    if (call.caller !== me && call.callee !== me) continue
    const entry = entryFromLocal(call, me)
    if (rows.has(entry.key)) {
      const known = rows.get(entry.key)!
      // The server does not know the host's name in every case; keep what it has.
      if (!known.peerNickName && entry.peerNickName) rows.set(entry.key, { ...known, peerNickName: entry.peerNickName })
      continue
    }
    if (!serverComplete && entry.startTime < oldestServer) continue
    rows.set(entry.key, entry)
  }
  return [...rows.values()].sort((a, b) => b.startTime - a.startTime || a.key.localeCompare(b.key))
}
