/**
 * Issue 31, item 4: the shared demo account could be taken for good (sign in as demo/demo, delete the
 * account, register `demo` with a new password), and what a visitor wrote into it stayed for everyone.
 * Now it cannot be deleted (403 with a message) or registered again, its data returns to the demo
 * portfolio on each start and every DEMO_RESET_SECONDS (here 2 s, on the real timer), an account left by
 * an older version with another password is replaced, and DEMO_ACCOUNT=off removes it and the sign-in
 * page no longer offers it. Real server over HTTP, real SQLite file, real sign-in.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '#server/oidc/passwords';
import { AMERICAN_MAPPING } from '#helpers/csv-mappings';
import { openSignInPage, signIn, SignInRefused } from '#helpers/oidc-login';
import { startTestServer, type TestServer } from '#helpers/test-server';
import { stock, transactionsClient, transactionSet } from '#helpers/transactions-client';

const portfolio = transactionSet({ stock: [stock('VWCE.DE', '2021-03-01', 5, 480)] });
let workDir: string;
let portfolioFile: string;

beforeAll(() => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-reserved-'));
  portfolioFile = path.join(workDir, 'demo-portfolio.json');
  fs.writeFileSync(portfolioFile, JSON.stringify({ transactions: portfolio }));
});
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

const json = (url: string, idToken: string, method: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method,
    headers: { Authorization: idToken, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** What a visitor left in the demo account: no transactions, a benchmark, a symbol choice, a mapping. */
async function scribble(server: TestServer, idToken: string): Promise<void> {
  const { etag } = await transactionsClient(server.url, idToken).get();
  expect(
    (await transactionsClient(server.url, idToken).put({ transactions: transactionSet() }, { ifMatch: etag! })).status,
  ).toBe(200);
  expect((await json(`${server.url}/api/settings`, idToken, 'PUT', { benchmark: 'AAPL' })).status).toBe(200);
  expect(
    (
      await json(`${server.url}/api/symbols/choices`, idToken, 'PUT', {
        choices: [{ isin: 'IE00BK5BQT80', symbol: 'ACME' }],
      })
    ).status,
  ).toBe(200);
  expect(
    (await json(`${server.url}/api/csv-mappings`, idToken, 'PUT', { header: 'a,b,c,d,e', mapping: AMERICAN_MAPPING }))
      .status,
  ).toBe(200);
}

async function demoData(server: TestServer, idToken: string) {
  const get = async (p: string) => (await fetch(`${server.url}${p}`, { headers: { Authorization: idToken } })).json();
  return {
    transactions: (await transactionsClient(server.url, idToken).get()).body.transactions,
    settings: await get('/api/settings'),
    choices: await get('/api/symbols/choices'),
    mappings: await get('/api/csv-mappings/all'),
  };
}

const pristine = {
  // As the server answers it: the demo portfolio with its cash list (none in the file: empty).
  transactions: { ...portfolio, cash: portfolio.cash ?? [] },
  settings: { settings: { benchmark: null, baseCurrency: 'EUR' } },
  choices: { choices: [] },
  mappings: { mappings: [] },
};

describe('the demo account (DEMO_ACCOUNT on, the default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      DATA_DIR: path.join(workDir, 'on'),
      DEMO_PORTFOLIO_FILE: portfolioFile,
      DEMO_RESET_SECONDS: '2',
    });
  });
  afterAll(() => server?.close());

  it('cannot be deleted: 403 with a message, and demo/demo still signs in to the same account', async () => {
    const demo = await signIn(server.url, { username: 'demo', password: 'demo' });
    const response = await json(`${server.url}/api/account`, demo.idToken, 'DELETE', { username: 'demo' });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toMatch(
      /demo account is shared by every visitor and cannot be deleted/,
    );
    expect((await signIn(server.url, { username: 'demo', password: 'demo' })).sub).toBe(demo.sub);
  });

  it('cannot be registered by anyone else', async () => {
    const error = await signIn(server.url, {
      username: 'Demo',
      password: 'a brand new password',
      createAccount: true,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SignInRefused);
    expect((error as SignInRefused).status).toBe(409);
    expect((error as SignInRefused).pageError).toMatch(/not available/);
  });

  it('returns to the demo portfolio on its timer: what a visitor wrote is gone', async () => {
    const demo = await signIn(server.url, { username: 'demo', password: 'demo' });
    await scribble(server, demo.idToken);
    expect((await demoData(server, demo.idToken)).transactions).toEqual({ ...transactionSet(), cash: [] });
    const deadline = Date.now() + 15_000;
    let data = await demoData(server, demo.idToken);
    while (JSON.stringify(data) !== JSON.stringify(pristine) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      data = await demoData(server, demo.idToken);
    }
    expect(data).toEqual(pristine);
  });

  it('the sign-in page offers it', async () => {
    const { html } = await openSignInPage(server.url);
    expect(html).toMatch(/Sign in as <strong>demo<\/strong>/);
  });
});

describe('an older database whose demo account has another password (taken over before this fix)', () => {
  it('gets the demo account back on start: demo/demo signs in, to a new subject, with the portfolio', async () => {
    const dataDir = path.join(workDir, 'taken');
    const env = { DATA_DIR: dataDir, DEMO_PORTFOLIO_FILE: portfolioFile };
    const first = await startTestServer(env);
    const before = await signIn(first.url, { username: 'demo', password: 'demo' });
    await first.close();
    const db = new Database(path.join(dataDir, 'investments.sqlite'));
    db.prepare("UPDATE accounts SET password_hash = ? WHERE username = 'demo'").run(
      await hashPassword('the attacker password'),
    );
    db.close();

    const second = await startTestServer(env);
    try {
      const after = await signIn(second.url, { username: 'demo', password: 'demo' });
      expect(after.sub).not.toBe(before.sub);
      expect((await transactionsClient(second.url, after.idToken).get()).body.transactions).toEqual({
        ...portfolio,
        cash: portfolio.cash ?? [],
      });
      await expect(signIn(second.url, { username: 'demo', password: 'the attacker password' })).rejects.toThrow(
        SignInRefused,
      );
    } finally {
      await second.close();
    }
  }, 90_000);
});

describe('DEMO_ACCOUNT=off', () => {
  it('removes the demo account; demo/demo fails and the sign-in page does not offer it', async () => {
    const dataDir = path.join(workDir, 'off');
    const on = await startTestServer({ DATA_DIR: dataDir, DEMO_PORTFOLIO_FILE: portfolioFile });
    await signIn(on.url, { username: 'demo', password: 'demo' });
    await on.close();

    const off = await startTestServer({ DATA_DIR: dataDir, DEMO_ACCOUNT: 'off' });
    try {
      await expect(signIn(off.url, { username: 'demo', password: 'demo' })).rejects.toThrow(SignInRefused);
      const { html } = await openSignInPage(off.url);
      expect(html).toMatch(/Create account/);
      expect(html).not.toMatch(/demo/i);
      const db = new Database(path.join(dataDir, 'investments.sqlite'), { readonly: true });
      expect(db.prepare("SELECT count(*) FROM accounts WHERE username = 'demo'").pluck().get()).toBe(0);
      db.close();
    } finally {
      await off.close();
    }
  }, 90_000);
});
