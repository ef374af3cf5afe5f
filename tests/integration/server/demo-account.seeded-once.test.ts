/**
 * The demo account is created on first start with the demo portfolio; a restart on the same DATA_DIR
 * keeps the same account and the same signing keys, and returns its data to the portfolio (issue 31:
 * whatever a visitor wrote into the shared account must not stay).
 */
import { FIRST_ACCOUNT } from '#src/model/cash';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '#helpers/oidc-login';
import { validateTransactionsBody } from '#src/model/transaction-schema';
import { PROJECT_ROOT, startTestServer } from '#helpers/test-server';
import { commission, dividend, stock, transactionsClient, transactionSet } from '#helpers/transactions-client';

/** The provider's keys in the server's SQLite database (a restart must not make new ones). */
function storedKeyIds(dataDir: string): string[] {
  const db = new Database(path.join(dataDir, 'investments.sqlite'), { readonly: true });
  try {
    return db.prepare('SELECT id FROM provider_keys ORDER BY id').pluck().all() as string[];
  } finally {
    db.close();
  }
}

let workDir: string;
let portfolioFile: string;

const portfolio = transactionSet({
  stock: [stock('VWCE.DE', '2021-03-01', 5, 480), stock('AAPL', '2020-09-01', 4, 500, { currency: 'USD' })],
  dividend: [dividend('AAPL', '2021-02-11', 0.82, { currency: 'USD' })],
  commission: [commission('VWCE.DE', '2021-03-01', 2)],
});

beforeAll(() => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-account-'));
  portfolioFile = path.join(workDir, 'demo-portfolio.json');
  fs.writeFileSync(portfolioFile, JSON.stringify({ transactions: portfolio }));
});
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

describe('on a fresh DATA_DIR', () => {
  it('seeds the demo account once; a restart returns its data to the portfolio', async () => {
    const dataDir = path.join(workDir, 'data');
    const env = { DATA_DIR: dataDir, DEMO_PORTFOLIO_FILE: portfolioFile };

    const first = await startTestServer(env);
    const keysBeforeRestart = storedKeyIds(dataDir);
    expect(keysBeforeRestart).toHaveLength(2);
    let subBeforeRestart: string;
    try {
      const demo = await signIn(first.url, { username: 'demo', password: 'demo' });
      subBeforeRestart = demo.sub;
      const api = transactionsClient(first.url, demo.idToken);
      const seeded = await api.get();
      expect(seeded.etag).toBe('"v1"');
      expect(seeded.body.transactions).toEqual({
        ...portfolio,
        stock: [portfolio.stock[1], portfolio.stock[0]],
        cash: portfolio.cash ?? [],
      });
      expect((await api.put({ transactions: transactionSet() }, { ifMatch: '"v1"' })).status).toBe(200);
    } finally {
      await first.close();
    }

    const second = await startTestServer(env);
    try {
      expect(storedKeyIds(dataDir)).toEqual(keysBeforeRestart);
      const demo = await signIn(second.url, { username: 'demo', password: 'demo' });
      expect(demo.sub).toBe(subBeforeRestart);
      const reset = await transactionsClient(second.url, demo.idToken).get();
      expect(reset.etag).toBe('"v3"');
      expect(reset.body.transactions).toEqual({
        ...portfolio,
        stock: [portfolio.stock[1], portfolio.stock[0]],
        cash: portfolio.cash ?? [],
      });

      const newcomer = await signIn(second.url, {
        username: 'newcomer',
        password: 'newcomer-secret',
        createAccount: true,
      });
      expect((await transactionsClient(second.url, newcomer.idToken).get()).body).toEqual({
        transactions: { ...transactionSet(), cash: [] },
        accounts: [FIRST_ACCOUNT],
      });
    } finally {
      await second.close();
    }
  }, 90_000);
});

describe('the shipped demo portfolio', () => {
  it('passes the transaction schema, so first starts seed it instead of starting empty', () => {
    const shipped = path.join(PROJECT_ROOT, 'data/demo-portfolio.json');
    const validation = validateTransactionsBody(JSON.parse(fs.readFileSync(shipped, 'utf8')));
    expect(validation.ok ? [] : validation.issues).toEqual([]);
  });
});
