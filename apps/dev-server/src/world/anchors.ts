import type { AnchorInfo, ClubAnchorItem, Gender, OnlineStatus, Page, RelationUser, UserBrief } from '@vchat/contract'
import type { DatabaseSync } from 'node:sqlite'
import type { AppContext } from '../app/context.ts'
import { avatarPath, photoPath } from './images.ts'

export interface AnchorRow {
  uid: string
  jid: string
  nick_name: string
  country: string
  language: string
  gender: Gender
  private_chat_price: number
  about: string
  birthday: string
  online_status: OnlineStatus
  hot_score: number
  joined_day: number
  is_club: number
  silver_call_price: number
  photo_count: number
}

const ANCHOR_COLUMNS = `u.uid, u.jid, u.nick_name, a.country, a.language, a.gender, a.private_chat_price, a.about,
  a.birthday, a.online_status, a.hot_score, a.joined_day, a.is_club, a.silver_call_price, a.photo_count`

export function allAnchors(db: DatabaseSync): AnchorRow[] {
  return db
    .prepare(`SELECT ${ANCHOR_COLUMNS} FROM anchors a JOIN users u ON u.uid = a.uid ORDER BY u.uid`)
    .all() as unknown as AnchorRow[]
}

export function anchorByJid(db: DatabaseSync, jid: string): AnchorRow | null {
  return (
    (db.prepare(`SELECT ${ANCHOR_COLUMNS} FROM anchors a JOIN users u ON u.uid = a.uid WHERE u.jid = ?`).get(jid) as
      | AnchorRow
      | undefined) ?? null
  )
}

/** The absolute URL of a path on this server. */
export function absoluteUrl(app: AppContext, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${app.publicUrl}${path}`
}

export function toAnchorInfo(app: AppContext, row: AnchorRow): AnchorInfo {
  return {
    uid: row.uid,
    jid: row.jid,
    nickName: row.nick_name,
    avatarUrl: absoluteUrl(app, avatarPath(row.uid)),
    country: row.country,
    language: row.language,
    gender: row.gender,
    birthday: row.birthday,
    privateChatPrice: row.private_chat_price,
    onlineStatus: row.online_status,
    photos: Array.from({ length: row.photo_count }, (_, i) => absoluteUrl(app, photoPath(row.uid, i + 1))),
    // The local backend has no video files; the field is part of the contract.
    videos: [],
    about: row.about,
    isClubAnchor: row.is_club === 1,
  }
}

export function toClubAnchorItem(app: AppContext, row: AnchorRow): ClubAnchorItem {
  return { ...toAnchorInfo(app, row), silverCallPrice: row.silver_call_price }
}

const STATUS_ORDER: Record<OnlineStatus, number> = { online: 0, busy: 1, offline: 2 }

/** Online first, then busy, then offline. */
export function byPresence(a: AnchorRow, b: AnchorRow): number {
  return STATUS_ORDER[a.online_status] - STATUS_ORDER[b.online_status]
}

export function paginate<T>(items: readonly T[], page: number, size: number): Page<T> {
  const start = (page - 1) * size
  const list = items.slice(start, start + size)
  return { list, page, size, total: items.length, hasMore: start + size < items.length }
}

/** Presence of any jid: anchors have a status; users are online while they hold a live session. */
export function onlineStatusOf(app: AppContext, jid: string): OnlineStatus {
  const anchor = app.db.prepare('SELECT a.online_status AS s FROM anchors a JOIN users u ON u.uid = a.uid WHERE u.jid = ?').get(jid) as
    | { s: OnlineStatus }
    | undefined
  if (anchor) return anchor.s
  const session = app.db
    .prepare('SELECT 1 FROM sessions s JOIN users u ON u.uid = s.uid WHERE u.jid = ? AND s.expires_at > ? LIMIT 1')
    .get(jid, app.now())
  return session ? 'online' : 'offline'
}

/** Any account (anchor or user) as every place that names a person shows it; null when the jid is unknown. */
export function userBrief(app: AppContext, jid: string): UserBrief | null {
  const row = app.db
    .prepare(
      `SELECT u.uid, u.jid, u.kind, u.nick_name, p.avatar_url, p.country, p.gender, a.gender AS anchor_gender
       FROM users u LEFT JOIN profiles p ON p.uid = u.uid LEFT JOIN anchors a ON a.uid = u.uid WHERE u.jid = ?`,
    )
    .get(jid) as
    | {
        uid: string
        jid: string
        kind: string
        nick_name: string
        avatar_url: string | null
        country: string | null
        gender: string | null
        anchor_gender: string | null
      }
    | undefined
  if (!row) return null
  const gender = (row.kind === 'anchor' ? row.anchor_gender : row.gender) ?? ''
  const avatar = row.kind === 'anchor' ? avatarPath(row.uid) : (row.avatar_url ?? '')
  return {
    uid: row.uid,
    jid: row.jid,
    nickName: row.nick_name,
    avatarUrl: avatar === '' ? '' : absoluteUrl(app, avatar),
    country: row.country ?? '',
    gender: gender === 'female' || gender === 'male' ? gender : '',
    kind: row.kind === 'anchor' ? 'anchor' : 'user',
  }
}

/** Any account (anchor or user) as a relation list shows it; null when the jid is unknown. */
export function relationUser(app: AppContext, jid: string, since: number): RelationUser | null {
  const brief = userBrief(app, jid)
  if (!brief) return null
  const { kind: _kind, ...person } = brief
  return { ...person, onlineStatus: onlineStatusOf(app, brief.jid), since }
}

export function jidExists(app: AppContext, jid: string): boolean {
  return app.db.prepare('SELECT 1 FROM users WHERE jid = ?').get(jid) !== undefined
}
