/**
 * Issue 20, finding 7: `POST /api/quotes` must not let users make the server hammer Yahoo, nor let one
 * user switch everybody to fail-fast. Real server in `yahoo` mode, its upstream the fake Yahoo on loopback
 * counting every call; users signed in with ID tokens from the server's own key (as `npm run bench:load`).
 * - 100 made-up symbols: at most the user's budget reaches Yahoo; the rest is refused with 429,
 *   `Retry-After` and a message;
 * - a symbol Yahoo said it does not know never reaches it again (any user, any range, after a restart);
 * - 10 requests at once from one user, and from 10 users: bounded by one budget, and by ten;
 * - concurrent identical requests make one upstream call;
 * - one user's symbols answered with 500s open the breaker for that user only; three users' do for all.
 * The budget and the breaker's rules are in `server/yahoo/upstream-guard.ts`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TUNING } from '#server/quotes/quotes-service';
import { USERS_TO_OPEN_FOR_EVERYONE } from '#server/yahoo/circuit-breaker';
import { mintIdToken, serverSigningKey, type SigningKey } from '#helpers/id-tokens';
import { startTestServer, type TestServer } from '#helpers/test-server';
import { startFakeYahooUpstream, type FakeYahooUpstream } from '#helpers/hardening/fake-yahoo-upstream';
import { recordTally } from '#helpers/hardening/tally';

interface QuoteEntry {
  symbol: string;
  meta?: { dataSource: string };
  days?: number[];
  error?: string;
}
interface Answer {
  status: number;
  retryAfter: string | null;
  body: QuoteEntry[] | { message: string; retryAfterSeconds: number; entries: QuoteEntry[] };
  ms: number;
}

const RANGE = { start: Date.UTC(2023, 0, 1) / 1000, end: Date.UTC(2023, 6, 1) / 1000 };
const OTHER_RANGE = { start: Date.UTC(2021, 0, 1) / 1000, end: Date.UTC(2022, 0, 1) / 1000 };
const { burst, perMinute } = DEFAULT_TUNING.userBudget;
const tally = { tried: 0, held: 0, requests: 0 };

/** Made-up symbols that pass the request's checks: `ZQ<tag><n>X`. */
const madeUp = (tag: string, count: number) => Array.from({ length: count }, (_, i) => `ZQ${tag}${i}X`);

/** The most calls a user's budget allows over `ms`: the burst, and what refills meanwhile. */
const budgetOver = (ms: number) => burst + Math.ceil((ms / 60_000) * perMinute);

interface Running {
  yahoo: FakeYahooUpstream;
  server: TestServer;
  key: SigningKey;
  issuer: string;
  clientId: string;
  dataDir: string;
}

async function start(dataDir: string, yahoo: FakeYahooUpstream): Promise<Running> {
  const server = await startTestServer({ DATA_DIR: dataDir, QUOTES_PROVIDER: 'yahoo', YAHOO_BASE_URL: yahoo.baseUrl });
  const config = (await (await fetch(`${server.url}/api/config`)).json()) as { issuer: string; clientId: string };
  return {
    yahoo,
    server,
    key: await serverSigningKey(dataDir),
    issuer: config.issuer,
    clientId: config.clientId,
    dataDir,
  };
}

async function ask(running: Running, user: string, symbols: string[], range = RANGE): Promise<Answer> {
  const token = await mintIdToken(running.key, { iss: running.issuer, aud: running.clientId, sub: `quotes-${user}` });
  const started = performance.now();
  tally.requests += 1;
  const response = await fetch(`${running.server.url}/api/quotes`, {
    method: 'POST',
    headers: { Authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({ symbols, ...range }),
  });
  const body = (await response.json()) as Answer['body'];
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body,
    ms: performance.now() - started,
  };
}

const entriesOf = (answer: Answer): QuoteEntry[] => (Array.isArray(answer.body) ? answer.body : answer.body.entries);

/** The chart calls that reached the fake Yahoo since `from` (an index into its log), by symbol. */
const chartCallsSince = (yahoo: FakeYahooUpstream, from: number) =>
  yahoo
    .requests()
    .slice(from)
    .map((request) => request.symbol)
    .filter((symbol): symbol is string => symbol !== null);

function held(check: () => void | Promise<void>): () => Promise<void> {
  return async () => {
    tally.tried += 1;
    await check();
    tally.held += 1;
  };
}

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  recordTally({
    section: 'security',
    check:
      'quotes: per-user budget of Yahoo calls (429 + Retry-After), unknown symbols remembered, identical calls coalesced, one user cannot open the breaker for all',
    tried: tally.tried,
    held: tally.held,
    requests: tally.requests,
  });
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function fresh(): Promise<Running> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hardening-quotes-budget-'));
  const yahoo = await startFakeYahooUpstream();
  const running = await start(dataDir, yahoo);
  cleanups.push(
    () => yahoo.close(),
    () => Promise.resolve(fs.rmSync(dataDir, { recursive: true, force: true })),
  );
  cleanups.push(() => running.server.close());
  return running;
}

