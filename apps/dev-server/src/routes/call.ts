import type { CallRecord, CallRecordState } from '@vchat/contract'
import { ok, productRoute, signedIn, type Route } from '../http/routes.ts'
import { relationUser } from '../world/anchors.ts'
import { ensureCallRecords, SILVER_RECORD_KIND, type CallRecordRow } from '../xmpp/callRecords.ts'

/** A call record as the history query reads it: the row, its row id (the cursor) and the peer's name. */
interface CallRecordDbRow extends Omit<CallRecordRow, 'payer'> {
  rid: number
  peer_nick_name: string | null
}

const STATES: readonly CallRecordState[] = ['ringing', 'connected', 'ended', 'cancelled', 'missed']

function uidOf(jid: string): string {
  const local = jid.split('@')[0] ?? ''
  const underscore = local.indexOf('_')
  return underscore === -1 ? local : local.slice(underscore + 1)
}

/** One record as the signed-in user `me` sees it; `peerAvatarUrl` is the other side's picture. */
export function callRecord(row: CallRecordDbRow, me: string, peerAvatarUrl = ''): CallRecord {
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
    state: (STATES as readonly string[]).includes(row.state) ? (row.state as CallRecordState) : 'ended',
    reason: row.reason,
    startTime: row.start_time,
    connectingTime: row.connecting_time,
    endTime: row.end_time,
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
      ensureCallRecords(app.db)
      // The cursor is the rowid of the last record of the previous page (rows are inserted in time order).
      const before = data.cursor === undefined ? Number.MAX_SAFE_INTEGER : Number(data.cursor)
      const rows = app.db
        .prepare(
          `SELECT c.rowid AS rid, c.*, p.nick_name AS peer_nick_name
           FROM call_records c
           LEFT JOIN users p ON p.jid = CASE WHEN c.caller = ? THEN c.callee ELSE c.caller END
           WHERE (c.caller = ? OR c.callee = ?) AND c.rowid < ?
           ORDER BY c.rowid DESC LIMIT ?`,
        )
        .all(user.jid, user.jid, user.jid, before, data.size + 1) as unknown as CallRecordDbRow[]
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
]
