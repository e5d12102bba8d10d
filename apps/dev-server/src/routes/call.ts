import type { CallRecord, CallRecordState } from '@vchat/contract'
import { ok, productRoute, refuse, signedIn, type Route } from '../http/routes.ts'
import { relationUser } from '../world/anchors.ts'
import { fileReport } from '../world/reports.ts'
import { callHistoryPage, rateCall, SILVER_RECORD_KIND, type CallHistoryRow } from '../xmpp/callRecords.ts'

const STATES: readonly CallRecordState[] = ['ringing', 'connected', 'ended', 'cancelled', 'missed']

function uidOf(jid: string): string {
  const local = jid.split('@')[0] ?? ''
  const underscore = local.indexOf('_')
  return underscore === -1 ? local : local.slice(underscore + 1)
}

/** One record as the signed-in user `me` sees it; `peerAvatarUrl` is the other side's picture. */
function callRecord(row: CallHistoryRow, me: string, peerAvatarUrl = ''): CallRecord {
  const outgoing = row.caller === me
  const peerJid = outgoing ? row.callee : row.caller
  // A silver call's charges are silver coins (the hub keeps them in the same column).
  const silver = row.free_kind === SILVER_RECORD_KIND
  return {
    sid: row.sid,
    caller: row.caller,
    callee: row.callee,
    direction: outgoing ? 'outgoing' : 'incoming',
    peerJid,
    peerUid: uidOf(peerJid),
    peerNickName: row.peer_nick_name ?? '',
    peerAvatarUrl,
    tier: silver ? 'silver' : 'standard',
    silverCharged: silver ? row.gems_charged : 0,
    // Earned by the payer only: the host's side of the same call earned nothing.
    silverEarned: row.payer === me ? row.silver_earned : 0,
    state: (STATES as readonly string[]).includes(row.state) ? (row.state as CallRecordState) : 'ended',
    reason: row.reason,
    startTime: row.start_time,
    connectingTime: row.connecting_time,
    endTime: row.end_time,
    pausedMs: row.paused_ms,
    price: row.price,
    minutes: row.minutes,
    gemsCharged: silver ? 0 : row.gems_charged,
    freeKind: row.free_kind === 'first' || row.free_kind === 'paid' ? row.free_kind : null,
  }
}

export const callRoutes: Route[] = [
  // The signed-in user's calls as the hub recorded them (/callrecord), newest first, by cursor.
  productRoute('getCallRecords', {
    handle(request) {
      const { app, data } = request
      const user = signedIn(request)
      // The cursor is the rowid of the last record of the previous page.
      const before = data.cursor === undefined ? Number.MAX_SAFE_INTEGER : Number(data.cursor)
      const rows = callHistoryPage(app.db, user.jid, before, data.size + 1)
      const list = rows.slice(0, data.size)
      const last = list.at(-1)
      const avatars = new Map<string, string>()
      const avatarOf = (jid: string): string => {
        if (!avatars.has(jid)) avatars.set(jid, relationUser(app, jid, 0)?.avatarUrl ?? '')
        return avatars.get(jid) ?? ''
      }
      const records = list.map((row) => callRecord(row, user.jid, avatarOf(row.caller === user.jid ? row.callee : row.caller)))
      return ok({ list: records, nextCursor: rows.length > data.size && last ? String(last.rid) : null })
    },
  }),
  // Stars for a call the user took part in and that connected; rating again replaces them.
  productRoute('rateCall', {
    handle(request) {
      const { app, data } = request
      const user = signedIn(request)
      const stars = rateCall(app.db, data.sid, user.jid, data.stars, app.now())
      return stars === null ? refuse('unknown sid') : ok({ sid: data.sid, stars })
    },
  }),
  // A report of another account (from a call's end screen, or elsewhere), kept for a moderator.
  productRoute('reportUser', {
    handle(request) {
      const { app, data } = request
      const user = signedIn(request)
      const outcome = fileReport(app, user.jid, data)
      if (outcome === 'self') return refuse('cannot report yourself')
      if (outcome === 'unknown') return refuse('unknown targetJid')
      return ok({ reported: true })
    },
  }),
]
