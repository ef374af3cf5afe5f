/**
 * One contract, two databases: SQLite (a temp file) and PostgreSQL (a fresh schema in DATABASE_URL).
 * Without DATABASE_URL the PostgreSQL run is skipped with a notice, except under CI where it fails.
 */
import { describe, expect, it } from 'vitest';
import type { CashTransaction } from '#src/model/cash';
import type { Transaction, TransactionSet } from '#src/model/transaction';
import type { ProviderKey, Storage } from '#server/storage/types';
import { openForTheSuite, storageBackends } from '#helpers/storage-backends';
import { stock as stockOf } from '#helpers/transactions-client';

/** A VWCE.DE buy in EUR. */
const stock = (date: string, amount: number, value: number, extra: Partial<Transaction> = {}): Transaction =>
  stockOf('VWCE.DE', date, amount, value, extra);

const setOf = (...stocks: Transaction[]): TransactionSet => ({ stock: stocks, dividend: [], commission: [] });

describe.each(storageBackends('storage contract'))('storage contract on $name', (backend) => {
  let storage: Storage;
  openForTheSuite(backend, (opened) => (storage = opened));

  it('says its kind and holds the quotes cache on the tables of migration 2', async () => {
    expect(storage.kind).toBe(backend.kind);
    expect(await storage.quotes.coverage('NOT.STORED')).toBeNull();
    const coverage = { startSeconds: 1_700_000_000, endSeconds: 1_700_086_400, fetchedAtSeconds: 1_700_090_000 };
    await storage.quotes.write(
      'CONTRACT.AS',
      { meta: { currency: 'EUR' }, bars: [], dividends: [], splits: [] },
      coverage,
    );
    expect(await storage.quotes.coverage('CONTRACT.AS')).toEqual({ ...coverage, written: expect.any(String) });
  });

  it('answers a ping', async () => {
    await expect(storage.ping()).resolves.toBeUndefined();
  });

  it('gives a new user an empty set at version 0', async () => {
    expect(await storage.transactions.get('new-user')).toEqual({ set: setOf(), version: 0 });
  });

  it('stores a set and returns it unchanged, numbers and import ids included', async () => {
    const set: TransactionSet = {
      stock: [stock('2020-01-02', 0.1 + 0.2, -1e-7, { importId: 'degiro:abc' }), stock('2021-06-30', 1e9, 123_456.789)],
      dividend: [{ ticker: 'AAPL', type: 'dividend', date: '2021-02-11', amount: 1, value: 0.205, currency: 'USD' }],
      commission: [{ ticker: 'AAPL', type: 'commission', date: '2021-02-11', amount: 1, value: -0.5, currency: 'EUR' }],
    };
    expect(await storage.transactions.put('round-trip', set)).toEqual({ ok: true, version: 1 });
    expect(await storage.transactions.get('round-trip')).toEqual({ set, version: 1 });
  });

  it('counts versions and refuses a stale expected version without changing anything', async () => {
    const user = 'versions';
    expect(await storage.transactions.put(user, setOf(stock('2020-01-01', 1, 10)), 0)).toEqual({
      ok: true,
      version: 1,
    });
    expect(await storage.transactions.put(user, setOf(stock('2020-01-01', 2, 20)), 1)).toEqual({
      ok: true,
      version: 2,
    });
    expect(await storage.transactions.put(user, setOf(stock('2020-01-01', 3, 30)), 1)).toEqual({
      ok: false,
      currentVersion: 2,
    });
    expect(await storage.transactions.put(user, setOf(), 0)).toEqual({ ok: false, currentVersion: 2 });
    expect(await storage.transactions.get(user)).toEqual({ set: setOf(stock('2020-01-01', 2, 20)), version: 2 });
    // The version alone (a conditional GET's), 0 for a user who never wrote.
    expect(await storage.transactions.version(user)).toBe(2);
    expect(await storage.transactions.version('never-wrote')).toBe(0);
  });

  it('reads the version, cash and accounts alone as stored, and none for a new user or a body without them', async () => {
    const cash: CashTransaction[] = [
      { type: 'cash', kind: 'deposit', date: '2020-01-01', value: 1000.1, currency: 'EUR', account: 'broker' },
      { type: 'cash', kind: 'fee', date: '2020-02-03', value: -2.5, currency: 'USD', account: 'broker' },
    ];
    const accounts = [{ id: 'broker', name: 'DEGIRO' }];
    expect(await storage.transactions.extras('no-extras-yet')).toEqual({ version: 0 });
    await storage.transactions.put('extras', { ...setOf(stock('2020-01-02', 1, 10)), cash }, 0, accounts);
    expect(await storage.transactions.extras('extras')).toEqual({ version: 1, cash, accounts });
    await storage.transactions.put('seed-shaped', setOf(stock('2020-01-02', 1, 10)), 0);
    expect(await storage.transactions.extras('seed-shaped')).toEqual({ version: 1 });
  });

  it('reads the cash and accounts of a long cash list, and of accounts whose last bytes are not ASCII', async () => {
    // SQLite reads the body's last bytes first: a cash list longer than those, and a read that starts
    // inside a character, give what the whole body holds.
    const longCash: CashTransaction[] = Array.from({ length: 1200 }, (_, i) => ({
      type: 'cash',
      kind: 'interest',
      date: `20${10 + (i % 15)}-01-0${1 + (i % 9)}`,
      value: i + 0.5,
      currency: 'EUR',
      importId: `cash-interest-${i}-株式会社`,
    }));
    const accounts = [{ id: 'main', name: 'Konto 株式会社 '.repeat(3).trim() }];
    await storage.transactions.put('long-cash', { ...setOf(stock('2020-01-02', 1, 10)), cash: longCash }, 0, accounts);
    expect(await storage.transactions.extras('long-cash')).toEqual({ version: 1, cash: longCash, accounts });
    const rows = Array.from({ length: 400 }, (_, i) =>
      stock('2020-01-02', 1, 10, { importId: `degiro:株${String(i).padStart(8, '0')}` }),
    );
    for (const cut of [0, 1, 2]) {
      const cash = [{ ...longCash[0]!, importId: `x${'é'.repeat(cut)}` }];
      await storage.transactions.put(`cut-${cut}`, { ...setOf(...rows), cash }, 0, accounts);
      expect(await storage.transactions.extras(`cut-${cut}`)).toEqual({ version: 1, cash, accounts });
    }
  });

  it('reads the set as JSON text, as stored, its cash list always in, without its accounts', async () => {
    const cash: CashTransaction[] = [
      { type: 'cash', kind: 'interest', date: '2020-01-01', value: -1e-7, currency: 'EUR', account: 'b' },
    ];
    const accounts = [{ id: 'b', name: 'Broker "B", \\ 株 \u2028 ,"accounts":[' }];
    const tricky = stock('2020-01-02', 0.1 + 0.2, 123_456.789, { importId: 'degiro:"x",\\ é \ud83d\ude00' });
    const set: TransactionSet = { ...setOf(tricky, stock('2021-06-30', 1e21, 5e-324)), cash };
    expect(await storage.transactions.getJson('json-new-user')).toEqual({
      version: 0,
      setJson: '{"stock":[],"dividend":[],"commission":[],"cash":[]}',
    });
    await storage.transactions.put('json', set, 0, accounts);
    const read = await storage.transactions.getJson('json');
    expect({ ...read, setJson: JSON.parse(read.setJson) }).toEqual({ version: 1, setJson: set, accounts });
    // SQLite keeps the text as written (key order, numbers, escapes): GET answers the very bytes a PUT answered.
    if (backend.kind === 'sqlite') expect(read.setJson).toBe(JSON.stringify(set));
    await storage.transactions.put('json-seed-shaped', setOf(tricky), 0);
    const seedShaped = await storage.transactions.getJson('json-seed-shaped');
    expect({ ...seedShaped, setJson: JSON.parse(seedShaped.setJson) }).toEqual({
      version: 1,
      setJson: { ...setOf(tricky), cash: [] },
    });
    if (backend.kind === 'sqlite') expect(seedShaped.setJson).toBe(JSON.stringify({ ...setOf(tricky), cash: [] }));
  });

  it('refuses an expected version for a user who has never written', async () => {
    expect(await storage.transactions.put('never-wrote', setOf(), 3)).toEqual({ ok: false, currentVersion: 0 });
    expect(await storage.transactions.get('never-wrote')).toEqual({ set: setOf(), version: 0 });
  });

  it('lets exactly one of many concurrent writers with the same base version win', async () => {
    const user = 'race';
    await storage.transactions.put(user, setOf());
    const attempts = Array.from({ length: 8 }, (_, i) =>
      storage.transactions.put(user, setOf(stock('2020-01-01', i + 1, 1)), 1),
    );
    const results = await Promise.all(attempts);
    const winners = results.filter((r) => r.ok);
    expect(winners).toEqual([{ ok: true, version: 2 }]);
    expect(results.filter((r) => !r.ok)).toHaveLength(7);
    const winnerIndex = results.findIndex((r) => r.ok);
    expect(await storage.transactions.get(user)).toEqual({
      set: setOf(stock('2020-01-01', winnerIndex + 1, 1)),
      version: 2,
    });
  });

  it('keeps users apart', async () => {
    await storage.transactions.put('alice', setOf(stock('2020-01-01', 5, 50)));
    await storage.transactions.put('bob', setOf(stock('2022-01-01', 7, 70)));
    expect((await storage.transactions.get('alice')).set).toEqual(setOf(stock('2020-01-01', 5, 50)));
    expect((await storage.transactions.get('bob')).set).toEqual(setOf(stock('2022-01-01', 7, 70)));
  });

  it('creates an account once and refuses the same username again', async () => {
    const account = { sub: 'sub-1', username: 'carol', passwordHash: 'scrypt$x', createdAtMs: 1_700_000_000_000 };
    expect(await storage.accounts.create(account)).toBe('created');
    expect(await storage.accounts.create({ ...account, sub: 'sub-2', passwordHash: 'other' })).toBe('taken');
    expect(await storage.accounts.findByUsername('carol')).toEqual(account);
    expect(await storage.accounts.findBySub('sub-1')).toEqual(account);
    expect(await storage.accounts.findBySub('sub-2')).toBeUndefined();
    expect(await storage.accounts.findByUsername('dave')).toBeUndefined();
  });

  it('stores OpenID provider entries by id, uid and user code, and consumes them', async () => {
    const future = Math.floor(Date.now() / 1000) + 600;
    await storage.oidc.upsert('Interaction', 'i1', { uid: 'u1', userCode: 'c1', params: { a: 1 } }, future);
    expect(await storage.oidc.find('Interaction', 'i1')).toEqual({ uid: 'u1', userCode: 'c1', params: { a: 1 } });
    expect(await storage.oidc.findByUid('Interaction', 'u1')).toEqual({ uid: 'u1', userCode: 'c1', params: { a: 1 } });
    expect(await storage.oidc.findByUserCode('Interaction', 'c1')).toMatchObject({ uid: 'u1' });
    expect(await storage.oidc.find('Session', 'i1')).toBeUndefined();

    await storage.oidc.consume('Interaction', 'i1');
    expect((await storage.oidc.find('Interaction', 'i1'))?.consumed).toEqual(expect.any(Number));
    await storage.oidc.upsert('Interaction', 'i1', { uid: 'u1' }, future);
    expect(await storage.oidc.find('Interaction', 'i1')).toEqual({ uid: 'u1' });

    await storage.oidc.destroy('Interaction', 'i1');
    expect(await storage.oidc.find('Interaction', 'i1')).toBeUndefined();
  });

  it('revokes every entry of a grant, whatever its model', async () => {
    await storage.oidc.upsert('RefreshToken', 'r1', { grantId: 'g1' }, undefined);
    await storage.oidc.upsert('AccessToken', 'a1', { grantId: 'g1' }, undefined);
    await storage.oidc.upsert('AccessToken', 'a2', { grantId: 'g2' }, undefined);
    await storage.oidc.revokeByGrantId('g1');
    expect(await storage.oidc.find('RefreshToken', 'r1')).toBeUndefined();
    expect(await storage.oidc.find('AccessToken', 'a1')).toBeUndefined();
    expect(await storage.oidc.find('AccessToken', 'a2')).toEqual({ grantId: 'g2' });
  });

  it('hides expired entries and deletes them on purge', async () => {
    const past = Math.floor(Date.now() / 1000) - 1;
    await storage.oidc.upsert('Session', 'old', { uid: 'old-uid' }, past);
    expect(await storage.oidc.find('Session', 'old')).toBeUndefined();
    expect(await storage.oidc.findByUid('Session', 'old-uid')).toBeUndefined();
    expect(await storage.oidc.deleteExpired()).toBeGreaterThanOrEqual(1);
    expect(await storage.oidc.deleteExpired()).toBe(0);
  });

  const keyPair = (tag: string, createdAtMs: number): ProviderKey[] => [
    { id: `sig-${tag}`, kind: 'signing', secret: `{"kid":"sig-${tag}"}`, createdAtMs },
    { id: `cookie-${tag}`, kind: 'cookie', secret: `cookie-secret-${tag}`, createdAtMs },
  ];

  it('stores the provider keys once when several instances start at the same moment', async () => {
    const instances = await Promise.all([backend.open(), backend.open(), backend.open()]);
    try {
      const results = await Promise.all(
        instances.map((instance, i) => instance.providerKeys.initialize(keyPair(`start-${i}`, 1000), 1000)),
      );
      const ids = results[0]!.map((key) => key.id).sort();
      expect(ids).toHaveLength(2);
      expect(ids[0]).toMatch(/^cookie-start-\d$/);
      expect(ids[1]).toBe(ids[0]!.replace('cookie', 'sig'));
      for (const result of results) expect(result.map((key) => key.id).sort()).toEqual(ids);
      // Initializing again changes nothing.
      expect((await storage.providerKeys.initialize(keyPair('late', 2000), 2000)).map((key) => key.id).sort()).toEqual(
        ids,
      );
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });

  it('rotates the provider keys: the retired ones verify until their time, then are forgotten', async () => {
    const before = (await storage.providerKeys.list(3000)).map((key) => key.id).sort();
    const rotated = await storage.providerKeys.rotate(keyPair('r1', 5000), {
      nowMs: 5000,
      signingUntilMs: 8000,
      cookieUntilMs: 50_000,
    });
    expect(rotated.map((key) => [key.id, key.retiredAtMs, key.verifyUntilMs])).toEqual([
      ['cookie-r1', undefined, undefined],
      ['sig-r1', undefined, undefined],
      [before[0], 5000, 50_000],
      [before[1], 5000, 8000],
    ]);
    expect(rotated.find((key) => key.id === 'sig-r1')).toEqual(keyPair('r1', 5000)[0]);
    // Past the signing key's time it is no longer listed; the cookie key still is.
    expect((await storage.providerKeys.list(8000)).map((key) => key.id)).toEqual(['cookie-r1', 'sig-r1', before[0]]);
    // A second rotation forgets what has expired and retires the keys of the first.
    const again = await storage.providerKeys.rotate(keyPair('r2', 60_000), {
      nowMs: 60_000,
      signingUntilMs: 70_000,
      cookieUntilMs: 90_000,
    });
    expect(again.map((key) => key.id)).toEqual(['cookie-r2', 'sig-r2', 'cookie-r1', 'sig-r1']);
    expect(again.filter((key) => key.retiredAtMs === undefined).map((key) => key.id)).toEqual(['cookie-r2', 'sig-r2']);
    const reopened = await backend.open();
    try {
      expect((await reopened.providerKeys.list(60_000)).map((key) => key.id)).toEqual([
        'cookie-r2',
        'sig-r2',
        'cookie-r1',
        'sig-r1',
      ]);
    } finally {
      await reopened.close();
    }
  });

  it('opens the same database again without migrating twice, data kept', async () => {
    const again = await backend.open();
    try {
      expect((await again.transactions.get('alice')).set).toEqual(setOf(stock('2020-01-01', 5, 50)));
    } finally {
      await again.close();
    }
  });
});
