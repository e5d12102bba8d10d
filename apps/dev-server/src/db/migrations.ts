import type { DatabaseSync } from 'node:sqlite'

/** Schema migrations in order; PRAGMA user_version holds the last applied version. */
export const MIGRATIONS: readonly { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE users (
        uid TEXT PRIMARY KEY,
        jid TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL CHECK (kind IN ('user', 'anchor')),
        role INTEGER NOT NULL DEFAULT 2,
        nick_name TEXT NOT NULL,
        password_hash TEXT NOT NULL,
        paid INTEGER NOT NULL DEFAULT 0,
        gems_balance INTEGER NOT NULL DEFAULT 0,
        silver_balance INTEGER NOT NULL DEFAULT 0,
        silver_spent INTEGER NOT NULL DEFAULT 0,
        blocked INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE anchors (
        uid TEXT PRIMARY KEY REFERENCES users(uid) ON DELETE CASCADE,
        country TEXT NOT NULL,
        language TEXT NOT NULL,
        gender TEXT NOT NULL,
        private_chat_price INTEGER NOT NULL,
        avatar_url TEXT NOT NULL DEFAULT '',
        about TEXT NOT NULL DEFAULT ''
      );
      CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        uid TEXT NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX sessions_uid ON sessions(uid);
      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
    `,
  },
]

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0

export function schemaVersionOf(db: DatabaseSync): number {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number } | undefined
  return row?.user_version ?? 0
}

/** Applies the migrations newer than the database, each in its own transaction. */
export function migrate(db: DatabaseSync): number {
  let current = schemaVersionOf(db)
  for (const migration of MIGRATIONS) {
    if (migration.version <= current) continue
    db.exec('BEGIN')
    try {
      db.exec(migration.sql)
      db.exec(`PRAGMA user_version = ${migration.version}`)
      db.exec('COMMIT')
    } catch (error) {
      db.exec('ROLLBACK')
      throw error
    }
    current = migration.version
  }
  return current
}