describe('the budget and the unknown-symbol memory', () => {
  let running: Running;
  beforeAll(async () => {
    running = await fresh();
  });

  it(
    '100 made-up symbols: at most the budget reaches Yahoo, the rest is refused with 429, Retry-After and a message',
    held(async () => {
      const symbols = madeUp('A', 100);
      const answer = await ask(running, 'amplifier', symbols);
      const calls = chartCallsSince(running.yahoo, 0);
      expect(calls.length).toBeGreaterThan(0);
      expect(calls.length).toBeLessThanOrEqual(budgetOver(answer.ms));
      expect(new Set(calls).size, 'a symbol went upstream twice').toBe(calls.length);
      expect(answer.status).toBe(429);
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      const body = answer.body as { message: string; retryAfterSeconds: number; entries: QuoteEntry[] };
      expect(body.message).toMatch(
        new RegExp(
          `used your quote charts from Yahoo for now \\(${burst} at once, then ${perMinute} a minute\\); try again in \\d+ s`,
        ),
      );
      expect(body.retryAfterSeconds).toBe(Number(answer.retryAfter));
      expect(body.entries.map((entry) => entry.symbol)).toEqual(symbols);
      for (const entry of body.entries) {
        expect(entry.error, entry.symbol).toMatch(
          calls.includes(entry.symbol) ? /Yahoo answered 404/ : /used your quote charts/,
        );
      }
    }),
  );

  it(
    'the symbols Yahoo did not know never reach it again: another user, another range, after a restart',
    held(async () => {
      const known404 = chartCallsSince(running.yahoo, 0);
      const before = running.yahoo.requestCount();
      for (const range of [RANGE, OTHER_RANGE]) {
        const answer = await ask(running, 'someone-else', known404, range);
        expect(answer.status).toBe(200);
        for (const entry of entriesOf(answer))
          expect(entry.error, entry.symbol).toMatch(/Yahoo answered 404.*remembered/);
      }
      expect(running.yahoo.requestCount() - before).toBe(0);

      // The memory is the quotes cache's table (migration 8), not the process's.
      await running.server.close();
      running = await start(running.dataDir, running.yahoo);
      cleanups.push(() => running.server.close());
      const afterRestart = await ask(running, 'third-user', known404.slice(0, 20), OTHER_RANGE);
      expect(afterRestart.status).toBe(200);
      expect(running.yahoo.requestCount() - before).toBe(0);
    }),
  );

  it(
    'one user, 10 requests at once of 100 new made-up symbols each: one budget in all',
    held(async () => {
      const before = running.yahoo.requestCount();
      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => ask(running, 'parallel', madeUp(`P${i}N`, 100))),
      );
      const calls = chartCallsSince(running.yahoo, before).length;
      expect(calls).toBeGreaterThan(0);
      expect(calls).toBeLessThanOrEqual(budgetOver(performance.now() - started));
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 429));
    }),
  );

  it(
    '10 users at once, 100 new made-up symbols each: bounded by their ten budgets',
    held(async () => {
      const before = running.yahoo.requestCount();
      const started = performance.now();
      await Promise.all(Array.from({ length: 10 }, (_, i) => ask(running, `crowd-${i}`, madeUp(`C${i}N`, 100))));
      const calls = chartCallsSince(running.yahoo, before).length;
      expect(calls).toBeGreaterThan(0);
      expect(calls).toBeLessThanOrEqual(10 * budgetOver(performance.now() - started));
    }),
  );

  it(
    'concurrent identical requests from 10 users make one upstream call per symbol',
    held(async () => {
      const before = running.yahoo.requestCount();
      const symbols = ['MSFT', 'AAPL', 'ZQSAMEX'];
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => ask(running, `same-${i}`, symbols)));
      expect(chartCallsSince(running.yahoo, before).sort()).toEqual([...symbols].sort());
      for (const answer of answers) {
        const [msft, aapl, fake] = entriesOf(answer);
        expect(msft!.days, JSON.stringify(msft)).toBeDefined();
        expect(aapl!.days, JSON.stringify(aapl)).toBeDefined();
        expect(fake!.error).toMatch(/Yahoo answered 404/);
      }
    }),
  );
});

describe('the circuit breaker', () => {
  let running: Running;
  beforeAll(async () => {
    running = await fresh();
  });

  it(
    "one user's made-up symbols answered with 500s open the breaker for that user only",
    held(async () => {
      running.yahoo.setMode('status-500');
      const bad = await ask(running, 'breaker-mallory', madeUp('M', 12));
      for (const entry of entriesOf(bad)) expect(entry.error, entry.symbol).toMatch(/Yahoo answered 500|unreachable/);
      // The first calls failed; the user's next ones failed fast without going out.
      expect(new Set(chartCallsSince(running.yahoo, 0)).size).toBeLessThanOrEqual(DEFAULT_TUNING.concurrency);

      running.yahoo.setMode('ok');
      const before = running.yahoo.requestCount();
      const other = await ask(running, 'breaker-alice', ['MSFT']);
      expect(other.status).toBe(200);
      expect(entriesOf(other)[0]!.meta?.dataSource).toBe('yahoo');
      expect(chartCallsSince(running.yahoo, before)).toEqual(['MSFT']);

      // A real symbol not cached yet (MSFT now is: it would come from the cache without asking Yahoo).
      const again = running.yahoo.requestCount();
      const mallory = await ask(running, 'breaker-mallory', ['VWCE.DE']);
      expect(entriesOf(mallory)[0]!.error).toMatch(/unreachable: .*for your recent requests.*next try in \d+ s/);
      expect(running.yahoo.requestCount()).toBe(again);
    }),
  );

  it(
    `${USERS_TO_OPEN_FOR_EVERYONE} different users failing so open it for everyone`,
    held(async () => {
      // Mallory's failure above still counts; two more users make three.
      running.yahoo.setMode('status-500');
      for (const user of ['breaker-trent', 'breaker-eve']) {
        const answer = await ask(running, user, madeUp(user.slice(-4).toUpperCase(), 1));
        expect(entriesOf(answer)[0]!.error).toMatch(/Yahoo answered 500/);
      }
      running.yahoo.setMode('ok');
      const before = running.yahoo.requestCount();
      const bystander = await ask(running, 'breaker-bob', ['AAPL']);
      expect(entriesOf(bystander)[0]!.error).toMatch(/unreachable: .*other users.*next try in \d+ s/);
      expect(running.yahoo.requestCount()).toBe(before);
    }),
  );
});
