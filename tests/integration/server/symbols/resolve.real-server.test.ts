/**
 * `/api/symbols` on the real server over HTTP, two real accounts, with a fake Yahoo search on loopback
 * answering recorded answers in Yahoo's shape (QUOTES_PROVIDER=auto, YAHOO_BASE_URL at the fake).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SymbolResolution, SymbolsResolveResponse } from '#src/model';
import { signIn } from '#helpers/oidc-login';
import { startTestServer, type TestServer } from '#helpers/test-server';
import { searchAnswers, startFakeYahooSearch, type FakeYahooSearch } from '#helpers/symbols/fake-yahoo-search';

let server: TestServer;
let fake: FakeYahooSearch;
let alice: string;
let bob: string;

beforeAll(async () => {
  fake = await startFakeYahooSearch(
    searchAnswers({ US0378331005: 'search-AAPL.recorded.json', GB00B3MBS747: 'search-OCDO.L.recorded.json' }),
  );
  server = await startTestServer({ QUOTES_PROVIDER: 'auto', YAHOO_BASE_URL: fake.baseUrl });
  [alice, bob] = await Promise.all([
    signIn(server.url, { username: 'alice', password: 'alice-secret', createAccount: true }).then((s) => s.idToken),
    signIn(server.url, { username: 'bob', password: 'bob-secret!', createAccount: true }).then((s) => s.idToken),
  ]);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

async function call(
  method: string,
  route: string,
  token: string | null,
  body: unknown,
  contentType = 'application/json',
) {
  const headers: Record<string, string> = { 'content-type': contentType };
  if (token) headers.Authorization = token;
  const response = await fetch(`${server.url}/api/symbols/${route}`, {
    method,
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function resolve(token: string, products: unknown[]): Promise<SymbolResolution[]> {
  const { status, body } = await call('POST', 'resolve', token, { products });
  expect(status, JSON.stringify(body)).toBe(200);
  return (body as unknown as SymbolsResolveResponse).results;
}

describe('resolving ISINs', () => {
  it('refuses a caller without an ID token, and asks Yahoo nothing', async () => {
    const { status } = await call('POST', 'resolve', null, { products: [{ isin: 'US0378331005' }] });
    expect(status).toBe(401);
    expect(fake.queries).toEqual([]);
  });

  it('proposes the equity of a real Yahoo answer in the trade currency, never an option or a Crunchbase entry', async () => {
    const [apple] = await resolve(alice, [{ isin: 'US0378331005', name: 'APPLE INC. - COMMON ST', currency: 'USD' }]);
    expect(apple!.chosen).toEqual({ symbol: 'AAPL', source: 'lookup' });
    expect(apple!.candidates[0]).toEqual({
      symbol: 'AAPL',
      name: 'Apple Inc.',
      exchange: 'NMS',
      venue: 'NASDAQ',
      currency: 'USD',
      type: 'EQUITY',
    });
    expect(apple!.candidates.map((c) => c.symbol)).not.toContain('AAPlasma');
    expect(apple!.candidates.slice(-4).every((c) => c.type === 'OPTION')).toBe(true);
    expect(fake.queries).toEqual(['US0378331005']);
    expect(fake.userAgents[0]).toMatch(/Chrome/);
  });

  it('ranks for a EUR trade the main European venues first, and the venue of the trade before all', async () => {
    const [world, sp500] = await resolve(alice, [
      { isin: 'IE00B4L5Y983', currency: 'EUR' },
      { isin: 'IE00B5BMR087', currency: 'EUR', venue: 'XET' },
    ]);
    // Yahoo lists SWDA.L (London, GBP) first; a EUR trade wants Amsterdam.
    expect(world!.candidates.map((c) => c.symbol)).toEqual(['IWDA.AS', 'EUNL.DE', 'SWDA.MI', 'SWDA.L']);
    expect(world!.chosen).toEqual({ symbol: 'IWDA.AS', source: 'lookup' });
    expect(sp500!.chosen).toEqual({ symbol: 'SXR8.DE', source: 'lookup' });
  });

  it('answers from the cache the second time: Yahoo is asked once per ISIN', async () => {
    const before = fake.queries.length;
    const [again] = await resolve(bob, [{ isin: 'IE00B4L5Y983', currency: 'EUR' }]);
    expect(again!.chosen).toEqual({ symbol: 'IWDA.AS', source: 'lookup' });
    expect(fake.queries.length).toBe(before);
  });

  it('falls back to the shipped table when Yahoo knows nothing, and to nothing when neither does', async () => {
    // BMW has no answer at the fake but is in data/isin-tickers.json; the bond is in neither.
    const [bmw, unknown] = await resolve(alice, [{ isin: 'DE0005190003', currency: 'EUR' }, { isin: 'XS2314659447' }]);
    expect(bmw!.chosen).toEqual({ symbol: 'BMW.DE', source: 'table' });
    expect(bmw!.candidates.map((c) => c.symbol)).toEqual(['BMW.DE']);
    expect(unknown).toEqual({ isin: 'XS2314659447', candidates: [], chosen: null });
  });
});

describe('saved choices', () => {
  it('stores a user’s pick and proposes it first to that user only', async () => {
    const saved = await call('PUT', 'choices', alice, { choices: [{ isin: 'IE00B4L5Y983', symbol: 'swda.l' }] });
    expect(saved).toEqual({ status: 200, body: { saved: 1, forgotten: 0 } });
    const [mine] = await resolve(alice, [{ isin: 'IE00B4L5Y983', currency: 'EUR' }]);
    expect(mine!.chosen).toEqual({ symbol: 'SWDA.L', source: 'saved' });
    const [theirs] = await resolve(bob, [{ isin: 'IE00B4L5Y983', currency: 'EUR' }]);
    expect(theirs!.chosen).toEqual({ symbol: 'IWDA.AS', source: 'lookup' });
  });

  it('keeps a typed symbol that no search found, listed with the candidates', async () => {
    await call('PUT', 'choices', alice, { choices: [{ isin: 'XS2314659447', symbol: 'MYBOND.F' }] });
    const [bond] = await resolve(alice, [{ isin: 'XS2314659447' }]);
    expect(bond!.chosen).toEqual({ symbol: 'MYBOND.F', source: 'saved' });
    expect(bond!.candidates.map((c) => c.symbol)).toEqual(['MYBOND.F']);
  });

  it('lists every choice of the user, to that user only, and none without an ID token', async () => {
    const list = async (token: string | null) => {
      const response = await fetch(`${server.url}/api/symbols/choices`, {
        headers: token ? { Authorization: token } : {},
      });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    await call('PUT', 'choices', bob, { choices: [{ isin: 'NL0010273215', symbol: 'ASML.AS' }] });
    const mine = await list(alice);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({
      choices: [
        { isin: 'IE00B4L5Y983', symbol: 'SWDA.L' },
        { isin: 'XS2314659447', symbol: 'MYBOND.F' },
      ],
    });
    expect((await list(bob)).body).toEqual({ choices: [{ isin: 'NL0010273215', symbol: 'ASML.AS' }] });
    expect((await list(null)).status).toBe(401);
  });

  it('forgets a choice saved as null', async () => {
    expect(await call('PUT', 'choices', alice, { choices: [{ isin: 'IE00B4L5Y983', symbol: null }] })).toEqual({
      status: 200,
      body: { saved: 0, forgotten: 1 },
    });
    const [mine] = await resolve(alice, [{ isin: 'IE00B4L5Y983', currency: 'EUR' }]);
    expect(mine!.chosen).toEqual({ symbol: 'IWDA.AS', source: 'lookup' });
  });
});

describe('bad input: a clear 4xx, nothing asked upstream, nothing stored', () => {
  const validIsins = (count: number) => {
    // Real ISINs with their check digit: NL + 9 digits + check, computed here (Luhn over the digit string).
    const isins: string[] = [];
    for (let n = 0; isins.length < count; n++) {
      const body = `NL${String(n).padStart(9, '0')}`;
      for (let check = 0; check <= 9; check++) {
        const digits = `2321${body.slice(2)}${check}`;
        let sum = 0;
        for (let i = digits.length - 1, double = false; i >= 0; i--, double = !double) {
          let d = Number(digits[i]);
          if (double) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
          sum += d;
        }
        if (sum % 10 === 0) {
          isins.push(`${body}${check}`);
          break;
        }
      }
    }
    return isins;
  };

  it('refuses 1,000 ISINs in one request, saying the limit', async () => {
    const before = fake.queries.length;
    const { status, body } = await call('POST', 'resolve', alice, {
      products: validIsins(1000).map((isin) => ({ isin })),
    });
    expect(status).toBe(400);
    expect(JSON.stringify(body.issues)).toContain('at most 200 products a request (got 1000)');
    expect(fake.queries.length).toBe(before);
  });

  it('refuses malformed ISINs and wrong check digits, naming each', async () => {
    const { status, body } = await call('POST', 'resolve', alice, {
      products: [
        { isin: 'US0378331005' },
        { isin: 'APPLE' },
        { isin: 'US0378331006' },
        { isin: 'us0378331005' },
        { isin: 'US0378331005' },
      ],
    });
    expect(status).toBe(400);
    expect(body.issues).toEqual([
      { path: 'products.1.isin', message: expect.stringContaining('not an ISIN') },
      { path: 'products.2.isin', message: 'not an ISIN: its check digit is wrong' },
      { path: 'products.3.isin', message: expect.stringContaining('not an ISIN') },
    ]);
    const repeated = await call('POST', 'resolve', alice, {
      products: [{ isin: 'US0378331005' }, { isin: 'US0378331005' }],
    });
    expect(repeated.body.issues).toEqual([
      { path: 'products.1.isin', message: 'repeats products.0.isin (US0378331005)' },
    ]);
  });

  it('refuses other shapes, other content types, other methods and a body too large', async () => {
    expect((await call('POST', 'resolve', alice, { isins: ['US0378331005'] })).status).toBe(400);
    expect(
      (await call('POST', 'resolve', alice, { products: [{ isin: 'US0378331005', url: 'http://evil' }] })).status,
    ).toBe(400);
    expect((await call('POST', 'resolve', alice, '{"products": [', 'application/json')).body.message).toBe(
      'The request body is not valid JSON.',
    );
    expect((await call('POST', 'resolve', alice, { products: [] }, 'text/plain')).status).toBe(415);
    expect((await call('PUT', 'resolve', alice, { products: [] })).status).toBe(405);
    const huge = await call('POST', 'resolve', alice, {
      products: [{ isin: 'US0378331005', name: 'x'.repeat(100_000) }],
    });
    expect(huge.status).toBe(413);
  });

  it('stores no choice of a request with one bad entry', async () => {
    const { status, body } = await call('PUT', 'choices', alice, {
      choices: [
        { isin: 'DE0005190003', symbol: 'BMW3.DE' },
        { isin: 'US0378331005', symbol: 'AAPL; DROP TABLE' },
      ],
    });
    expect(status).toBe(400);
    expect(body.issues).toEqual([{ path: 'choices.1.symbol', message: expect.stringContaining('not a Yahoo symbol') }]);
    const [bmw] = await resolve(alice, [{ isin: 'DE0005190003', currency: 'EUR' }]);
    expect(bmw!.chosen).toEqual({ symbol: 'BMW.DE', source: 'table' });
  });
});
