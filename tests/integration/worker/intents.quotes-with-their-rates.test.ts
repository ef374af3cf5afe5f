/**
 * A ticker bought in EUR whose listing is quoted in USD needs EUR=X, which only its quote reveals: the
 * worker's one request names the base currency (`rates`) and the service answers that rate with the
 * quotes, so the page derives once with every price, after one request. Against the real server (recorded
 * AAPL and EUR=X) over a real channel; the worker's requests are watched, not replaced.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Credentials } from '#src/worker';
import type { TestServer } from '#helpers/test-server';
import { stock, transactionsClient, transactionSet } from '#helpers/transactions-client';
import { signedInChannelPerTest, type SignedInChannel } from '#helpers/worker/worker-over-a-channel';

let server: TestServer;
let credentials: Credentials;
let idToken: string;
let channel: SignedInChannel['channel'];
/** The symbols of each `POST /api/quotes` the worker sent, in order, and the base currency each named. */
let quoteRequests: string[][];
let rateBases: Array<string | undefined>;

signedInChannelPerTest('rates', (session) => ({ server, idToken, credentials, channel } = session));
beforeEach(() => {
  quoteRequests = [];
  rateBases = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.endsWith('/api/quotes') && typeof init?.body === 'string') {
      const body = JSON.parse(init.body) as { symbols: string[]; rates?: string };
      quoteRequests.push(body.symbols);
      rateBases.push(body.rates);
    }
    return realFetch(input, init);
  });
});
afterEach(() => vi.restoreAllMocks());

const RANGE = { startSeconds: Date.UTC(2023, 11, 20) / 1000, endSeconds: Date.UTC(2026, 10, 21) / 1000 };

async function loaded(set: Parameters<typeof transactionSet>[0]) {
  await transactionsClient(server.url, idToken).put({ transactions: transactionSet(set) });
  const view = await channel.worker.load(credentials);
  if (!view.ok) throw new Error(view.message);
  return view.needed.symbols;
}

describe('loadQuotes', () => {
  it('gets the rate a quote turns out to need in the same request; one derive then has every price', async () => {
    const needed = await loaded({ stock: [stock('AAPL', '2024-01-02', 10, 1700)] });
    expect(needed, 'bought in EUR: no rate is known to be needed before the quote').toEqual(['AAPL']);

    const prices = await channel.worker.loadQuotes({ symbols: needed, ...RANGE }, credentials);
    expect(prices).toMatchObject({ fetched: ['AAPL', 'EUR=X'], symbols: ['AAPL', 'EUR=X'], errors: {} });
    expect(quoteRequests).toEqual([['AAPL']]);
    expect(rateBases).toEqual(['EUR']);

    const { result } = await channel.worker.derive('2026-11-20', null);
    const aapl = result.tickers['AAPL']!;
    expect(aapl).toMatchObject({ excluded: false, missingSymbols: [], quoteCurrency: 'USD' });
    expect(aapl.portfolioValue).toBeGreaterThan(0);
    expect(result.summary.excludedTickers).toEqual([]);
  });

  it('asks, without a list of its own, for every symbol the set and the settings need, in one request', async () => {
    await loaded({ stock: [stock('AAPL', '2024-01-02', 10, 1700)] });
    const settings = await channel.worker.saveSettings({ benchmark: 'VWCE.DE' }, credentials);
    expect(settings.ok).toBe(true);

    const prices = await channel.worker.loadQuotes(
      { symbols: null, startSeconds: null, endSeconds: RANGE.endSeconds },
      credentials,
    );
    expect(quoteRequests).toEqual([['AAPL', 'VWCE.DE']]);
    expect(prices).toMatchObject({ fetched: ['AAPL', 'VWCE.DE', 'EUR=X'], errors: {} });
    expect(prices.symbols).toEqual(['AAPL', 'EUR=X', 'VWCE.DE']);
  });

  it('asked without a list beside the loads of the set and the settings, waits for them and asks once', async () => {
    await transactionsClient(server.url, idToken).put({
      transactions: transactionSet({ stock: [stock('AAPL', '2024-01-02', 10, 1700)] }),
    });
    // As a first load sends them: the three at once, the prices without a list.
    const [view, settings, prices] = await Promise.all([
      channel.worker.load(credentials),
      channel.worker.loadSettings(credentials),
      channel.worker.loadQuotes({ symbols: null, startSeconds: null, endSeconds: RANGE.endSeconds }, credentials),
    ]);
    expect(view.ok && settings.ok).toBe(true);
    expect(quoteRequests).toEqual([['AAPL']]);
    expect(prices).toMatchObject({ fetched: ['AAPL', 'EUR=X'], symbols: ['AAPL', 'EUR=X'], firstDate: '2024-01-02' });
  });

  it('keeps the quotes when the service has no prices for their rate: the rate is named among the errors', async () => {
    // Bought in CHF, reported in CHF: AAPL's USD prices need CHF=X, which the recorded files do not hold.
    await loaded({ stock: [stock('AAPL', '2024-01-02', 10, 1700, { currency: 'CHF' })] });
    const settings = await channel.worker.saveSettings({ baseCurrency: 'CHF' }, credentials);
    if (!settings.ok) throw new Error(settings.message);
    const needed = settings.needed.symbols;
    expect(needed).toEqual(['AAPL']);

    const prices = await channel.worker.loadQuotes({ symbols: needed, ...RANGE }, credentials);
    expect(prices.fetched).toEqual(['AAPL', 'CHF=X']);
    expect(Object.keys(prices.errors)).toEqual(['CHF=X']);
    expect(quoteRequests).toEqual([['AAPL']]);
    expect(rateBases).toEqual(['CHF']);

    const { result } = await channel.worker.derive('2026-11-20', null);
    expect(result.tickers['AAPL']).toMatchObject({ excluded: true, missingSymbols: ['CHF=X'], quoteCurrency: 'USD' });
  });

  it('asks once when the quote needs no rate', async () => {
    const needed = await loaded({ stock: [stock('VWCE.DE', '2024-01-02', 10, 1000)] });
    const prices = await channel.worker.loadQuotes({ symbols: needed, ...RANGE }, credentials);
    expect(prices).toMatchObject({ fetched: ['VWCE.DE'], symbols: ['VWCE.DE'], errors: {} });
    expect(quoteRequests).toEqual([['VWCE.DE']]);
  });

  it('asks once when the quote fails: no currency is known, so no rate is asked for', async () => {
    const needed = await loaded({ stock: [stock('NOSUCH.AS', '2024-01-02', 5, 1500)] });
    const prices = await channel.worker.loadQuotes({ symbols: needed, ...RANGE }, credentials);
    expect(prices.fetched).toEqual(['NOSUCH.AS']);
    expect(Object.keys(prices.errors)).toEqual(['NOSUCH.AS']);
    expect(quoteRequests).toEqual([['NOSUCH.AS']]);
  });
});
