import type { DatabaseSync } from 'node:sqlite'
import { hashPasswordSync } from '../auth/passwords.ts'
import { DEFAULT_ROLE, SEED_PASSWORD } from '../constants.ts'
import { SEED_ANCHORS, SEED_USERS, seedAnchorProfile, type SeedAnchor, type SeedUser } from './seedData.ts'

export function userJid(uid: string, domain: string): string {
  return `user_${uid}@${domain}`
}

export function anchorJid(uid: string, domain: string): string {
  return `anchor_${uid}@${domain}`
}

/**
 * Inserts the seed accounts that are missing; existing rows (and their balances) are left alone, so
 * running it on every start is harmless. Returns how many accounts were added.
 */
export function seed(
  db: DatabaseSync,
  options: { domain: string; now: number; users?: readonly SeedUser[]; anchors?: readonly SeedAnchor[] },
): number {
  const users = options.users ?? SEED_USERS
  const anchors = options.anchors ?? SEED_ANCHORS
  const exists = db.prepare('SELECT 1 FROM users WHERE uid = ?')
  const insertUser = db.prepare(
    `INSERT INTO users (uid, jid, kind, role, nick_name, password_hash, paid, gems_balance, silver_balance, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const insertAnchor = db.prepare(
    `INSERT INTO anchors (uid, country, language, gender, private_chat_price, about) VALUES (?, ?, ?, ?, ?, ?)`,
  )
  // The anchor profile columns come from the seed on every start (development data, not user data).
  const updateAnchorProfile = db.prepare(
    `UPDATE anchors SET birthday = ?, online_status = ?, hot_score = ?, joined_day = ?, is_club = ?,
       silver_call_price = ?, photo_count = ?
     WHERE uid = ? AND birthday = ''`,
  )
  const insertProfile = db.prepare('INSERT OR IGNORE INTO profiles (uid, country, language) VALUES (?, ?, ?)')
  const addedUsers: string[] = []
  // One scrypt derivation per seed run: every seeded account shares the development password.
  let passwordHash: string | undefined
  const hash = () => (passwordHash ??= hashPasswordSync(SEED_PASSWORD))
  let added = 0
  db.exec('BEGIN')
  try {
    for (const user of users) {
      if (exists.get(user.uid)) continue
      insertUser.run(
        user.uid,
        userJid(user.uid, options.domain),
        'user',
        DEFAULT_ROLE,
        user.nickName,
        hash(),
        user.paid ? 1 : 0,
        user.gemsBalance,
        user.silverBalance ?? 0,
        options.now,
      )
      insertProfile.run(user.uid, '', '')
      addedUsers.push(user.uid)
      added += 1
    }
    for (const anchor of anchors) {
      if (exists.get(anchor.uid)) continue
      insertUser.run(
        anchor.uid,
        anchorJid(anchor.uid, options.domain),
        'anchor',
        DEFAULT_ROLE,
        anchor.nickName,
        hash(),
        0,
        0,
        0,
        options.now,
      )
      insertAnchor.run(anchor.uid, anchor.country, anchor.language, anchor.gender, anchor.privateChatPrice, anchor.about ?? '')
      insertProfile.run(anchor.uid, anchor.country, anchor.language)
      added += 1
    }
    for (const anchor of anchors) {
      const p = seedAnchorProfile(anchor.uid)
      updateAnchorProfile.run(p.birthday, p.onlineStatus, p.hotScore, p.joinedDay, p.isClub ? 1 : 0, p.silverCallPrice, p.photoCount, anchor.uid)
    }
    if (addedUsers.includes(SHOWCASE_UID)) seedShowcase(db, options.domain, options.now)
    db.exec('COMMIT')
  } catch (error) {
    db.exec('ROLLBACK')
    throw error
  }
  return added
}

/** The paid demo user gets a lived-in world: likes, a friend, a request, a favourite, club rewards. */
const SHOWCASE_UID = '100001'

function seedShowcase(db: DatabaseSync, domain: string, now: number): void {
  const me = userJid(SHOWCASE_UID, domain)
  const anchor = (uid: string) => anchorJid(uid, domain)
  const relation = db.prepare('INSERT OR IGNORE INTO relations (from_jid, to_jid, kind, at) VALUES (?, ?, ?, ?)')
  const hour = 3_600_000
  relation.run(anchor('200003'), me, 'like', now - 5 * hour)
  relation.run(anchor('200010'), me, 'like', now - 4 * hour)
  relation.run(me, anchor('200010'), 'like', now - 3 * hour)
  relation.run(anchor('200004'), me, 'friend_request', now - 2 * hour)
  relation.run(me, anchor('200001'), 'friend', now - 30 * hour)
  relation.run(anchor('200001'), me, 'friend', now - 30 * hour)
  relation.run(me, anchor('200002'), 'favorite', now - 20 * hour)
  const reward = db.prepare(
    'INSERT INTO club_rewards (uid, silver, reason, anchor_jid, created_at) VALUES (?, ?, ?, ?, ?)',
  )
  reward.run(SHOWCASE_UID, 30, 'club_call', anchor('200005'), now - 48 * hour)
  reward.run(SHOWCASE_UID, 20, 'daily_club_bonus', '', now - 24 * hour)
  reward.run(SHOWCASE_UID, 50, 'club_call', anchor('200009'), now - 6 * hour)
}
