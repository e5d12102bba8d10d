import type { CallSnapshot } from '@vchat/webrtc-call'
import type { VideoCall } from '@vchat/chat-db'
import { nanoid } from 'nanoid'

/** A call as chat-db `videocalls` keeps it (SPEC §3 call fields), plus the tier of a silver call. */
export type VideoCallRecord = VideoCall & { tier?: 'standard' | 'silver' }

export interface CallRecorderOptions {
  /** The signed-in user's bare jid (null when signed out: nothing is recorded). */
  me: () => string | null
  now: () => number
  /** Stores the finished call (chat-db `videocalls`). Failures are reported, never thrown. */
  save: (call: VideoCallRecord) => Promise<void>
  onError?: (error: unknown) => void
  /** A fallback id for a call the hub never gave a sid (refused at once). */
  newId?: () => string
}

/** Follows the call machine and writes each finished call to the local database. */
export interface CallRecorder {
  observe(snapshot: CallSnapshot): void
  /** Why the call ended, when this side or the hub said (first reason of a call wins). */
  noteReason(reason: string, rejectType?: 'self' | 'peer'): void
}

interface Ongoing {
  startTime: number
  direction: 'outgoing' | 'incoming'
  peer: string
  sid: string | null
  connectingTime: number | null
  reason: string | null
  rejectType: 'self' | 'peer' | null
  tier: 'standard' | 'silver'
}

const ACTIVE = new Set<number>([1, 2, 5])

/**
 * SPEC §3 call record (sid, caller, callee, startTime, connectingTime, endTime, reason, rejectType),
 * kept in chat-db `videocalls` for the video history: the call starts when the machine leaves initial,
 * connects with the first remote media and ends at disconnected or failed. The reason is the failure
 * (SPEC §8 text), else what this side or the hub said ('hangup', 'rejected', 'peer-hangup', …).
 */
export function createCallRecorder(options: CallRecorderOptions): CallRecorder {
  let ongoing: Ongoing | null = null
  const newId = options.newId ?? (() => `local-${nanoid()}`)

  return {
    observe(snapshot) {
      if (ACTIVE.has(snapshot.status)) {
        if (!ongoing && snapshot.direction && snapshot.peer) {
          ongoing = {
            startTime: options.now(),
            direction: snapshot.direction,
            peer: snapshot.peer,
            sid: snapshot.sid,
            connectingTime: null,
            reason: null,
            rejectType: null,
            tier: snapshot.tier,
          }
        }
        if (ongoing) {
          ongoing.sid = snapshot.sid ?? ongoing.sid
          if (snapshot.status === 2 && ongoing.connectingTime === null) ongoing.connectingTime = options.now()
        }
        return
      }
      if ((snapshot.status === 3 || snapshot.status === 4) && ongoing) {
        const call = ongoing
        ongoing = null
        const me = options.me()
        if (!me) return
        const reason = snapshot.failure?.reason ?? call.reason ?? ''
        const record: VideoCallRecord = {
          vid: call.sid ?? newId(),
          caller: call.direction === 'outgoing' ? me : call.peer,
          callee: call.direction === 'outgoing' ? call.peer : me,
          startTime: call.startTime,
          endTime: options.now(),
          reason,
          ...(call.sid ? { sid: call.sid } : {}),
          ...(call.connectingTime !== null ? { connectingTime: call.connectingTime } : {}),
          ...(call.rejectType ? { rejectType: call.rejectType } : {}),
          ...(call.tier === 'silver' ? { tier: 'silver' as const } : {}),
        }
        options.save(record).catch((error: unknown) => options.onError?.(error))
        return
      }
      if (snapshot.status === 0) ongoing = null
    },
    noteReason(reason, rejectType) {
      if (!ongoing || ongoing.reason !== null) return
      ongoing.reason = reason
      if (rejectType) ongoing.rejectType = rejectType
    },
  }
}
