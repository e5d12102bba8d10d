import type { DatabaseSync } from 'node:sqlite'
import { hashPasswordSync } from '../auth/passwords.ts'
import { DEFAULT_ROLE, SEED_PASSWORD } from '../constants.ts'
import { SEED_ANCHORS, SEED_USERS, type SeedAnchor, type SeedUser } from './seedData.ts'

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
      added += 1
    }
    db.exec('COMMIT')
  } catch (error) {
    db.exec('ROLLBACK')
    throw error
  }
  return added
}
