/**
 * A ticker bought in EUR whose listing is quoted in USD needs EUR=X, which only its quote reveals: the
 * worker fetches that rate in the same `loadQuotes`, so the page derives once with every price. Against
 * the real server (recorded AAPL and EUR=X) over a real channel; the worker's requests are watched, not
 * replaced.
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
/** The symbols of each `POST /api/quotes` the worker sent, in order. */
let quoteRequests: string[][];

signedInChannelPerTest('rates', (session) => ({ server, idToken, credentials, channel } = session));
beforeEach(() => {
  quoteRequests = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.endsWith('/api/quotes') && typeof init?.body === 'string')
      quoteRequests.push((JSON.parse(init.body) as { symbols: string[] }).symbols);
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
  it('fetches the rate a quote turns out to need in the same call; one derive then has every price', async () => {
    const needed = await loaded({ stock: [stock('AAPL', '2024-01-02', 10, 1700)] });
    expect(needed, 'bought in EUR: no rate is known to be needed before the quote').toEqual(['AAPL']);

    const prices = await channel.worker.loadQuotes({ symbols: needed, ...RANGE }, credentials);
    expect(prices).toMatchObject({ fetched: ['AAPL', 'EUR=X'], symbols: ['AAPL', 'EUR=X'], errors: {} });
    expect(quoteRequests).toEqual([['AAPL'], ['EUR=X']]);

    const { result } = await channel.worker.derive('2026-11-20', null);
    const aapl = result.tickers['AAPL']!;
    expect(aapl).toMatchObject({ excluded: false, missingSymbols: [], quoteCurrency: 'USD' });
    expect(aapl.portfolioValue).toBeGreaterThan(0);
    expect(result.summary.excludedTickers).toEqual([]);
  });

  it('keeps the quotes when the request for their rate fails: the rate is named among the errors', async () => {
    const needed = await loaded({ stock: [stock('AAPL', '2024-01-02', 10, 1700)] });
    // The connection drops for the rate's request only (the server is never reached).
    const throughServer = vi.mocked(globalThis.fetch).getMockImplementation()!;
    vi.mocked(globalThis.fetch).mockImplementation((input, init) => {
      const body = typeof init?.body === 'string' ? init.body : '';
      if (body.includes('"EUR=X"')) {
        quoteRequests.push(['EUR=X']);
        return Promise.reject(new TypeError('fetch failed'));
      }
      return throughServer(input, init);
    });

    const prices = await channel.worker.loadQuotes({ symbols: needed, ...RANGE }, credentials);
    expect(prices.fetched).toEqual(['AAPL', 'EUR=X']);
    expect(Object.keys(prices.errors)).toEqual(['EUR=X']);
    expect(prices.errors['EUR=X']).toMatch(/fetch failed/);
    expect(quoteRequests).toEqual([['AAPL'], ['EUR=X']]);

    const { result } = await channel.worker.derive('2026-11-20', null);
    expect(result.tickers['AAPL']).toMatchObject({ excluded: true, missingSymbols: ['EUR=X'], quoteCurrency: 'USD' });
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
