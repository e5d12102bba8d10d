import type { DatabaseSync } from 'node:sqlite'

interface Migration {
  version: number
  sql: string
  /** What SQL alone cannot say (a column added only where it is missing), run after `sql` in the same transaction. */
  after?: (db: DatabaseSync) => void
}

/**
 * Schema migrations in order; PRAGMA user_version holds the last applied version. Every table of the
 * database is created here, the development analytics events included: they live in the same file.
 */
const MIGRATIONS: readonly Migration[] = [
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
  {
    version: 2,
    sql: `
      ALTER TABLE anchors ADD COLUMN birthday TEXT NOT NULL DEFAULT '';
      ALTER TABLE anchors ADD COLUMN online_status TEXT NOT NULL DEFAULT 'offline';
      ALTER TABLE anchors ADD COLUMN hot_score INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE anchors ADD COLUMN joined_day INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE anchors ADD COLUMN is_club INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE anchors ADD COLUMN silver_call_price INTEGER NOT NULL DEFAULT 10;
      ALTER TABLE anchors ADD COLUMN photo_count INTEGER NOT NULL DEFAULT 3;
      CREATE TABLE profiles (
        uid TEXT PRIMARY KEY REFERENCES users(uid) ON DELETE CASCADE,
        avatar_url TEXT NOT NULL DEFAULT '',
        gender TEXT NOT NULL DEFAULT '',
        birthday TEXT NOT NULL DEFAULT '',
        country TEXT NOT NULL DEFAULT '',
        language TEXT NOT NULL DEFAULT '',
        about TEXT NOT NULL DEFAULT '',
        email TEXT NOT NULL DEFAULT '',
        remind_check_in INTEGER NOT NULL DEFAULT 1
      );
      CREATE TABLE check_ins (
        uid TEXT NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
        day INTEGER NOT NULL,
        coins INTEGER NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (uid, day)
      );
      CREATE TABLE task_claims (
        uid TEXT NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
        task_key TEXT NOT NULL,
        period INTEGER NOT NULL,
        coins INTEGER NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (uid, task_key, period)
      );
      CREATE TABLE relations (
        from_jid TEXT NOT NULL,
        to_jid TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('like', 'pass', 'friend_request', 'friend', 'favorite', 'online_notice')),
        at INTEGER NOT NULL,
        PRIMARY KEY (from_jid, to_jid, kind)
      );
      CREATE INDEX relations_to ON relations(to_jid, kind);
      CREATE TABLE auto_messages (
        uid TEXT NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
        anchor_jid TEXT NOT NULL,
        day INTEGER NOT NULL,
        text TEXT NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (uid, anchor_jid, day)
      );
      CREATE TABLE cards (
        card_id TEXT PRIMARY KEY,
        uid TEXT NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
        brand TEXT NOT NULL,
        last4 TEXT NOT NULL,
        expiry_month INTEGER NOT NULL,
        expiry_year INTEGER NOT NULL,
        holder_name TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE orders (
        order_id TEXT PRIMARY KEY,
        uid TEXT NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
        client_order_key TEXT NOT NULL,
        sku TEXT NOT NULL,
        country TEXT NOT NULL,
        currency TEXT NOT NULL,
        amount_cents INTEGER NOT NULL,
        gems INTEGER NOT NULL,
        channel_id TEXT NOT NULL,
        card_id TEXT,
        status TEXT NOT NULL CHECK (status IN ('pending', 'success', 'failed', 'expired')),
        fbp TEXT NOT NULL DEFAULT '',
        fbc TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        settled_at INTEGER,
        gems_credited INTEGER NOT NULL DEFAULT 0,
        UNIQUE (uid, client_order_key)
      );
      CREATE INDEX orders_uid ON orders(uid, created_at);
      CREATE TABLE club_rewards (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        uid TEXT NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
        silver INTEGER NOT NULL,
        reason TEXT NOT NULL,
        anchor_jid TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
    `,
  },
  {
    version: 3,
    sql: `
      CREATE TABLE image_unlocks (
        uid TEXT NOT NULL REFERENCES users(uid) ON DELETE CASCADE,
        path TEXT NOT NULL,
        anchor_jid TEXT NOT NULL,
        price INTEGER NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (uid, path)
      );
    `,
  },
  {
    version: 4,
    // The settings that follow the account (AccountSettings), as JSON: only those the user changed.
    sql: `
      ALTER TABLE profiles ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
    `,
  },
  {
    version: 5,
    // A card is offered again (payment_channels) only when its owner chose to save it; a card used
    // once is kept for its order (the 3-D Secure step names it) and never listed.
    sql: `
      ALTER TABLE cards ADD COLUMN saved INTEGER NOT NULL DEFAULT 1;
    `,
  },
  {
    version: 6,
    // The payment provider's card vault (played by the simulator, simulator/cardVault.ts): card
    // numbers and codes stop there; the product keeps a card by the provider's fingerprint. A card's
    // `code_token` is the token whose security code pays its next authorization, once.
    sql: `
      CREATE TABLE vault_tokens (
        token TEXT PRIMARY KEY,
        fingerprint TEXT NOT NULL,
        brand TEXT NOT NULL,
        last4 TEXT NOT NULL,
        expiry_month INTEGER NOT NULL,
        expiry_year INTEGER NOT NULL,
        holder_name TEXT NOT NULL,
        code_given INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        redeemed_at INTEGER
      );
      ALTER TABLE cards ADD COLUMN code_token TEXT;
    `,
  },
  {
    version: 7,
    // Three tables that used to be created on first use: IF NOT EXISTS because a database of an
    // earlier version may already hold them. call_records: one row per call the hub set up
    // (xmpp/callRecords.ts). push_tokens: the FCM token per device (routes/push.ts).
    // dev_analytics_events: what the development analytics receiver kept, once per event id
    // (analytics/store.ts).
    sql: `
      CREATE TABLE IF NOT EXISTS call_records (
        sid TEXT PRIMARY KEY,
        caller TEXT NOT NULL,
        callee TEXT NOT NULL,
        payer TEXT NOT NULL,
        price INTEGER NOT NULL,
        free_kind TEXT,
        state TEXT NOT NULL,
        reason TEXT NOT NULL DEFAULT '',
        start_time INTEGER NOT NULL,
        connecting_time INTEGER,
        end_time INTEGER,
        minutes INTEGER NOT NULL DEFAULT 0,
        gems_charged INTEGER NOT NULL DEFAULT 0,
        held INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX IF NOT EXISTS call_records_caller ON call_records(caller, start_time);
      CREATE INDEX IF NOT EXISTS call_records_callee ON call_records(callee, start_time);
      CREATE TABLE IF NOT EXISTS push_tokens (
        uid TEXT NOT NULL,
        device_id TEXT NOT NULL,
        token TEXT NOT NULL,
        platform TEXT NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (uid, device_id)
      );
      CREATE TABLE IF NOT EXISTS dev_analytics_events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        event_id TEXT NOT NULL UNIQUE,
        name TEXT,
        distinct_id TEXT NOT NULL,
        account_id TEXT,
        device_id TEXT NOT NULL,
        received_at INTEGER NOT NULL,
        arrivals INTEGER NOT NULL DEFAULT 1,
        payload TEXT NOT NULL
      );
    `,
    // An analytics table made before the arrivals count existed gets the column.
    after(db) {
      const columns = db.prepare("SELECT name FROM pragma_table_info('dev_analytics_events')").all() as { name: string }[]
      if (!columns.some((column) => column.name === 'arrivals')) db.exec('ALTER TABLE dev_analytics_events ADD COLUMN arrivals INTEGER NOT NULL DEFAULT 1')
    },
  },
  {
    // What users say about calls and accounts (our design, SPEC names neither): one rating per
    // participant and call (rating again replaces it), and the reports a moderator reads.
    version: 8,
    sql: `
      CREATE TABLE IF NOT EXISTS call_ratings (
        sid TEXT NOT NULL,
        rater TEXT NOT NULL,
        stars INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
        rated_at INTEGER NOT NULL,
        PRIMARY KEY (sid, rater)
      );
      CREATE TABLE IF NOT EXISTS user_reports (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        reporter TEXT NOT NULL,
        target TEXT NOT NULL,
        reason TEXT NOT NULL,
        detail TEXT NOT NULL DEFAULT '',
        sid TEXT,
        reported_at INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS user_reports_pair ON user_reports(reporter, target, reported_at);
    `,
  },
  {
    // The zone a user's days are counted in (check-in, daily tasks, daily silver calls): the server's
    // record, not each request's deviceInfo (world/userDay.ts).
    version: 9,
    sql: `
      CREATE TABLE IF NOT EXISTS user_day_zones (
        uid TEXT PRIMARY KEY,
        offset_minutes INTEGER NOT NULL,
        set_at INTEGER NOT NULL
      );
    `,
  },
  {
    // The silver a call earned its payer (a call with a silver-club host paid in gems), kept on the
    // call's record so the end of the call and the history can say so.
    version: 10,
    sql: `ALTER TABLE call_records ADD COLUMN silver_earned INTEGER NOT NULL DEFAULT 0;`,
  },
  {
    // Connected time whose media was down while the call recovered (ICE restart): neither billed nor
    // counted in the call's duration.
    version: 11,
    sql: `ALTER TABLE call_records ADD COLUMN paused_ms INTEGER NOT NULL DEFAULT 0;`,
  },
]

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0

function schemaVersionOf(db: DatabaseSync): number {
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
      migration.after?.(db)
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
