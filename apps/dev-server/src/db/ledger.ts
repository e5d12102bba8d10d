/**
 * The ledger: every movement of gems and silver coins on an account goes through here (purchases,
 * rewards, calls, gifts, paid images), so that a balance changes in one way only. A debit is one
 * conditional UPDATE that succeeds only while the balance covers it: two debits at once can never
 * overdraw. Several movements that must happen together run in `transaction`.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite'
import { inTransaction } from './transaction.ts'

/** An account, by uid (the product API's user) or by bare jid (the messaging side's). */
type LedgerAccount = { uid: string } | { jid: string }

export interface Ledger {
  /** The gems balance, or null for an unknown account. */
  findGems(account: LedgerAccount): number | null
  /** The gems balance of an account that must exist (a signed-in user); throws otherwise. */
  gemsOf(account: LedgerAccount): number
  creditGems(account: LedgerAccount, gems: number): void
  /** Takes `gems` when the balance covers them; false (and nothing taken) otherwise. */
  debitGems(account: LedgerAccount, gems: number): boolean
  /** A paid order's gems: credited, and the account counts as a paying one from now on. */
  creditPurchase(account: LedgerAccount, gems: number): void
  /** The silver balance, or null for an unknown account. */
  findSilver(account: LedgerAccount): number | null
  creditSilver(account: LedgerAccount, silver: number): void
  /** Takes `silver` when the balance covers it; false (and nothing taken) otherwise. */
  debitSilver(account: LedgerAccount, silver: number): boolean
  /** Silver that was spent for good (a silver call's earned minute), counted for the silver club. */
  recordSilverSpent(account: LedgerAccount, silver: number): void
  /** Runs `work` in one transaction: every movement in it happens, or none. */
  transaction<T>(work: () => T): T
}

export function createLedger(db: DatabaseSync): Ledger {
  // Prepared on first use, then kept: a ledger made for one request prepares only what it runs.
  const statements = new Map<string, StatementSync>()
  function statement(sql: string): StatementSync {
    let prepared = statements.get(sql)
    if (!prepared) {
      prepared = db.prepare(sql)
      statements.set(sql, prepared)
    }
    return prepared
  }
  function keyOf(account: LedgerAccount): ['uid' | 'jid', string] {
    return 'uid' in account ? ['uid', account.uid] : ['jid', account.jid]
  }
  function read(column: 'gems_balance' | 'silver_balance', account: LedgerAccount): number | null {
    const [key, id] = keyOf(account)
    const row = statement(`SELECT ${column} AS balance FROM users WHERE ${key} = ?`).get(id) as { balance: number } | undefined
    return row?.balance ?? null
  }
  function credit(column: 'gems_balance' | 'silver_balance', account: LedgerAccount, amount: number): void {
    const [key, id] = keyOf(account)
    statement(`UPDATE users SET ${column} = ${column} + ? WHERE ${key} = ?`).run(amount, id)
  }
  function debit(column: 'gems_balance' | 'silver_balance', account: LedgerAccount, amount: number): boolean {
    const [key, id] = keyOf(account)
    const changed = statement(`UPDATE users SET ${column} = ${column} - ? WHERE ${key} = ? AND ${column} >= ?`).run(amount, id, amount)
    return Number(changed.changes) === 1
  }

  return {
    findGems: (account) => read('gems_balance', account),
    gemsOf(account) {
      const gems = read('gems_balance', account)
      if (gems === null) throw new Error(`no account ${'uid' in account ? account.uid : account.jid}`)
      return gems
    },
    creditGems: (account, gems) => credit('gems_balance', account, gems),
    debitGems: (account, gems) => debit('gems_balance', account, gems),
    creditPurchase(account, gems) {
      const [key, id] = keyOf(account)
      statement(`UPDATE users SET gems_balance = gems_balance + ?, paid = 1 WHERE ${key} = ?`).run(gems, id)
    },
    findSilver: (account) => read('silver_balance', account),
    creditSilver: (account, silver) => credit('silver_balance', account, silver),
    debitSilver: (account, silver) => debit('silver_balance', account, silver),
    recordSilverSpent(account, silver) {
      const [key, id] = keyOf(account)
      statement(`UPDATE users SET silver_spent = silver_spent + ? WHERE ${key} = ?`).run(silver, id)
    },
    transaction: (work) => inTransaction(db, work),
  }
}
