import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { DATABASE_FILE } from '../constants.ts'
import { migrate } from './migrations.ts'
import { seed } from './seed.ts'

export interface OpenDatabaseOptions {
  dataDir: string
  domain: string
  now: number
  /** Delete the database file first (fresh seed). */
  reset?: boolean
}

export interface OpenedDatabase {
  db: DatabaseSync
  file: string
  schemaVersion: number
  seeded: number
}

/** Opens (creating, migrating and seeding when needed) the SQLite file in `dataDir`. */
export function openDatabase(options: OpenDatabaseOptions): OpenedDatabase {
  mkdirSync(options.dataDir, { recursive: true })
  const file = join(options.dataDir, DATABASE_FILE)
  if (options.reset) {
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true })
  }
  const db = new DatabaseSync(file)
  try {
    db.exec('PRAGMA journal_mode = WAL')
    db.exec('PRAGMA foreign_keys = ON')
    db.exec('PRAGMA busy_timeout = 2000')
    const schemaVersion = migrate(db)
    const seeded = seed(db, { domain: options.domain, now: options.now })
    return { db, file, schemaVersion, seeded }
  } catch (error) {
    db.close()
    throw error
  }
}
