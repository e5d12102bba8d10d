// Fake call records (server pages and this browser's database) used by fakeServices and by the tests of
// the call and call-history features.
import type { CallRecord } from '@vchat/api-client'
import type { DbService, VideoCallRecord } from '../services/types'
import type { CallRecordApi } from '../features/callrecord/callRecordApi'

const ME = 'user_100001@localhost'
const HOUR = 3_600_000
/** A fixed moment, so stories and tests show the same history. */
export const DEMO_NOW = Date.UTC(2025, 5, 10, 12, 0, 0)

function record(index: number, patch: Partial<CallRecord>): CallRecord {
  const peerUid = String(200001 + (index % 8))
  const startTime = DEMO_NOW - index * 5 * HOUR
  return {
    sid: `sid-${index}`,
    caller: ME,
    callee: `anchor_${peerUid}@localhost`,
    direction: 'outgoing',
    peerJid: `anchor_${peerUid}@localhost`,
    peerUid,
    peerNickName: ['Aisha', 'Priya', 'Sofia', 'Mina', 'Lara', 'Yuki', 'Amara', 'Elif'][index % 8]!,
    peerAvatarUrl: '',
    state: 'ended',
    reason: 'hangup',
    startTime,
    connectingTime: startTime + 4_000,
    endTime: startTime + 4_000 + 95_000,
    pausedMs: 0,
    price: 60,
    minutes: 2,
    gemsCharged: 120,
    freeKind: null,
    tier: 'standard',
    silverCharged: 0,
    silverEarned: 0,
    ...patch,
  }
}

/** The user's calls as the hub recorded them: answered, declined, missed, free and silver calls. */
export const demoCallRecords: readonly CallRecord[] = [
  record(0, {}),
  record(1, { state: 'cancelled', reason: 'rejected', connectingTime: null, endTime: DEMO_NOW - 5 * HOUR + 8_000, minutes: 0, gemsCharged: 0 }),
  record(2, { direction: 'incoming', caller: 'anchor_200003@localhost', callee: ME, state: 'missed', reason: 'timeOut', connectingTime: null, minutes: 0, gemsCharged: 0 }),
  record(3, { freeKind: 'first', gemsCharged: 0, minutes: 1, endTime: DEMO_NOW - 15 * HOUR + 64_000 }),
  record(4, { tier: 'silver', price: 25, gemsCharged: 0, silverCharged: 25, minutes: 1, reason: 'silver-call-ended', endTime: DEMO_NOW - 20 * HOUR + 64_000 }),
  record(5, { state: 'cancelled', reason: 'cancelled', connectingTime: null, minutes: 0, gemsCharged: 0 }),
]

/** Many calls, for the long (virtualised) list. */
export function manyCallRecords(count: number): CallRecord[] {
  return Array.from({ length: count }, (_, index) => record(index, index % 3 === 1 ? { state: 'cancelled', reason: 'rejected', connectingTime: null, minutes: 0, gemsCharged: 0 } : {}))
}

/** A server page by page over `records` (cursor = index of the next record). */
export function callRecordsApi(records: readonly CallRecord[]): CallRecordApi {
  return {
    getCallRecords: async ({ cursor, size }) => {
      const start = cursor ? Number(cursor) : 0
      return { list: structuredClone(records.slice(start, start + size)), nextCursor: start + size < records.length ? String(start + size) : null }
    },
  }
}

/** The call records part of `fakeApi`: the demo history. */
export function callRecordFakeApi(): CallRecordApi {
  return callRecordsApi(demoCallRecords)
}

/** An in-memory `videocalls` table (what chat-db keeps in the browser). */
export function memoryVideoCalls(initial: readonly VideoCallRecord[] = []): Pick<DbService, 'putVideoCall' | 'listVideoCalls'> & { calls: Map<string, VideoCallRecord> } {
  const calls = new Map(initial.map((call) => [call.vid, call]))
  return {
    calls,
    async putVideoCall(call) {
      calls.set(call.vid, structuredClone(call))
    },
    async listVideoCalls(jid) {
      return [...calls.values()].filter((call) => call.caller === jid || call.callee === jid).sort((a, b) => b.startTime - a.startTime)
    },
  }
}
