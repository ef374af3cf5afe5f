/**
 * The symbol store (migration 3), one contract on SQLite (a temp file) and PostgreSQL (a fresh schema in
 * DATABASE_URL; skipped with a notice without it): choices per user, forgetting, the shared lookup cache,
 * account deletion, and a database that already ran version 1 migrating past the missing version 2.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { SymbolCandidate } from '#src/model';
import { MIGRATIONS } from '#server/storage/migrations';
import { openSqliteStorage } from '#server/storage/sqlite/sqlite-storage';
import type { Storage } from '#server/storage/types';
import { openForTheSuite, storageBackends } from '#helpers/storage-backends';

const vwce: SymbolCandidate = {
  symbol: 'VWCE.DE',
  name: 'Vanguard FTSE All-World',
  exchange: 'GER',
  venue: 'XETRA',
  currency: 'EUR',
  type: 'ETF',
};

describe.each(storageBackends('symbols storage contract'))('symbol store on $name', (backend) => {
  let storage: Storage;
  openForTheSuite(backend, (opened) => (storage = opened));

  it('keeps each user’s choices to that user and finds only the ISINs asked', async () => {
    await storage.symbols.saveChoices('alice', [
      { isin: 'IE00BK5BQT80', symbol: 'VWCE.DE' },
      { isin: 'US0378331005', symbol: 'AAPL' },
    ]);
    await storage.symbols.saveChoices('bob', [{ isin: 'IE00BK5BQT80', symbol: 'VWCE.MI' }]);
    expect(await storage.symbols.choices('alice', ['IE00BK5BQT80'])).toEqual(new Map([['IE00BK5BQT80', 'VWCE.DE']]));
    expect(await storage.symbols.choices('bob', ['IE00BK5BQT80', 'US0378331005'])).toEqual(
      new Map([['IE00BK5BQT80', 'VWCE.MI']]),
    );
    expect(await storage.symbols.choices('carol', ['IE00BK5BQT80'])).toEqual(new Map());
    expect(await storage.symbols.allChoices('alice')).toEqual(
      new Map([
        ['IE00BK5BQT80', 'VWCE.DE'],
        ['US0378331005', 'AAPL'],
      ]),
    );
    expect(await storage.symbols.allChoices('carol')).toEqual(new Map());
  });

  it('replaces a choice, and forgets one whose symbol is null, in one write', async () => {
    await storage.symbols.saveChoices('alice', [
      { isin: 'IE00BK5BQT80', symbol: 'VWRP.L' },
      { isin: 'US0378331005', symbol: null },
    ]);
    expect(await storage.symbols.choices('alice', ['IE00BK5BQT80', 'US0378331005'])).toEqual(
      new Map([['IE00BK5BQT80', 'VWRP.L']]),
    );
  });

  it('caches lookups for everyone, an empty one too, and replaces them', async () => {
    await storage.symbols.saveLookup('IE00BK5BQT80', { candidates: [vwce], fetchedAtMs: 1_000 });
    await storage.symbols.saveLookup('NL0000000000', { candidates: [], fetchedAtMs: 2_000 });
    expect(await storage.symbols.lookups(['IE00BK5BQT80', 'NL0000000000', 'US0378331005'])).toEqual(
      new Map([
        ['IE00BK5BQT80', { candidates: [vwce], fetchedAtMs: 1_000 }],
        ['NL0000000000', { candidates: [], fetchedAtMs: 2_000 }],
      ]),
    );
    await storage.symbols.saveLookup('IE00BK5BQT80', { candidates: [], fetchedAtMs: 3_000 });
    expect((await storage.symbols.lookups(['IE00BK5BQT80'])).get('IE00BK5BQT80')).toEqual({
      candidates: [],
      fetchedAtMs: 3_000,
    });
  });

  it('forgets every choice of a deleted account, and only that account’s', async () => {
    await storage.deleteUser('alice');
    expect(await storage.symbols.choices('alice', ['IE00BK5BQT80'])).toEqual(new Map());
    expect(await storage.symbols.choices('bob', ['IE00BK5BQT80'])).toEqual(new Map([['IE00BK5BQT80', 'VWCE.MI']]));
  });

  it('keeps everything when the database is opened again (migrations run once)', async () => {
    const again = await backend.open();
    try {
      expect(await again.symbols.choices('bob', ['IE00BK5BQT80'])).toEqual(new Map([['IE00BK5BQT80', 'VWCE.MI']]));
    } finally {
      await again.close();
    }
  });
});

it('migrates a database made at version 1 past a version that does not exist', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'symbols-version-1-'));
  const file = path.join(dir, 'version-1.sqlite');
  const old = new Database(file);
  old.exec(
    'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at_ms BIGINT NOT NULL)',
  );
  old.exec(MIGRATIONS.find((migration) => migration.version === 1)!.sqlite);
  old.prepare('INSERT INTO schema_migrations VALUES (1, ?, 0)').run('v1');
  old.close();
  const storage = openSqliteStorage(file);
  try {
    await storage.symbols.saveChoices('dave', [{ isin: 'US0378331005', symbol: 'AAPL' }]);
    expect(await storage.symbols.choices('dave', ['US0378331005'])).toEqual(new Map([['US0378331005', 'AAPL']]));
    const versions = storage.db
      .prepare('SELECT version FROM schema_migrations ORDER BY version')
      .pluck()
      .all() as number[];
    expect(versions).toEqual(MIGRATIONS.map((migration) => migration.version).sort((a, b) => a - b));
    expect(versions).toContain(3);
  } finally {
    await storage.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
