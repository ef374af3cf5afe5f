/** Each user's transaction set in SQLite (table `transaction_sets` of migration 1): one JSON body (the set, its cash and accounts: `transaction-body.ts`) and its version. */
import type Database from 'better-sqlite3';
import { emptyTransactionSet } from '../../../src/model/transaction';
import type { Account, CashTransaction } from '../../../src/model/cash';
import type { TransactionStore } from '../types';
import {
  EMPTY_SET_JSON,
  storedBodyJson,
  storedBodyParts,
  storedBodyTail,
  storedExtras,
  storedTransactions,
  type StoredBody,
} from '../transaction-body';

/** Bytes read from the end of a stored body for its cash and accounts (a few hundred cash rows). */
export const EXTRAS_TAIL_BYTES = 32 * 1024;

export function sqliteTransactionStore(db: Database.Database): TransactionStore {
  const select = db.prepare('SELECT version, body FROM transaction_sets WHERE user_id = ?');
  // The body's last bytes only: what a PUT keeps (cash, accounts) is at the end of the text it wrote.
  const selectTail = db.prepare(
    'SELECT version, substr(CAST(body AS BLOB), -?) AS tail FROM transaction_sets WHERE user_id = ?',
  );
  const selectVersion = db.prepare('SELECT version FROM transaction_sets WHERE user_id = ?').pluck();
  const selectExtras = db.prepare(`
    SELECT version, json_extract(body, '$.cash', '$.accounts') AS extras FROM transaction_sets WHERE user_id = ?`);
  // The set without its accounts, with `cash: []` added where the body has none (key order kept, numbers and
  // strings as stored): the text GET answers.
  const selectJson = db.prepare(`
    SELECT version, json_insert(json_remove(body, '$.accounts'), '$.cash', json('[]')) AS setJson,
      json_extract(body, '$.accounts') AS accounts FROM transaction_sets WHERE user_id = ?`);
  const upsert = db.prepare(`
    INSERT INTO transaction_sets (user_id, version, body, updated_at_ms) VALUES (?, ?, ?, ?)
    ON CONFLICT (user_id) DO UPDATE SET version = excluded.version, body = excluded.body,
      updated_at_ms = excluded.updated_at_ms`);
  const write = db.transaction((userId: string, body: string, expectedVersion: number | undefined) => {
    const currentVersion = (selectVersion.get(userId) as number | undefined) ?? 0;
    if (expectedVersion !== undefined && expectedVersion !== currentVersion) {
      return { ok: false as const, currentVersion };
    }
    upsert.run(userId, currentVersion + 1, body, Date.now());
    return { ok: true as const, version: currentVersion + 1 };
  });
  return {
    async get(userId) {
      const row = select.get(userId) as { version: number; body: string } | undefined;
      if (!row) return { set: emptyTransactionSet(), version: 0 };
      return storedTransactions(JSON.parse(row.body) as StoredBody, row.version);
    },
    async getJson(userId) {
      // The body as this code writes it is cut in JavaScript: SQLite's JSON functions parse and write the
      // whole set again (several ms for 2,000 rows); they take apart only a body laid out otherwise.
      const stored = select.get(userId) as { version: number; body: string } | undefined;
      if (!stored) return { version: 0, setJson: EMPTY_SET_JSON };
      const parts = storedBodyParts(stored.body);
      if (parts) return { version: stored.version, setJson: parts.setJson, accounts: parts.accounts };
      const row = selectJson.get(userId) as { version: number; setJson: string; accounts: string | null } | undefined;
      if (!row) return { version: 0, setJson: EMPTY_SET_JSON };
      return row.accounts === null
        ? { version: row.version, setJson: row.setJson }
        : { version: row.version, setJson: row.setJson, accounts: JSON.parse(row.accounts) as Account[] };
    },
    async version(userId) {
      return (selectVersion.get(userId) as number | undefined) ?? 0;
    },
    async extras(userId) {
      // Most bodies end with their cash and accounts within EXTRAS_TAIL_BYTES: only those bytes leave
      // SQLite (not the whole set as a string). A cut inside a character garbles only what comes before.
      const last = selectTail.get(EXTRAS_TAIL_BYTES, userId) as { version: number; tail: Buffer } | undefined;
      if (!last) return { version: 0 };
      const inTail = storedBodyTail(last.tail.toString('utf8'));
      if (inTail) return storedExtras(last.version, inTail.cash, inTail.accounts);
      const stored = select.get(userId) as { version: number; body: string } | undefined;
      if (!stored) return { version: 0 };
      const parts = storedBodyParts(stored.body);
      if (parts) return storedExtras(stored.version, parts.cash, parts.accounts);
      // Both paths in one call: SQLite parses the body once, and answers `[cash, accounts]` (null where absent).
      const row = selectExtras.get(userId) as { version: number; extras: string } | undefined;
      if (!row) return { version: 0 };
      const [cash, accounts] = JSON.parse(row.extras) as [CashTransaction[] | null, Account[] | null];
      return storedExtras(row.version, cash ?? undefined, accounts ?? undefined);
    },
    async put(userId, set, expectedVersion, accounts, setJson) {
      // IMMEDIATE takes the write lock before reading the version, so no other writer slips in between.
      return write.immediate(userId, storedBodyJson(set, accounts, setJson), expectedVersion);
    },
  };
}
