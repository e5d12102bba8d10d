import type { DatabaseSync } from 'node:sqlite'

export interface UserRow {
  uid: string
  jid: string
  kind: 'user' | 'anchor'
  role: number
  nick_name: string
  password_hash: string
  paid: number
  gems_balance: number
  silver_balance: number
  silver_spent: number
  blocked: number
  created_at: number
}

export function findUser(db: DatabaseSync, uid: string): UserRow | null {
  return (db.prepare('SELECT * FROM users WHERE uid = ?').get(uid) as UserRow | undefined) ?? null
}

