/**
 * The worker checks every answer of our services against its schema (zod/mini): a body of the wrong
 * shape is refused with where and what, in the English the full zod writes; a field the schema does not
 * name yet is passed on. A loopback server stands in for a broken server, which the real one never is.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HttpError, setServiceOrigin, type Credentials } from '#src/worker/services/http';
import { requestQuotes } from '#src/worker/services/quotes-whole';
import { fetchSettings } from '#src/worker/services/settings-api';
import { fetchTransactions } from '#src/worker/services/transactions-api';
import { sendJson, serveOnLoopback, type LoopbackServer } from '#helpers/fake-yahoo';

const credentials: Credentials = { idToken: 'token', xsrfToken: null };
const trade = { ticker: 'VWCE.DE', type: 'stock', date: '2024-01-02', amount: 10, value: 1000, currency: 'EUR' };
/** What the stand-in answers, per path. */
const answers = new Map<string, unknown>();
let server: LoopbackServer;

beforeAll(async () => {
  server = await serveOnLoopback((request, response) =>
    sendJson(response, 200, answers.get(new URL(request.url!, 'http://x').pathname) ?? null),
  );
  setServiceOrigin(server.baseUrl);
});
afterEach(() => answers.clear());
afterAll(async () => {
  setServiceOrigin(undefined);
  await server.close();
});

const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('the answer was accepted');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(HttpError);
      return (error as HttpError).message;
    },
  );

describe('an answer of the wrong shape', () => {
  it('is refused with the path and the English message: a trade amount that is a string', async () => {
    answers.set('/api/transactions', {
      transactions: { stock: [{ ...trade, amount: '10' }], dividend: [], commission: [] },
    });
    expect(await refusalOf(fetchTransactions(credentials))).toBe(
      'The server sent an unexpected response at transactions.stock.0.amount: Invalid input: expected number, received string.',
    );
  });

  it('is refused with the path and the English message: a currency that is no code, a chart whose days are not a list', async () => {
    // The worker checks a stored currency's shape (the server checked the code against ISO 4217).
    answers.set('/api/transactions', {
      transactions: { stock: [{ ...trade, currency: 'euro' }], dividend: [], commission: [] },
    });
    expect(await refusalOf(fetchTransactions(credentials))).toMatch(
      /^The server sent an unexpected response at transactions\.stock\.0\.currency: /,
    );
    answers.set('/api/quotes', [
      {
        symbol: 'VWCE.DE',
        meta: { currency: 'EUR', exchangeTimezoneName: 'Europe/Berlin', dataSource: 'yahoo' },
        days: 'today',
        closes: [],
        dividends: { days: [], amounts: [] },
        splits: { days: [], numerators: [], denominators: [] },
      },
    ]);
    expect(await refusalOf(requestQuotes(credentials, { symbols: ['VWCE.DE'], startSeconds: 0, endSeconds: 1 }))).toBe(
      'Prices could not be loaded: The server sent an unexpected response at 0: Invalid input.',
    );
    answers.set('/api/settings', { settings: 'none' });
    expect(await refusalOf(fetchSettings(credentials))).toBe(
      'The server sent an unexpected response at settings: Invalid input: expected record, received string.',
    );
  });
});

describe('an answer of the right shape', () => {
  it("keeps a stored field the schema does not name yet, and a field of a symbol's quotes it does not name yet", async () => {
    answers.set('/api/transactions', {
      transactions: { stock: [{ ...trade, note: 'kept' }], dividend: [], commission: [] },
    });
    const { transactions } = await fetchTransactions(credentials);
    expect(transactions.stock).toEqual([{ ...trade, note: 'kept' }]);
    const columns = {
      symbol: 'VWCE.DE',
      meta: { currency: 'EUR', exchangeTimezoneName: 'Europe/Berlin', dataSource: 'yahoo', longName: 'kept' },
      days: [19_000],
      closes: [1.5],
      dividends: { days: [], amounts: [] },
      splits: { days: [], numerators: [], denominators: [] },
      volumes: [10],
    };
    answers.set('/api/quotes', [columns, { symbol: 'NOPE', error: 'No data' }]);
    expect(await requestQuotes(credentials, { symbols: ['VWCE.DE', 'NOPE'], startSeconds: 0, endSeconds: 1 })).toEqual([
      columns,
      { symbol: 'NOPE', error: 'No data' },
    ]);
  });
});
