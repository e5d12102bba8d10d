import type { DatabaseSync } from 'node:sqlite'

/**
 * Runs `work` in one write transaction: committed when it returns, rolled back when it throws.
 * node:sqlite has no transaction helper of its own. IMMEDIATE takes the write lock at the start, so
 * what `work` reads cannot be changed by another connection before it writes.
 */
export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE')
  try {
    const result = work()
    db.exec('COMMIT')
    return result
  } catch (error) {
    db.exec('ROLLBACK')
    throw error
  }
}
