/**
 * Issue 20, finding 7, for the symbol search (`POST /api/symbols/resolve`), which shares the quotes'
 * upstream limits: a real server in `yahoo` mode, its upstream a fake Yahoo search on loopback counting
 * every query; users signed in with ID tokens from the server's own key.
 * - made-up ISINs beyond the user's budget never reach Yahoo: they get a problem saying so;
 * - an ISIN Yahoo found nothing for is not searched again (the stored empty lookup);
 * - 10 users resolving the same ISINs while Yahoo is slow make one search per ISIN;
 * - one user's ISINs answered with 500s stop that user's searches only.
 * The rules are in `server/yahoo/upstream-guard.ts`; `tests/integration/server/symbols/resolve.upstream-faults.test.ts`
 * has the faults one by one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidIsin } from '#src/model/symbols';
import { DEFAULT_SYMBOLS_TUNING } from '#server/symbols';
import { mintIdToken, serverSigningKey, type SigningKey } from '#helpers/id-tokens';
import { startTestServer, type TestServer } from '#helpers/test-server';
import { searchAnswers, startFakeYahooSearch, type FakeYahooSearch } from '#helpers/symbols/fake-yahoo-search';
import { recordTally } from '#helpers/hardening/tally';

interface Resolution {
  isin: string;
  chosen: { symbol: string; source: string } | null;
  problem?: string;
}

const { burst, perMinute } = DEFAULT_SYMBOLS_TUNING.userBudget;
let yahoo: FakeYahooSearch;
let server: TestServer;
let key: SigningKey;
let config: { issuer: string; clientId: string };
const tally = { tried: 0, held: 0, requests: 0 };

/** `count` ISINs no exchange lists, their check digits right: `ZZ<tag, 3 digits><6 digits><check>`. */
function madeUpIsins(tag: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const body = `ZZ${String(tag).padStart(3, '0')}${String(i).padStart(6, '0')}`;
    const check = [...'0123456789'].find((digit) => isValidIsin(body + digit))!;
    return body + check;
  });
}

async function resolve(user: string, isins: string[]): Promise<{ status: number; results: Resolution[]; ms: number }> {
  const token = await mintIdToken(key, { iss: config.issuer, aud: config.clientId, sub: `symbols-${user}` });
  const started = performance.now();
  tally.requests += 1;
  const response = await fetch(`${server.url}/api/symbols/resolve`, {
    method: 'POST',
    headers: { Authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({ products: isins.map((isin) => ({ isin })) }),
  });
  const body = (await response.json()) as { results: Resolution[] };
  return { status: response.status, results: body.results, ms: performance.now() - started };
}

function held(check: () => Promise<void>): () => Promise<void> {
  return async () => {
    tally.tried += 1;
    await check();
    tally.held += 1;
  };
}

beforeAll(async () => {
  yahoo = await startFakeYahooSearch(searchAnswers());
  server = await startTestServer({ QUOTES_PROVIDER: 'yahoo', YAHOO_BASE_URL: yahoo.baseUrl });
  config = (await (await fetch(`${server.url}/api/config`)).json()) as typeof config;
  key = await serverSigningKey(server.dataDir);
});

afterAll(async () => {
  recordTally({
    section: 'security',
    check:
      "symbol search: per-user budget of Yahoo searches, found-nothing ISINs not searched again, identical searches coalesced, one user's 500s stop only that user",
    tried: tally.tried,
    held: tally.held,
    requests: tally.requests,
  });
  await server?.close();
  await yahoo?.close();
});

describe('the symbol search', () => {
  it(
    'made-up ISINs beyond the budget never reach Yahoo, and say why; asked again, none does',
    held(async () => {
      const first = await resolve('amplifier', madeUpIsins(1, 200));
      const second = await resolve('amplifier', madeUpIsins(2, 200));
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(yahoo.queries.length).toBeGreaterThan(0);
      expect(yahoo.queries.length).toBeLessThanOrEqual(
        burst + Math.ceil(((first.ms + second.ms) / 60_000) * perMinute),
      );
      const refused = second.results.filter((result) => !yahoo.queries.includes(result.isin));
      expect(refused.length).toBeGreaterThan(0);
      for (const result of refused) {
        expect(result.problem, result.isin).toMatch(
          /used your symbol searches from Yahoo for now .*try again in \d+ s/,
        );
        expect(result.chosen).toBeNull();
      }

      // Found nothing: remembered as an empty lookup, for everyone.
      const searched = yahoo.queries.slice(0, 50);
      const before = yahoo.queries.length;
      const again = await resolve('someone-else', searched);
      expect(again.results.every((result) => result.problem === undefined && result.chosen === null)).toBe(true);
      expect(yahoo.queries.length).toBe(before);
    }),
  );

  it(
    '10 users resolving the same ISIN while Yahoo is slow make one search',
    held(async () => {
      const isins = madeUpIsins(3, 1);
      const before = yahoo.queries.length;
      // Yahoo does not answer it (the call waits out the server's timeout): the others join the call under way.
      yahoo.queue('hang');
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => resolve(`same-${i}`, isins)));
      expect(yahoo.queries.slice(before).sort()).toEqual([...isins].sort());
      for (const answer of answers)
        for (const result of answer.results)
          expect(result.problem).toMatch(/no answer from .* within \d+ ms|unreachable/);
    }),
  );

  it(
    "one user's ISINs answered with 500s stop that user's searches only",
    held(async () => {
      yahoo.always('status-500');
      const mallory = await resolve('mallory', madeUpIsins(4, 8));
      for (const result of mallory.results) expect(result.problem).toMatch(/Yahoo answered 500|unreachable/);
      yahoo.always('ok');

      const before = yahoo.queries.length;
      const alice = await resolve('alice', ['IE00BK5BQT80']);
      expect(alice.results[0]).toMatchObject({ chosen: { symbol: 'VWCE.DE', source: 'lookup' } });
      expect(alice.results[0]!.problem).toBeUndefined();
      expect(yahoo.queries.slice(before)).toEqual(['IE00BK5BQT80']);

      const again = await resolve('mallory', ['DE0007236101']);
      expect(again.results[0]!.problem).toMatch(/unreachable: .*for your recent requests/);
      expect(yahoo.queries.length).toBe(before + 1);
    }),
  );
});
