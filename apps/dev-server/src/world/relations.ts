import type { FriendStatus, FriendsRelative, RelationAction } from '@vchat/contract'
import type { DatabaseSync } from 'node:sqlite'

export type RelationKind = 'like' | 'pass' | 'friend_request' | 'friend' | 'favorite' | 'online_notice'

export function hasRelation(db: DatabaseSync, from: string, to: string, kind: RelationKind): boolean {
  return db.prepare('SELECT 1 FROM relations WHERE from_jid = ? AND to_jid = ? AND kind = ?').get(from, to, kind) !== undefined
}

export function addRelation(db: DatabaseSync, from: string, to: string, kind: RelationKind, at: number): void {
  db.prepare('INSERT OR IGNORE INTO relations (from_jid, to_jid, kind, at) VALUES (?, ?, ?, ?)').run(from, to, kind, at)
}

export function removeRelation(db: DatabaseSync, from: string, to: string, kind: RelationKind): number {
  return Number(db.prepare('DELETE FROM relations WHERE from_jid = ? AND to_jid = ? AND kind = ?').run(from, to, kind).changes)
}

function friendStatus(db: DatabaseSync, me: string, other: string): FriendStatus {
  if (hasRelation(db, me, other, 'friend')) return 'friends'
  if (hasRelation(db, me, other, 'friend_request')) return 'sent'
  if (hasRelation(db, other, me, 'friend_request')) return 'received'
  return 'none'
}

export function relative(db: DatabaseSync, me: string, other: string): FriendsRelative {
  return {
    targetJid: other,
    liked: hasRelation(db, me, other, 'like'),
    likedMe: hasRelation(db, other, me, 'like'),
    friendStatus: friendStatus(db, me, other),
    favorite: hasRelation(db, me, other, 'favorite'),
  }
}

export function makeFriends(db: DatabaseSync, a: string, b: string, at: number): void {
  removeRelation(db, a, b, 'friend_request')
  removeRelation(db, b, a, 'friend_request')
  addRelation(db, a, b, 'friend', at)
  addRelation(db, b, a, 'friend', at)
}

/** Applies an action; returns a refusal reason, or null when done. */
export function applyRelationAction(
  db: DatabaseSync,
  me: string,
  other: string,
  action: RelationAction,
  at: number,
): string | null {
  switch (action) {
    case 'like':
      removeRelation(db, me, other, 'pass')
      addRelation(db, me, other, 'like', at)
      return null
    case 'unlike':
      removeRelation(db, me, other, 'like')
      return null
    case 'pass':
      removeRelation(db, me, other, 'like')
      addRelation(db, me, other, 'pass', at)
      return null
    case 'add_friend': {
      const status = friendStatus(db, me, other)
      if (status === 'received') makeFriends(db, me, other, at)
      else if (status === 'none') addRelation(db, me, other, 'friend_request', at)
      return null
    }
    case 'accept_friend':
      if (!hasRelation(db, other, me, 'friend_request')) return 'no friend request from targetJid'
      makeFriends(db, me, other, at)
      return null
    case 'reject_friend':
      return removeRelation(db, other, me, 'friend_request') > 0 ? null : 'no friend request from targetJid'
    case 'remove_friend':
      removeRelation(db, me, other, 'friend')
      removeRelation(db, other, me, 'friend')
      removeRelation(db, me, other, 'friend_request')
      return null
  }
}

/** (jid, since) pairs of a list, newest first. */
export function relationList(
  db: DatabaseSync,
  me: string,
  list: 'like' | 'liked_me' | 'match' | 'friends' | 'received' | 'sent' | 'favorite',
): { jid: string; at: number }[] {
  const q = (sql: string) => db.prepare(sql).all(me) as unknown as { jid: string; at: number }[]
  switch (list) {
    case 'like':
      return q(`SELECT to_jid AS jid, at FROM relations WHERE from_jid = ? AND kind = 'like' ORDER BY at DESC, to_jid`)
    case 'liked_me':
      return q(`SELECT from_jid AS jid, at FROM relations WHERE to_jid = ? AND kind = 'like' ORDER BY at DESC, from_jid`)
    case 'match':
      return q(
        `SELECT r.to_jid AS jid, MAX(r.at, b.at) AS at FROM relations r JOIN relations b
           ON b.from_jid = r.to_jid AND b.to_jid = r.from_jid AND b.kind = 'like'
         WHERE r.from_jid = ? AND r.kind = 'like' ORDER BY at DESC, jid`,
      )
    case 'friends':
      return q(`SELECT to_jid AS jid, at FROM relations WHERE from_jid = ? AND kind = 'friend' ORDER BY at DESC, to_jid`)
    case 'received':
      return q(`SELECT from_jid AS jid, at FROM relations WHERE to_jid = ? AND kind = 'friend_request' ORDER BY at DESC, from_jid`)
    case 'sent':
      return q(`SELECT to_jid AS jid, at FROM relations WHERE from_jid = ? AND kind = 'friend_request' ORDER BY at DESC, to_jid`)
    case 'favorite':
      return q(`SELECT to_jid AS jid, at FROM relations WHERE from_jid = ? AND kind = 'favorite' ORDER BY at DESC, to_jid`)
  }
}
