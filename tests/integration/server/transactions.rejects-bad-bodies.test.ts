/** What `PUT /api/transactions` refuses (400 with paths, 413, 415) and that the stored set stays as it was. */
import { describe, expect, it } from 'vitest';
import type { Transaction } from '#src/model/transaction';
import { serverForTheSuite, sqliteServer } from '#helpers/server-backends';
import type { TestServer } from '#helpers/test-server';
import { stock, transactionsClient, transactionSet } from '#helpers/transactions-client';

let server: TestServer;
let api: ReturnType<typeof transactionsClient>;
let idToken: string;
const saved = transactionSet({ stock: [stock('VWCE.DE', '2023-05-02', 3, 300)] });

serverForTheSuite(sqliteServer(), ['validation'], async (started, { validation }) => {
  server = started;
  ({ idToken } = validation);
  api = transactionsClient(server.url, idToken);
  await api.put({ transactions: saved });
});

interface Refusal {
  message: string;
  issues?: Array<{ path: string; message: string }>;
}

/** Runs `refused` and checks that the stored set and its version are what they were before. */
async function expectStoredUnchangedBy<T>(refused: () => Promise<T>): Promise<T> {
  const before = await api.get();
  const result = await refused();
  const after = await api.get();
  expect(after.etag).toBe(before.etag);
  expect(after.body).toEqual(before.body);
  return result;
}

describe('400 names every offending path', () => {
  const bad = (transaction: Record<string, unknown>) => ({
    transactions: transactionSet({ stock: [stock('AAPL', '2020-01-01', 1, 1), transaction as unknown as Transaction] }),
  });

  it.each([
    ['a ticker with spaces', { ticker: 'AP PL' }, 'transactions.stock.1.ticker'],
    ['a ticker over 20 characters', { ticker: 'A'.repeat(21) }, 'transactions.stock.1.ticker'],
    ['a date that does not exist', { date: '2023-02-29' }, 'transactions.stock.1.date'],
    ['a date in 1850', { date: '1850-01-01' }, 'transactions.stock.1.date'],
    ['a date with a time', { date: '2023-01-01T10:00:00Z' }, 'transactions.stock.1.date'],
    ['an amount as a string', { amount: '3' }, 'transactions.stock.1.amount'],
    ['a value beyond 1e12', { value: 1e13 }, 'transactions.stock.1.value'],
    ['a currency that is no ISO 4217 code', { currency: 'GBX' }, 'transactions.stock.1.currency'],
    ['a dividend in the stock list', { type: 'dividend' }, 'transactions.stock.1.type'],
    ['an unknown key', { note: 'hi' }, 'transactions.stock.1'],
    ['an empty import id', { importId: '' }, 'transactions.stock.1.importId'],
  ])('%s', async (_name, change, path) => {
    const response = await expectStoredUnchangedBy(() =>
      api.put<Refusal>(bad({ ...stock('AAPL', '2021-01-01', 1, 1), ...change })),
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/not valid/);
    expect(response.body.issues?.map((issue) => issue.path)).toContain(path);
  });

  it('lists several problems at once', async () => {
    const response = await api.put<Refusal>({
      transactions: { stock: [{ ...stock('AAPL', '2021-13-01', 1, 1), currency: 'YEN' }], dividend: 'none' },
    });
    expect(response.status).toBe(400);
    expect(response.body.issues?.map((issue) => issue.path).sort()).toEqual([
      'transactions.commission',
      'transactions.dividend',
      'transactions.stock.0.currency',
      'transactions.stock.0.date',
    ]);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await expectStoredUnchangedBy(() => api.put<Refusal>('{"transactions": '));
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/JSON/);
  });

  it('refuses unknown keys at the top', async () => {
    const response = await api.put<Refusal>({ transactions: saved, extra: true });
    expect(response.status).toBe(400);
    expect(response.body.issues?.[0]?.message).toMatch(/extra/);
  });
});

describe('content type and size', () => {
  it('415 for a body that is not application/json', async () => {
    const response = await expectStoredUnchangedBy(() =>
      api.put<Refusal>({ transactions: transactionSet() }, { contentType: 'text/plain' }),
    );
    expect(response.status).toBe(415);
    expect(response.body.message).toMatch(/application\/json/);
  });

  it('415 without a content type', async () => {
    const response = await fetch(`${server.url}/api/transactions`, {
      method: 'PUT',
      headers: { Authorization: idToken },
      body: new Blob([JSON.stringify({ transactions: transactionSet() })]),
    });
    expect(response.status).toBe(415);
  });

  it('accepts application/json with a charset', async () => {
    const response = await api.put({ transactions: saved }, { contentType: 'application/json; charset=utf-8' });
    expect(response.status).toBe(200);
  });

  it('413 beyond 10 MiB, nothing stored', async () => {
    const huge = JSON.stringify({ transactions: transactionSet() }).replace('[]', `[${' '.repeat(10 * 1024 * 1024)}]`);
    const response = await expectStoredUnchangedBy(() => api.put<Refusal>(huge));
    expect(response.status).toBe(413);
    expect(response.body.message).toMatch(/MiB/);
  });

  it('takes 25,000 transactions with import ids in one PUT', async () => {
    const many = Array.from({ length: 25_000 }, (_, i) =>
      stock(
        'VWCE.DE',
        `20${String(10 + (i % 14)).padStart(2, '0')}-0${1 + (i % 9)}-1${i % 10}`,
        1.2345678,
        -123.456789,
        {
          importId: `degiro:${i.toString(16).padStart(40, '0')}`,
        },
      ),
    );
    const response = await api.put({ transactions: transactionSet({ stock: many }) });
    expect(response.status).toBe(200);
    const stored = await api.get();
    expect(stored.body.transactions.stock).toHaveLength(25_000);
  });
});
