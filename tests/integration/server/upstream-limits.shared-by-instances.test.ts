/**
 * The limits on calls to Yahoo are kept in the database (migration 11), so several instances together
 * stay within one budget and see one breaker, and a restart forgets neither. Real servers in `yahoo`
 * mode, their upstream the fake Yahoo on loopback counting every call (made-up symbols: it answers 404,
 * which costs a call from the budget; 429: an outage for everyone).
 * - PostgreSQL (DATABASE_URL, else a cluster of the test's own; skipped, saying why, without either):
 *   two instances, one user asking A then B: together no more calls than one budget; B restarted still
 *   refuses; Yahoo throttling seen by A opens the breaker on B, and on B restarted.
 * - SQLite: one server restarted on its data folder keeps the used budget.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TUNING } from '#server/quotes/quotes-service';
import { startFakeYahooUpstream, type FakeYahooUpstream } from '#helpers/hardening/fake-yahoo-upstream';
import { mintIdToken, serverSigningKey } from '#helpers/id-tokens';
import { postgresForTest, postgresSkipReason, type TestPostgres } from '#helpers/postgres-cluster';
import { createTestSchema, type TestSchema } from '#helpers/postgres-schema';
import { startTestServer, type TestServer } from '#helpers/test-server';

const RANGE = { start: Date.UTC(2023, 0, 1) / 1000, end: Date.UTC(2023, 6, 1) / 1000 };
const { burst, perMinute } = DEFAULT_TUNING.userBudget;
/** The most calls one budget allows over `ms`: the burst, and what refills meanwhile. */
const budgetOver = (ms: number) => burst + Math.ceil((ms / 60_000) * perMinute);
const madeUp = (tag: string, count: number) => Array.from({ length: count }, (_, i) => `ZL${tag}${i}X`);

interface Entry {
  symbol: string;
  error?: string;
}

/** POST /api/quotes as `user` at `server` (a token from the shared key, with that server's issuer). */
async function ask(server: TestServer, databaseUrl: string | undefined, user: string, symbols: string[]) {
  const config = (await (await fetch(`${server.url}/api/config`)).json()) as { issuer: string; clientId: string };
  const key = await serverSigningKey(server.dataDir, databaseUrl);
  const token = await mintIdToken(key, { iss: config.issuer, aud: config.clientId, sub: `limits-${user}` });
  const response = await fetch(`${server.url}/api/quotes`, {
    method: 'POST',
    headers: { Authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({ symbols, ...RANGE }),
  });
  const body = (await response.json()) as Entry[] | { entries: Entry[] };
  return { status: response.status, entries: Array.isArray(body) ? body : body.entries };
}

const chartCalls = (yahoo: FakeYahooUpstream) => yahoo.requests().filter((request) => request.symbol !== null).length;

const skipReason = postgresSkipReason();
if (skipReason) console.warn(`Shared limits on PostgreSQL: skipped, ${skipReason}.`);

describe.skipIf(skipReason !== undefined)('two instances on one PostgreSQL', () => {
  let postgres: TestPostgres | undefined;
  let schema: TestSchema;
  let yahoo: FakeYahooUpstream;
  const servers: TestServer[] = [];
  const start = async () => {
    const server = await startTestServer({
      DATABASE_URL: schema.connectionString,
      QUOTES_PROVIDER: 'yahoo',
      YAHOO_BASE_URL: yahoo.baseUrl,
    });
    servers.push(server);
    return server;
  };
  beforeAll(async () => {
    postgres = await postgresForTest();
    schema = await createTestSchema(postgres!.url);
    yahoo = await startFakeYahooUpstream();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await yahoo?.close();
    await schema?.drop();
    await postgres?.close();
  });

  it('one user asking A then B gets one budget in all, and B restarted still refuses', async () => {
    const a = await start();
    const b = await start();
    const url = schema.connectionString;
    const started = performance.now();
    const onA = await ask(a, url, 'ann', madeUp('A', burst - 10));
    expect(onA.status).toBe(200);
    const afterA = chartCalls(yahoo);
    expect(afterA).toBe(burst - 10);

    const onB = await ask(b, url, 'ann', madeUp('B', burst - 10));
    expect(onB.status, 'B counts the calls A made').toBe(429);
    const afterB = chartCalls(yahoo);
    expect(afterB).toBeLessThanOrEqual(budgetOver(performance.now() - started));
    expect(onB.entries.filter((entry) => /used your quote charts/.test(entry.error ?? '')).length).toBeGreaterThan(0);
    // Another user has a budget of their own.
    expect((await ask(b, url, 'bob', madeUp('C', 3))).status).toBe(200);

    await b.close();
    const bAgain = await start();
    const before = chartCalls(yahoo);
    const afterRestart = await ask(bAgain, url, 'ann', madeUp('D', 20));
    expect(afterRestart.status, 'a restart does not refill the budget').toBe(429);
    expect(chartCalls(yahoo) - before + afterB - 3).toBeLessThanOrEqual(budgetOver(performance.now() - started));
  }, 90_000);

  it('Yahoo throttling seen by A opens the breaker on B, and on B restarted', async () => {
    const [a, b] = [servers[0]!, servers.at(-1)!];
    const url = schema.connectionString;
    yahoo.setMode('status-429');
    const throttled = await ask(a, url, 'carol', ['MSFT']);
    expect(throttled.entries[0]!.error).toMatch(/429|throttl|rate/i);
    const before = chartCalls(yahoo);
    const onB = await ask(b, url, 'dave', ['AAPL']);
    expect(onB.entries[0]!.error).toMatch(/Yahoo is unreachable/);
    await b.close();
    const bAgain = await start();
    const afterRestart = await ask(bAgain, url, 'erin', ['VWCE.DE']);
    expect(afterRestart.entries[0]!.error).toMatch(/Yahoo is unreachable/);
    expect(chartCalls(yahoo), 'no call went to Yahoo while the breaker was open').toBe(before);
    yahoo.setMode('ok');
  }, 90_000);
});

describe('one SQLite server restarted', () => {
  it('keeps the used budget in its file', async () => {
    const yahoo = await startFakeYahooUpstream();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limits-sqlite-'));
    const env = { DATA_DIR: dataDir, QUOTES_PROVIDER: 'yahoo', YAHOO_BASE_URL: yahoo.baseUrl };
    try {
      const started = performance.now();
      const first = await startTestServer(env);
      expect((await ask(first, undefined, 'ann', madeUp('S', burst + 5))).status).toBe(429);
      const used = chartCalls(yahoo);
      expect(used).toBeGreaterThanOrEqual(burst);
      await first.close();
      const again = await startTestServer(env);
      try {
        expect((await ask(again, undefined, 'ann', madeUp('T', 20))).status).toBe(429);
        expect(chartCalls(yahoo)).toBeLessThanOrEqual(budgetOver(performance.now() - started));
      } finally {
        await again.close();
      }
    } finally {
      await yahoo.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
